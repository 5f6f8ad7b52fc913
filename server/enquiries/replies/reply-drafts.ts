import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';

/** The reply being written on an enquiry's page, as the server keeps it. */
export interface StoredDraft {
  body: string;
  /** This reply's own signature; null: the usual one. */
  signature: string | null;
  savedAt: string;
}

export type ReplyDrafts = ReturnType<typeof createReplyDrafts>;

/**
 * The drafts of replies (table reply_drafts, migration 51): one per enquiry, kept as it is typed and
 * given back when its page is opened again. Storing the reply removes it (reply-store.ts, in the
 * same transaction); a draft with no text and no signature of its own is removed.
 */
export function createReplyDrafts(db: DB, storage: StorageMonitor, now: () => number) {
  const one = db.prepare<[number], StoredDraft>(
    'SELECT body, signature, saved_at AS savedAt FROM reply_drafts WHERE enquiry_id = ?',
  );
  const upsert = db.prepare<{ id: number; body: string; signature: string | null; by: string; at: string }>(
    `INSERT INTO reply_drafts (enquiry_id, body, signature, saved_by, saved_at)
       SELECT id, @body, @signature, @by, @at FROM enquiries WHERE id = @id
     ON CONFLICT (enquiry_id) DO UPDATE SET
       body = excluded.body, signature = excluded.signature, saved_by = excluded.saved_by, saved_at = excluded.saved_at`,
  );
  const remove = db.prepare<[number]>('DELETE FROM reply_drafts WHERE enquiry_id = ?');
  return {
    get: (enquiryId: number): StoredDraft | undefined => one.get(enquiryId),
    /**
     * Keeps the draft (committed before it returns): when it was saved, or null when there is no such
     * enquiry. An empty draft is removed (and its time is still said: nothing is left to lose).
     */
    save(enquiryId: number, draft: { body: string; signature: string | null }, by: string): string | null {
      const at = new Date(now()).toISOString();
      return storage.write(() => {
        if (!draft.body.trim() && draft.signature === null) {
          remove.run(enquiryId);
          return at;
        }
        return upsert.run({ id: enquiryId, ...draft, by, at }).changes > 0 ? at : null;
      });
    },
  };
}
