import type { Drawing } from './quote.js';
import type { EnquiryInput } from './validation.js';

/** A stored enquiry as the admin sees it: what was submitted, plus what the server added. */
export type Enquiry = EnquiryInput & {
  id: number;
  /** ISO 8601 UTC, set by the server when the enquiry was stored. */
  createdAt: string;
  status: 'new';
  drawings: Drawing[];
};
