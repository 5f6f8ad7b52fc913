/**
 * Where an e-mail the site sends stands: the notification of an enquiry, a reply from the desk. Sent
 * once the SMTP server accepted it; pending while retries remain; failed after the last.
 */
export interface DeliveryState {
  status: 'pending' | 'sent' | 'failed';
  /** The last failure's message, while pending a retry or failed. */
  error: string | null;
  tries: number;
}
