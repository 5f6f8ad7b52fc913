import type { DeliveryState } from './delivery.js';
import type { Drawing } from './quote.js';

/** Whose turn it is in an enquiry's thread: ours after the enquiry or a buyer's reply, the buyer's after our reply. */
export type Awaiting = 'us' | 'buyer';
export const AWAITING_LABELS: Record<Awaiting, string> = { us: 'awaiting us', buyer: 'awaiting buyer' };

/** A next-action date on an open enquiry: a calendar day in the site's time zone, and a short reminder. */
export interface FollowUp {
  /** YYYY-MM-DD. */
  on: string;
  note: string;
}
export const MAX_FOLLOW_UP_NOTE = 200;

/** An e-mail of the thread besides the enquiry itself. */
export interface ThreadMessage {
  id: number;
  direction: 'sent' | 'received';
  /** Received from a program (an out-of-office, an autoresponder), not the buyer's answer. */
  automatic: boolean;
  /** Received, and the receiving server's DMARC check failed: its From may be forged. */
  dmarcFailed: boolean;
  /** Sent: the admin's address (who sent it). Received: the sender's address. */
  sender: string;
  recipient: string;
  /** A sent reply's copies: CC (in its headers) and BCC (for the desk only); empty when none, or received. */
  cc: string[];
  bcc: string[];
  subject: string;
  /** Plain text, shown as text (never HTML). */
  body: string;
  at: string;
  /** The files it carried. */
  files: Drawing[];
  /**
   * The ids of those files we sent (uploaded with a reply, a quotation's PDF), as opposed to the
   * buyer's drawings attached again; none for a received message.
   */
  ours?: number[];
  /** A sent reply's delivery (the same states as the enquiry's notification); null when received. */
  delivery: DeliveryState | null;
}

/** What was done to an enquiry, for its timeline (enquiry_events.kind). */
export const EVENT_KINDS = ['stage', 'spam', 'notspam', 'trash', 'restore', 'follow-up'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One entry of an enquiry's timeline, in time order; `who` is the admin's or the buyer's address, or 'system'. */
export type TimelineItem =
  | { kind: 'enquiry'; at: string; who: string }
  | { kind: 'message'; at: string; who: string; message: ThreadMessage }
  | { kind: 'note'; at: string; who: string | null; body: string }
  | { kind: 'event'; at: string; who: string; event: EventKind; detail: string | null };
