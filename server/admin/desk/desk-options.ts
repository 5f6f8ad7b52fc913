import type { ReplyDrafts } from '../../enquiries/replies/reply-drafts.js';
import type { MailboxStatus } from '../../../shared/enquiry/mailbox-status.js';
import type { DB } from '../../platform/db/open-database.js';
import type { NotificationQueue } from '../../enquiries/notifications/notification-queue.js';
import type { Replies } from '../../enquiries/replies/replies.js';
import type { QuotationStore } from '../../quotations/quotation-store.js';
import type { SetupChecks } from '../setup/setup-card.js';
import type { ReplyTemplates } from '../templates/template-store.js';
import type { ReplySignature } from '../templates/signature-store.js';
import type { DeskReader } from './desk-reader.js';
import type { DeskServices } from './desk-services.js';

/** What the enquiry desk (enquiry-desk.ts) is given; each of its route files takes what it needs. */
export interface EnquiryDeskOptions extends DeskServices {
  reader: DeskReader;
  /** The site's clock. */
  now: () => number;
  /** The e-mail notification queue, when SMTP is configured ("Resend notification"). */
  notifications?: NotificationQueue;
  /** Replies from the enquiry's page, when SMTP is configured (its page says whether it can send one). */
  replies?: Replies;
  /** The reader of buyers' replies, when IMAP_URL is set: the list says when it fails. */
  mailbox?: { status(): MailboxStatus };
  /** The main connection (the enquiries' timeline events and follow-ups are written on it). */
  db: DB;
  /** The first day's checks, shown as the Setup card until dismissed. */
  setup?: SetupChecks;
  /** Days after today that setting the stage to Quoted proposes a follow-up for (FOLLOW_UP_DAYS). */
  followUpDays: number;
  /** The webhook outbox: woken after a stage change (its deliveries were queued with it). */
  webhooks: { run(): Promise<void> };
  /** The enquiries' quotations: its page lists their revisions. */
  quotations: QuotationStore;
  /** The reply templates: the reply form's choice. */
  replyTemplates: ReplyTemplates;
  /** The usual signature under a reply. */
  replySignature: ReplySignature;
  /** The reply drafts kept as they are typed. */
  replyDrafts: ReplyDrafts;
}
