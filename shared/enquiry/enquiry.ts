/** A stored enquiry as the admin sees it. */
export interface Enquiry {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  subject: string;
  message: string;
  /** ISO 8601 UTC, set by the server when the enquiry was stored. */
  createdAt: string;
  status: 'new';
}
