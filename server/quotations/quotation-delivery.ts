import { STAGE_LABELS } from '../../shared/enquiry/enquiry.js';
import { addDays } from '../../shared/enquiry/follow-up.js';
import { QUOTATION_SEND_TEXT } from '../../shared/admin/texts.js';
import { quotationDraftSchema } from '../../shared/quotations/quotation.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { EnquiryStore } from '../enquiries/enquiry-store.js';
import { createEnquiryEvents } from '../enquiries/thread/enquiry-events.js';
import { createFollowUps } from '../enquiries/thread/follow-ups.js';

/** How many days before a sent quotation's validity ends its follow-up falls. */
export const QUOTATION_FOLLOW_UP_DAYS_BEFORE = 3;

/**
 * What the mail server accepting a quotation's reply changes (the replies' onAccepted, in the
 * delivery's transaction): the revision is marked sent (sent_at), the enquiry moves to Quoted (an
 * event of its timeline) and gets a follow-up a few days before the validity ends.
 */
export function createQuotationDelivery(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  now?: () => Date;
}) {
  const { db, storage, store } = options;
  const events = createEnquiryEvents(db, storage, options.now);
  const followUps = createFollowUps(db, storage, events);
  const markSent = db.prepare<{ replyId: number; sentAt: string }, { draft: string }>(
    'UPDATE quotation_revisions SET sent_at = @sentAt WHERE reply_id = @replyId AND sent_at IS NULL RETURNING draft',
  );
  return (replyId: number, enquiryId: number, sender: string, sentAt: string): void => {
    const sent = markSent.get({ replyId, sentAt });
    if (!sent) return;
    const was = store.setStage(enquiryId, 'quoted');
    if (was !== undefined && was !== 'quoted')
      events.record(enquiryId, sender, 'stage', `${STAGE_LABELS[was]} → ${STAGE_LABELS.quoted}`);
    const { validUntil } = quotationDraftSchema.parse(JSON.parse(sent.draft));
    const on = addDays(validUntil, -QUOTATION_FOLLOW_UP_DAYS_BEFORE);
    followUps.set(
      enquiryId,
      { on: on > sentAt.slice(0, 10) ? on : validUntil, note: QUOTATION_SEND_TEXT.followUp },
      sender,
    );
  };
}
