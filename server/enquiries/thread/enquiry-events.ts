import type { EventKind } from '../../../shared/enquiry/thread.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';

export type EnquiryEvents = ReturnType<typeof createEnquiryEvents>;

/**
 * What was done to an enquiry, for its timeline (enquiry_events): stage changes, Spam and back, Trash
 * and back, follow-up dates. Recorded inside the storage write of the change it describes.
 */
export function createEnquiryEvents(db: DB, storage: StorageMonitor, now: () => Date = () => new Date()) {
  const insert = db.prepare('INSERT INTO enquiry_events (enquiry_id, at, actor, kind, detail) VALUES (?, ?, ?, ?, ?)');
  return {
    /** Committed before it returns; inside another storage write, it joins that transaction. */
    record(enquiryId: number, actor: string, kind: EventKind, detail: string | null = null): void {
      storage.write(() => insert.run(enquiryId, now().toISOString(), actor, kind, detail));
    },
  };
}
