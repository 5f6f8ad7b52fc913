import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { createRetryQueue } from '../../platform/mail/retry-queue.js';
import type { ReplyDeliveries } from './reply-delivery.js';
import type { ReplyMailer } from './reply-mailer.js';

export type ReplyQueue = ReturnType<typeof createReplyQueue>;

/**
 * The delivery of the desk's replies, kept in enquiry_messages (send_status pending, sent or failed,
 * with the last error, the tries and sent_at): a reply is stored and answered first, then sent and
 * retried with backoff across restarts, like the enquiry notification (platform/mail/retry-queue.ts);
 * each change of its delivery is written to its enquiry with it (reply-delivery.ts).
 */
export function createReplyQueue(options: {
  db: DB;
  mailer: ReplyMailer;
  deliveries: ReplyDeliveries;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { mailer, deliveries } = options;
  return createRetryQueue({
    ...options,
    columns: { table: 'enquiry_messages', prefix: 'send', sentAt: 'sent_at' },
    what: 'reply',
    idKey: 'replyId',
    send: (id, signal) => mailer.send(id, signal),
    onClose: () => mailer.close(),
    // The stage and the buyer's turn move only once the mail server accepted the reply.
    onStatus: (id, sentAt) => deliveries.changed(id, sentAt),
  });
}
