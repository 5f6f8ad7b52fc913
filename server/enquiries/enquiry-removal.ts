import type { DrawingRow } from './enquiry-reads.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { DB } from '../platform/db/open-database.js';
import type { StatementCache } from './statement-cache.js';

/** Enquiries removed for good: how many, and the stored names of their files (to remove from disk). */
export interface Removed {
  ids: number[];
  files: string[];
}

/** What housekeeping deletes (EnquiryStore.expire), each found through an index (migration 21, and created_at's). */
export const EXPIRED: Record<'trash' | 'spam' | 'age', string> = {
  trash: 'trashed_at < ?',
  spam: 'spam_at < ?',
  age: 'created_at < ?',
};

/** What is deleted for good (EnquiryStore.purge, expire, forgetTokens): its statements, prepared once. */
export function createEnquiryRemoval(db: DB, storage: Pick<StorageMonitor, 'write'>, prepared: StatementCache) {
  const forgetTokens = db.prepare('DELETE FROM used_form_tokens WHERE used_at < ?');
  const drawingsOf = db.prepare<[string], DrawingRow>(
    `SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const remove = db.prepare('DELETE FROM enquiries WHERE id = ?');
  const isTrashed = db
    .prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ? AND trashed_at IS NOT NULL')
    .pluck();

  /** Deletes the enquiries (their notes and drawing rows cascade); their files' stored names. Inside a write. */
  function removeAll(ids: readonly number[]): Removed {
    const files = drawingsOf.all(JSON.stringify(ids)).map((row) => row.stored_name);
    const removed = ids.filter((id) => remove.run(id).changes > 0);
    return { ids: removed, files };
  }

  return {
    purge(ids: readonly number[], onlyTrashed = false): Removed {
      return storage.write(() => removeAll(onlyTrashed ? ids.filter((id) => isTrashed.get(id)) : ids));
    },
    expire(kind: 'trash' | 'spam' | 'age', before: Date): Removed {
      const due = prepared<number>(`SELECT id FROM enquiries WHERE ${EXPIRED[kind]}`).pluck();
      return storage.write(() => removeAll(due.all(before.toISOString())));
    },
    forgetTokens(before: Date): void {
      storage.write(() => forgetTokens.run(before.toISOString()));
    },
  };
}
