import type { EnquiryMailChannel } from '../../../shared/enquiry/enquiry-columns.js';
import type { DB } from '../db/open-database.js';
import { createRetryQueue, type RetryQueueOptions } from './retry-queue.js';
import type { RetryColumns } from './retry-statements.js';

/** What leaves the site, each a channel of the outbox (the deliveries table). */
export type OutboxChannel = 'webhook' | 'reply' | 'digest' | EnquiryMailChannel;

/** Where the runner finds a channel's deliveries: the rows of `deliveries` on that channel. */
export function outboxColumns(channel: OutboxChannel): RetryColumns {
  return { table: 'deliveries', prefix: '', sentAt: 'sent_at', where: `channel = '${channel}'` };
}

/** What an e-mail of the outbox is about: an enquiry (its notification, its acknowledgement) or a reply of its thread. */
type Subject = { key: 'enquiry_id'; event: 'enquiry.received' } | { key: 'reply_id'; event: 'reply.sent' };
const SUBJECTS = {
  enquiry: { key: 'enquiry_id', event: 'enquiry.received' },
  reply: { key: 'reply_id', event: 'reply.sent' },
} as const satisfies Record<string, Subject>;

const queueSql = `INSERT INTO deliveries (enquiry_id, reply_id, channel, event, status, next_at, created_at)
  VALUES (@enquiryId, @replyId, @channel, @event, 'pending', @at, @at)`;
const statements = new WeakMap<DB, ReturnType<DB['prepare']>>();

function queue(
  db: DB,
  row: { channel: OutboxChannel; enquiryId: number; replyId: number | null; event: string; at: string },
) {
  let insert = statements.get(db);
  if (!insert) statements.set(db, (insert = db.prepare(queueSql)));
  insert.run(row);
}

/** Queues one e-mail about the enquiry on `channel`: call it inside the transaction that stores the enquiry. */
export function queueEnquiryMail(db: DB, channel: EnquiryMailChannel, enquiryId: number, at: string): void {
  queue(db, { channel, enquiryId, replyId: null, event: SUBJECTS.enquiry.event, at });
}

/** Queues a reply of the enquiry's thread for the buyer: call it inside the transaction that stores the reply. */
export function queueReplyMail(db: DB, enquiryId: number, replyId: number, at: string): void {
  queue(db, { channel: 'reply', enquiryId, replyId, event: SUBJECTS.reply.event, at });
}

type ChannelOptions = Omit<RetryQueueOptions, 'columns' | 'idKey' | 'send' | 'onStatus'> & {
  /** `deliveryId`: the outbox row, for a channel whose rows say more than what they are about. */
  send(subjectId: number, signal: AbortSignal, deliveryId: number): Promise<void>;
  /** As the runner's onStatus (same transaction), with what the delivery is about. */
  onStatus?: (subjectId: number, sentAt: string | null) => void;
};

/**
 * A channel of e-mails, each about one enquiry or one reply (`subject`), sent by the one runner
 * (retry-queue.ts) from the outbox: `send` and `onStatus` get the id of what the delivery is about;
 * `resend` takes that id and tries its newest delivery again from the start.
 */
function createOutboxChannel(channel: OutboxChannel, subject: Subject, options: ChannelOptions) {
  const { db } = options;
  const subjectOf = db.prepare<[number], number | null>(`SELECT ${subject.key} FROM deliveries WHERE id = ?`).pluck();
  const newestOf = db
    .prepare<[number, string, string], number>(
      `SELECT id FROM deliveries WHERE ${subject.key} = ? AND channel = ? AND event = ? ORDER BY id DESC LIMIT 1`,
    )
    .pluck();
  const { onStatus } = options;
  const runner = createRetryQueue({
    ...options,
    columns: outboxColumns(channel),
    idKey: 'deliveryId',
    async send(id, signal) {
      const subjectId = subjectOf.get(id);
      if (typeof subjectId === 'number') await options.send(subjectId, signal, id);
    },
    onStatus:
      onStatus &&
      ((id, sentAt) => {
        const subjectId = subjectOf.get(id);
        if (typeof subjectId === 'number') onStatus(subjectId, sentAt);
      }),
  });
  return {
    ...runner,
    /** Tries the enquiry's (or reply's) e-mail again from the start, now; false when it has none. */
    resend(subjectId: number): boolean {
      const id = newestOf.get(subjectId, channel, subject.event);
      return id !== undefined && runner.resend(id);
    },
  };
}

/** The owner's notification or the buyer's acknowledgement: one e-mail about each enquiry. */
export function createEnquiryMailChannel(options: ChannelOptions & { channel: EnquiryMailChannel }) {
  return createOutboxChannel(options.channel, SUBJECTS.enquiry, options);
}

/** The desk's replies: one e-mail for each reply (its id in enquiry_messages). */
export function createReplyMailChannel(options: ChannelOptions) {
  return createOutboxChannel('reply', SUBJECTS.reply, options);
}
