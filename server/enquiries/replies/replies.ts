import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import type { MailSenderSettings } from '../../platform/mail/mail-sender.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { DrawingFiles } from '../drawings/drawing-files.js';
import type { EnquiryStore } from '../enquiry-store.js';
import { createReplyDeliveries } from './reply-delivery.js';
import { createReplyMailer, type ReplyLink } from './reply-mailer.js';
import { createReplyQueue, type ReplyQueue } from './reply-queue.js';
import { createReplyStore, type ReplyStore } from './reply-store.js';

/** Replies from the enquiry's page: stored, then delivered by their queue (only when SMTP is configured). */
export interface Replies {
  store: ReplyStore;
  queue: ReplyQueue;
}

export function createReplies(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  drawings: DrawingFiles;
  mail: MailSenderSettings;
  /** The company's name as published now: the From name of each reply. */
  company: () => string;
  /** SITE_URL: its host names the replies' Message-IDs. */
  siteUrl: string;
  log: FastifyBaseLogger;
  /** Once the mail server accepted a reply (reply-delivery.ts). */
  onAccepted?: (replyId: number, enquiryId: number, sender: string, sentAt: string) => void;
  /** The link a reply carries below its text (a quotation's page). */
  linkOf?: (replyId: number) => Promise<ReplyLink | undefined>;
  now?: () => Date;
}): Replies {
  const { db, now } = options;
  const deliveries = createReplyDeliveries(options);
  return {
    store: createReplyStore({ ...options, deliveries, host: new URL(options.siteUrl).hostname }),
    queue: createReplyQueue({
      db,
      log: options.log,
      now,
      deliveries,
      mailer: createReplyMailer(db, options.mail, options.drawings, options.company, options.linkOf),
    }),
  };
}
