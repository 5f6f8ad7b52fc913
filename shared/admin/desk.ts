import type { Enquiry } from '../enquiry/enquiry.js';
import type { MailboxStatus } from '../enquiry/mailbox-status.js';
import type { EventKind, TimelineItem } from '../enquiry/thread.js';
import type { ReplyDraft, Replying } from './reply.js';
import type { ReplyTemplate } from './templates.js';
import type { AdminView, EnquiryFilter } from './filter.js';
import type { SignedIn } from './session.js';
import type { SetupCard } from './setup.js';
import type { QuotationRevision } from '../quotations/revisions.js';

/**
 * The form that takes an action back: where it posts and the fields it sends (the same a page's own
 * form sends there). `undo` marks it as an Undo, so what it did is not offered to be undone again.
 */
export interface UndoForm {
  path: string;
  fields: Record<string, string | number | number[]>;
}

/** What the desk says after an action (the status message), and how to take it back when it can be. */
export interface Done {
  message: string;
  undo: UndoForm | null;
}

/** Enquiries rendered at once; older ones follow page by page. */
export const ADMIN_PAGE_SIZE = 50;

/** What the admin can do to one enquiry (POST /admin/enquiries/:id/:action). */
export const ENQUIRY_ACTIONS = [
  'read',
  'unread',
  'star',
  'unstar',
  'trash',
  'restore',
  'purge',
  'resend',
  'spam',
  'notspam',
] as const;
export type EnquiryAction = (typeof ENQUIRY_ACTIONS)[number];

/** What can be done to the selected cards at once, by view (POST /admin/enquiries/bulk). */
export const BULK_ACTIONS: Record<AdminView, readonly BulkAction[]> = {
  inbox: ['read', 'unread', 'trash', 'spam'],
  unread: ['read', 'unread', 'trash', 'spam'],
  starred: ['read', 'unread', 'trash', 'spam'],
  due: ['read', 'unread', 'trash', 'spam'],
  awaiting: ['read', 'unread', 'trash', 'spam'],
  spam: ['notspam', 'trash'],
  trash: ['restore', 'purge'],
};
export type BulkAction = Exclude<EnquiryAction, 'star' | 'unstar' | 'resend'>;

/** The actions the enquiry's timeline records, as its events (the stage's are recorded by the stage form). */
export const EVENT_OF_ACTION: Partial<Record<EnquiryAction, EventKind>> = {
  spam: 'spam',
  notspam: 'notspam',
  trash: 'trash',
  restore: 'restore',
};
export const ACTION_LABELS: Record<EnquiryAction, string> = {
  read: 'Mark as read',
  unread: 'Mark as unread',
  star: 'Star',
  unstar: 'Unstar',
  trash: 'Move to trash',
  restore: 'Restore',
  purge: 'Delete permanently',
  resend: 'E-mail this enquiry to us again',
  spam: 'Mark as spam',
  notspam: 'Not spam',
};
/** Why an enquiry is in Spam when the admin put it there. */
export const ADMIN_SPAM_REASON = 'Marked as spam by the admin.';
export const confirmBulkPurge = (count: number) =>
  `Delete ${count} ${count === 1 ? 'enquiry' : 'enquiries'} permanently? ${count === 1 ? 'It' : 'They'} cannot be restored.`;

/** Enquiries per week (oldest first) and per product, for the charts above the list. */
export interface EnquiryStats {
  weeks: { start: string; count: number }[];
  products: { label: string; count: number }[];
}

export interface EnquiryList {
  /** In the inbox (neither spam nor in Trash): the spec's Total Enquiries. */
  total: number;
  /** In the current view, search and filters: the spec's Filtered Results. */
  filtered: number;
  unread: number;
  /** In Spam (filed there by the site's rules or by the admin), shown beside the unread count. */
  spam: number;
  /** Follow-ups due today or overdue (the Due view), in the inbox. */
  due: number;
  /** Threads whose last message is the buyer's (the Awaiting us view), in the inbox. */
  awaiting: number;
  /** The enquiries with mail kept aside for the admin (its sender not the buyer), oldest first, at most 20. */
  keptAside: { enquiryId: number; count: number }[];
  enquiries: Enquiry[];
  /** Cursor of the next (older) page, if any. */
  next: string | null;
}

/** /admin: the enquiry desk's list. */
export interface AdminSignedIn extends EnquiryList, SignedIn {
  screen: 'enquiries';
  filter: EnquiryFilter;
  /** Cursor this page starts after (a later page of the list), when not the first page. */
  after: string | null;
  /** Every row on the page ticked ("Select all" without JavaScript). */
  selectAll: boolean;
  /** What the last action did, with its Undo (shown once, after the redirect of a form without JavaScript). */
  done: Done | null;
  /** The site's clock when the page was made: rows of that day show their time, older ones their day. */
  now: string;
  /** How reading buyers' replies from the mailbox goes (IMAP_URL); null when it is not set. */
  mailbox?: MailboxStatus | null;
  /** The first day's checks (shared/admin/setup.ts), until the admin dismisses them; null then. */
  setup?: SetupCard | null;
}

/** /admin/enquiries/<n>: one enquiry, opened from the list (whose filter and page it goes back to). */
/** A message that names this enquiry but is not from its buyer alone, kept aside for the admin (issue 40). */
export interface KeptAsideMessage {
  id: number;
  sender: string;
  subject: string;
  /** Its Date header, when it had a readable one. */
  sentAt: string | null;
  keptAt: string;
  body: string;
  /** Its attachments, which were not stored. */
  attachments: { name: string; size: number }[];
}

export interface AdminEnquiryPage extends SignedIn {
  screen: 'enquiry';
  enquiry: Enquiry;
  /** The enquiry, its replies both ways, notes and what was done to it, in time order. */
  timeline: TimelineItem[];
  /** The links in the buyer's replies are clickable (the admin chose so: links=1 in the address). */
  links: boolean;
  /** Every message of the thread open (`?thread=all`); otherwise the newest only, the older ones folded to a line. */
  threadAll: boolean;
  filter: EnquiryFilter;
  after: string | null;
  /** The enquiries before and after it in the list's order (newer, older), when there are. */
  newer: number | null;
  older: number | null;
  /** Mail naming it from someone other than its buyer, to attach to the thread or discard. */
  keptAside: KeptAsideMessage[];
  done: Done | null;
  /** Whether a reply can be sent from this page (shared/admin/reply.ts), and a refused one's text and errors. */
  replying: Replying;
  replyDraft?: ReplyDraft;
  /** The signature a reply starts with (the owner's, else the company's details). */
  replySignature?: string;
  /** The reply templates (shared/admin/templates.ts), filled for this enquiry: the reply form's choice. */
  replyTemplates?: ReplyTemplate[];
  /** The revisions of its quotation, oldest first (absent where the page is shown again after a refused reply). */
  quotations?: QuotationRevision[];
}
