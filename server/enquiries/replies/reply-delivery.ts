import { STAGE_LABELS } from '../../../shared/enquiry/enquiry.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { EnquiryStore } from '../enquiry-store.js';
import { createEnquiryEvents } from '../thread/enquiry-events.js';

export type ReplyDeliveries = ReturnType<typeof createReplyDeliveries>;

/**
 * What a reply's delivery (its row in the outbox) changes on its enquiry, written in the same transaction:
 * the enquiry's reply state (reply_status, reply_error: a failed reply outranks one being tried),
 * and, only once the mail server accepted the reply, the buyer's turn (unless the buyer wrote since;
 * an automatic reply such as an out-of-office is not the buyer writing) and a New enquiry moved to
 * Open (an event of its timeline, by the admin who wrote it).
 */
export function createReplyDeliveries(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  /** Called once the mail server accepted a reply, in the same transaction (a quotation it carries is sent). */
  onAccepted?: (replyId: number, enquiryId: number, sender: string, sentAt: string) => void;
  now?: () => Date;
}) {
  const { db, store } = options;
  const events = createEnquiryEvents(db, options.storage, options.now);
  const replyOf = db.prepare<[number], { enquiry_id: number; sender: string; created_at: string }>(
    "SELECT enquiry_id, sender, created_at FROM enquiry_messages WHERE id = ? AND direction = 'sent'",
  );
  const syncState = db.prepare<{ id: number }>(
    `UPDATE enquiries SET
       reply_status = (SELECT CASE WHEN count(*) = 0 THEN NULL WHEN max(d.status = 'failed') THEN 'failed' ELSE 'pending' END
                       FROM deliveries d WHERE d.enquiry_id = @id AND d.channel = 'reply'
                         AND d.status IN ('pending', 'failed')),
       reply_error = (SELECT d.error FROM deliveries d
                      WHERE d.enquiry_id = @id AND d.channel = 'reply' AND d.status IN ('pending', 'failed')
                      ORDER BY d.status = 'failed' DESC, d.reply_id DESC LIMIT 1)
     WHERE id = @id`,
  );
  const awaitBuyer = db.prepare<{ id: number; at: string; written: string }>(
    `UPDATE enquiries SET awaiting = 'buyer', last_message_at = max(last_message_at, @at) WHERE id = @id
       AND NOT EXISTS (SELECT 1 FROM enquiry_messages WHERE enquiry_id = @id AND direction = 'received'
                       AND automatic = 0 AND created_at > @written)`,
  );
  return {
    /** The enquiry's reply state, again from its replies (after one is stored, or taken back). */
    sync(enquiryId: number): void {
      syncState.run({ id: enquiryId });
    },
    /** The retry queue's onStatus: a reply's delivery changed (sentAt: the mail server accepted it then). */
    changed(replyId: number, sentAt: string | null): void {
      const reply = replyOf.get(replyId);
      if (!reply) return;
      syncState.run({ id: reply.enquiry_id });
      if (sentAt === null) return;
      awaitBuyer.run({ id: reply.enquiry_id, at: sentAt, written: reply.created_at });
      if (store.setStage(reply.enquiry_id, 'open', 'new') === 'new')
        events.record(reply.enquiry_id, reply.sender, 'stage', `${STAGE_LABELS.new} → ${STAGE_LABELS.open}`);
      options.onAccepted?.(replyId, reply.enquiry_id, reply.sender, sentAt);
    },
  };
}
