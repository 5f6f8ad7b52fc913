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

/** Where an enquiry's replies stand when one is not yet accepted by the mail server (failed outranks pending). */
export interface ReplyDelivery {
  status: 'pending' | 'failed';
  /** That reply's last error (null: being sent, not yet tried). */
  error: string | null;
}

/** A mail server's error as a person says it (the technical message stays in the timeline's details). */
const PLAIN_MAIL_ERRORS: [pattern: RegExp, words: string][] = [
  [/ECONNREFUSED/, 'the mail server refused the connection'],
  [/ENOTFOUND|EAI_AGAIN/, 'the mail server’s name could not be found'],
  [/ETIMEDOUT|timed? ?out|Timeout/i, 'the mail server did not answer in time'],
  [/ECONNRESET|EPIPE|closed/i, 'the mail server closed the connection'],
  [/EAUTH|auth|535|534/i, 'the mail server refused the sign-in (check SMTP_URL’s user and password)'],
  [/recipient|mailbox unavailable|user unknown|550|553/i, 'the mail server refused the buyer’s address'],
  [/certificate|TLS|SSL/i, 'the secure connection to the mail server failed'],
  [/\b4\d\d\b|busy|try later/i, 'the mail server is busy and asked to try later'],
];

/** "the mail server refused the connection": why an e-mail was not sent, in plain words. */
export function plainMailError(error: string | null): string {
  if (!error) return 'the mail server gave no reason';
  return PLAIN_MAIL_ERRORS.find(([pattern]) => pattern.test(error))?.[1] ?? 'the mail server refused it';
}

/** "Not sent — the mail server refused the connection": a reply's row and heading, while it is not sent. */
export function replyNotSentText(delivery: ReplyDelivery): string {
  if (delivery.status === 'failed') return `Not sent — ${plainMailError(delivery.error)}`;
  if (!delivery.error) return 'Being sent';
  return `Not sent yet — ${plainMailError(delivery.error)}; trying again`;
}

/** "Acknowledgement to the buyer sent.": where an enquiry's notification or acknowledgement stands, in words. */
export function deliveryText(what: string, state: DeliveryState): string {
  if (state.status === 'sent') return `${what} sent.`;
  if (state.status === 'failed') return `${what} failed: ${state.error ?? 'unknown error'}.`;
  return state.error ? `${what} not sent yet (${state.error}); it is tried again shortly.` : `${what} on its way.`;
}
