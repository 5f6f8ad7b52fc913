import type { Drawing } from './quote.js';
import type { EnquiryInput } from './validation.js';

/** Where the e-mail about an enquiry stands (null when no SMTP server was configured for it). */
export interface NotificationState {
  status: 'pending' | 'sent' | 'failed';
  /** The last failure's message, while pending a retry or failed. */
  error: string | null;
  tries: number;
}

/** A stored enquiry as the admin sees it: what was submitted, plus what the server added. */
export type Enquiry = EnquiryInput & {
  id: number;
  /** ISO 8601 UTC, set by the server when the enquiry was stored. */
  createdAt: string;
  status: 'new' | 'open' | 'quoted' | 'won' | 'lost';
  /** The admin has opened it (or marked it read). */
  read: boolean;
  starred: boolean;
  /** In Trash since then; null when not. */
  trashedAt: string | null;
  drawings: Drawing[];
  notification: NotificationState | null;
};
