import type { FastifyBaseLogger } from 'fastify';
import type { EnquiryStore } from '../enquiry-store.js';
import type { DB } from '../../platform/db/open-database.js';
import { createEnquiryMailChannel } from '../../platform/mail/outbox.js';
import type { EnquiryMailer } from './enquiry-mailer.js';

export type NotificationQueue = ReturnType<typeof createNotificationQueue>;

/**
 * The e-mail notification of each enquiry, a delivery in the outbox (channel 'notification': pending,
 * sent or failed, with the last error and the tries) queued in the transaction that stores the
 * enquiry (EnquiryStore.create, `notify`): an enquiry is stored and answered first, its e-mail
 * follows and is retried with backoff, across restarts (platform/mail/retry-queue.ts). A failed
 * e-mail never touches the enquiry. Three are sent at once, each try bounded by the mailer's time
 * limits, so a mail server that accepts and never answers gives every pending e-mail its first try,
 * and its error on the desk, within about a minute (21 pending: 7 rounds of 10 s).
 */
export function createNotificationQueue(options: {
  db: DB;
  store: EnquiryStore;
  mailer: EnquiryMailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { store, mailer } = options;
  const otherMail = options.db.prepare<[number], { subject: string; text: string }>(
    "SELECT json_extract(data, '$.subject') AS subject, json_extract(data, '$.text') AS text FROM deliveries WHERE id = ? AND event <> 'enquiry.received'",
  );
  // run, resend ("Resend notification": tries again from the start, now) and close.
  return createEnquiryMailChannel({
    ...options,
    channel: 'notification',
    what: 'enquiry notification',
    async send(id, signal, deliveryId) {
      // A buyer's answer to a quotation (quotations/quotation-answers.ts) carries its own words.
      const other = otherMail.get(deliveryId);
      if (other) return mailer.sendText({ ...other, signal });
      const enquiry = store.get(id);
      if (!enquiry) return;
      await mailer.send(enquiry, { spamCount: store.spamBefore(enquiry), signal });
    },
    onClose: () => mailer.close(),
  });
}
