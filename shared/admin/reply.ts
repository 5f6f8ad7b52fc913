import type { Enquiry } from '../enquiry/enquiry.js';
import type { TimelineItem } from '../enquiry/thread.js';

/** The longest reply the desk sends (about ten pages of text). */
export const MAX_REPLY_LENGTH = 20_000;

/** The reply form's fields: the text, the enquiry's drawings ticked to attach, and new files. */
export const REPLY_FIELDS = {
  body: 'body',
  attach: 'attach',
  files: 'files',
  key: 'key',
  replaces: 'replaces',
  signature: 'signature',
  cc: 'cc',
  bcc: 'bcc',
} as const;

/** The longest signature (a few lines of the company's details). */
export const MAX_SIGNATURE_LENGTH = 1_000;

/**
 * A reply form's key: a random UUID the server puts in each form it renders, and the reply's
 * Message-ID is made from. The same form sent twice (a double click, a resend) stores one reply.
 */
export const REPLY_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether the desk can send a reply from the enquiry's page, and to whom; if not, why. */
export type Replying = { enabled: true; to: string; key: string } | { enabled: false; why: string };

export const NO_SMTP_REASON =
  'Replies cannot be sent from here: no mail server is configured (SMTP_URL and NOTIFY_TO). Reply by e-mail or WhatsApp below.';
export const NO_EMAIL_REASON =
  'Replies cannot be sent from here: the buyer gave no e-mail address. Reply on WhatsApp below.';

/** `key`: the form's key (REPLY_KEY), new for each form rendered. */
export function replyingOf(enquiry: Pick<Enquiry, 'email'>, mailConfigured: boolean, key: string): Replying {
  if (!mailConfigured) return { enabled: false, why: NO_SMTP_REASON };
  if (!enquiry.email) return { enabled: false, why: NO_EMAIL_REASON };
  return { enabled: true, to: enquiry.email, key };
}

/** Why a reply was not sent, by field. */
export interface ReplyErrors {
  body?: string;
  files?: string;
  cc?: string;
  bcc?: string;
  /** About the whole form (storage failed, the enquiry cannot be replied to). */
  form?: string;
}

/** A reply sent back without JavaScript: what was typed and ticked, with why it was refused. */
/** What the reply form holds, as its draft keeps it: the signature only when changed for this reply (null: the usual one), the copies as typed. */
export interface TypedReply {
  body: string;
  signature: string | null;
  cc: string;
  bcc: string;
}

export interface ReplyDraft {
  body: string;
  attach: number[];
  /** The form's key, sent again with the corrected reply. */
  key: string;
  errors: ReplyErrors;
  /** Edit of a reply that was not sent: its id, taken back when this one is stored. */
  replaces?: number | null;
  /** This reply's signature as edited in the form (absent: the usual one). */
  signature?: string;
  /** The CC and BCC fields as typed (absent: empty). */
  cc?: string;
  bcc?: string;
  /** When the server kept it as the enquiry's draft (absent: it is not a kept draft). */
  savedAt?: string;
}

/** The answer to a draft kept with JavaScript (POST …/draft): when it was saved. */
export interface DraftSaved {
  savedAt: string;
}

/** The company's details a reply is signed with when the owner has not written a signature. */
export function defaultSignature(company: { name: string; phones: readonly string[] }, siteUrl: string): string {
  return [company.name, company.phones[0], siteUrl.replace(/\/$/, '')].filter(Boolean).join('\n');
}

/** The answer to a reply sent with JavaScript: what it did, and the enquiry and its timeline as they are now. */
export interface ReplySent {
  /** What it did (a Done of desk.ts: a reply has no Undo). */
  done: { message: string; undo: null };
  enquiry: Enquiry;
  timeline: TimelineItem[];
  /** The key of the form's next reply. */
  key: string;
}

/** What a refused reply answers with JavaScript. */
export interface ReplyRefused {
  error: string;
  message: string;
  errors: ReplyErrors;
}

/** "Reply sent to …" as honest as the queue: it is stored, and on its way. */
export const replyDoneMessage = (to: string) =>
  `Reply saved and being sent to ${to}; its delivery shows in the timeline.`;

/** A reply that was not sent, tried again from the start by its Retry. */
export const replyRetriedMessage = (to: string) =>
  `Trying again to send the reply to ${to}; its delivery shows in the timeline.`;

/** The query that opens an enquiry's page with a reply that was not sent in its form, to edit and send again. */
export const EDIT_REPLY_QUERY = 'edit';
