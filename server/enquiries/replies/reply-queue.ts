import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { createReplyMailChannel } from '../../platform/mail/outbox.js';
import type { ReplyDeliveries } from './reply-delivery.js';
import type { ReplyMailer } from './reply-mailer.js';

export type ReplyQueue = ReturnType<typeof createReplyQueue>;

/**
 * The delivery of the desk's replies, a delivery each in the outbox (channel 'reply': pending, sent or
 * failed, with the last error, the tries and sent_at) queued in the transaction that stores the reply
 * (reply-store.ts): a reply is stored and answered first, then sent and retried with backoff across
 * restarts by the one runner (platform/mail/retry-queue.ts); each change of its delivery is written to
 * its enquiry with it (reply-delivery.ts). `resend` takes the reply's id.
 */
export function createReplyQueue(options: {
  db: DB;
  mailer: ReplyMailer;
  deliveries: ReplyDeliveries;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { mailer, deliveries } = options;
  return createReplyMailChannel({
    ...options,
    what: 'reply',
    send: (replyId, signal) => mailer.send(replyId, signal),
    onClose: () => mailer.close(),
    // The stage and the buyer's turn move only once the mail server accepted the reply.
    onStatus: (replyId, sentAt) => deliveries.changed(replyId, sentAt),
  });
}
