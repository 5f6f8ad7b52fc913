import type { TypedReply } from '../../../shared/admin/reply.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';

/** The reply being written on an enquiry's page, as the server keeps it. */
export interface StoredDraft extends TypedReply {
  savedAt: string;
}

export type ReplyDrafts = ReturnType<typeof createReplyDrafts>;

/**
 * The drafts of replies (table reply_drafts, migration 51): one per enquiry, kept as it is typed and
 * given back when its page is opened again. Storing the reply removes it (reply-store.ts, in the
 * same transaction); a draft with no text, no signature of its own and no copies is removed.
 */
export function createReplyDrafts(db: DB, storage: StorageMonitor, now: () => number) {
  const one = db.prepare<[number], StoredDraft>(
    'SELECT body, signature, cc, bcc, saved_at AS savedAt FROM reply_drafts WHERE enquiry_id = ?',
  );
  const upsert = db.prepare<TypedReply & { id: number; by: string; at: string }>(
    `INSERT INTO reply_drafts (enquiry_id, body, signature, cc, bcc, saved_by, saved_at)
       SELECT id, @body, @signature, @cc, @bcc, @by, @at FROM enquiries WHERE id = @id
     ON CONFLICT (enquiry_id) DO UPDATE SET
       body = excluded.body, signature = excluded.signature, cc = excluded.cc, bcc = excluded.bcc,
       saved_by = excluded.saved_by, saved_at = excluded.saved_at`,
  );
  const remove = db.prepare<[number]>('DELETE FROM reply_drafts WHERE enquiry_id = ?');
  return {
    get: (enquiryId: number): StoredDraft | undefined => one.get(enquiryId),
    /**
     * Keeps the draft (committed before it returns): when it was saved, or null when there is no such
     * enquiry. An empty draft is removed (and its time is still said: nothing is left to lose).
     */
    save(enquiryId: number, draft: TypedReply, by: string): string | null {
      const at = new Date(now()).toISOString();
      return storage.write(() => {
        if (!draft.body.trim() && draft.signature === null && !draft.cc.trim() && !draft.bcc.trim()) {
          remove.run(enquiryId);
          return at;
        }
        return upsert.run({ id: enquiryId, ...draft, by, at }).changes > 0 ? at : null;
      });
    },
  };
}
