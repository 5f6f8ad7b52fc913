import type { LanguageCode } from '../i18n/languages.js';
import type { LeadSource } from './lead-source.js';
import type { DeliveryState, ReplyDelivery } from './delivery.js';
import type { Drawing } from './quote.js';
import type { Awaiting, FollowUp } from './thread.js';
import type { EnquiryInput } from './validation.js';

/** Where the e-mail about an enquiry stands (null when no SMTP server was configured for it). */
export type NotificationState = DeliveryState;

/** The stages of a sale; New is the spec's status at creation. */
export const STAGES = ['new', 'open', 'quoted', 'won', 'lost'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, string> = {
  new: 'New',
  open: 'Open',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};
export const MAX_NOTE_LENGTH = 2000;

/** An internal note on an enquiry: for the admin only, never shown to the buyer. */
export interface Note {
  id: number;
  body: string;
  createdAt: string;
  /** The admin's address (null for notes written before it was kept). */
  author: string | null;
}

/** A stored enquiry as the admin sees it: what was submitted, plus what the server added. */
export type Enquiry = EnquiryInput & {
  id: number;
  /** ISO 8601 UTC, set by the server when the enquiry was stored. */
  createdAt: string;
  status: Stage;
  /** The admin has opened it (or marked it read). */
  read: boolean;
  starred: boolean;
  /** The same enquiry sent again by the same sender within minutes: stored once, counted here. */
  repeats: number;
  /** In Trash since then; null when not. */
  trashedAt: string | null;
  /** Why it was put in Spam (a heuristic, or the admin); null when it is not spam. */
  spamReason: string | null;
  drawings: Drawing[];
  notes: Note[];
  notification: NotificationState | null;
  /** Where the acknowledgement e-mail to the buyer stands; null when none is sent (see docs/enquiry-desk.md). */
  acknowledgement: DeliveryState | null;
  /** Where the lead came from (its visit's landing page, referrer and campaign), as far as is known. */
  source: LeadSource;
  /** Whose turn it is; null once nobody's (answered before the desk could reply). */
  awaiting: Awaiting | null;
  /** When the thread's last message came (the enquiry itself, or a reply either way). */
  lastMessageAt: string;
  followUp: FollowUp | null;
  /**
   * The enquiry this one sends again with something changed (a field, the text, a drawing), from the
   * same sender within minutes; null when it is not such a resend (or the earlier one was deleted).
   */
  resentOf: number | null;
  /** A reply of the desk not (yet) accepted by the mail server: failed, or being tried; null when none. */
  replyDelivery: ReplyDelivery | null;
  /** The ISO 3166-1 code of the country the buyer wrote (`country` keeps their text); null when it names no one country. */
  countryCode: string | null;
  /** The language of the public page the buyer sent it from (English for scripts and earlier enquiries). */
  language: LanguageCode;
};
