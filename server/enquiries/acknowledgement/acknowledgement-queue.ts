import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import { createRetryQueue } from '../../platform/mail/retry-queue.js';
import type { EnquiryStore } from '../enquiry-store.js';
import { acknowledgementSubject, acknowledgementText, type AcknowledgementContext } from './acknowledgement-mail.js';

export type AcknowledgementQueue = ReturnType<typeof createAcknowledgementQueue>;

/**
 * The acknowledgement to each buyer who gave an e-mail address, kept in the enquiries table
 * (ack_status pending, sent or failed, with the last error, the tries and ack_sent_at): queued in the
 * transaction that stores the enquiry (EnquiryStore.create, `acknowledge`), then sent and retried
 * with backoff across restarts like the notification (platform/mail/retry-queue.ts). Its failure
 * never touches the enquiry. From NOTIFY_FROM under the company's name, written from the content
 * published when it is sent.
 */
export function createAcknowledgementQueue(options: {
  db: DB;
  store: Pick<EnquiryStore, 'get'>;
  mail: MailSenderSettings;
  context: () => AcknowledgementContext;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const sender = createMailSender(options.mail);
  const host = new URL(options.context().siteUrl).hostname;
  return createRetryQueue({
    ...options,
    columns: { table: 'enquiries', prefix: 'ack', sentAt: 'ack_sent_at' },
    what: 'acknowledgement',
    idKey: 'enquiryId',
    async send(id, signal) {
      const enquiry = options.store.get(id);
      if (!enquiry?.email) return;
      const context = options.context();
      await sender.sendTo({
        to: enquiry.email,
        fromName: context.content.company.name,
        subject: acknowledgementSubject(enquiry, context.content.company.name),
        text: acknowledgementText(enquiry, context),
        messageId: `${randomUUID()}@${host}`,
        signal,
      });
    },
    onClose: () => sender.close(),
  });
}
