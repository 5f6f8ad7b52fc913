import type { DB } from '../platform/db/open-database.js';
import type { WebhookEvent } from '../../shared/admin/integrations.js';

/**
 * One delivery per endpoint that is on and takes the event, for an enquiry that is not in Spam: a
 * single INSERT, so that it runs inside the transaction of the event that causes it (the enquiry
 * stored, the buyer's answer stored, the stage changed) on whichever connection holds it.
 */
const QUEUE_SQL = `INSERT INTO deliveries (enquiry_id, channel, endpoint_id, event, data, status, next_at, created_at)
  SELECT e.id, 'webhook', w.id, @event, @data, 'pending', @at, @at FROM enquiries e, webhook_endpoints w
  WHERE e.id = @enquiryId AND e.spam_reason IS NULL AND w.enabled = 1
    AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = @event)`;

const statements = new WeakMap<DB, ReturnType<DB['prepare']>>();

/**
 * Queues `event` about the enquiry to every webhook endpoint that takes it (none for Spam); call it
 * inside the event's own transaction. `data` is what the payload carries beyond the enquiry. The
 * number of deliveries queued; the main process's outbox runner sends them (`webhooks.run()`).
 */
export function queueWebhookEvent(
  db: DB,
  event: WebhookEvent,
  enquiryId: number,
  data: Record<string, unknown> = {},
  at: Date = new Date(),
): number {
  let insert = statements.get(db);
  if (!insert) statements.set(db, (insert = db.prepare(QUEUE_SQL)));
  return insert.run({ event, enquiryId, data: JSON.stringify(data), at: at.toISOString() }).changes;
}

/**
 * "Quotation accepted", for the quotations feature to call in the transaction that records the
 * buyer's acceptance; `quotation` is what the payload says of it (its number, total, currency).
 */
export function queueQuotationAccepted(
  db: DB,
  enquiryId: number,
  quotation: Record<string, unknown>,
  at?: Date,
): number {
  return queueWebhookEvent(db, 'quotation.accepted', enquiryId, { quotation }, at);
}
