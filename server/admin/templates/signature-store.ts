import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';

export type ReplySignature = ReturnType<typeof createReplySignature>;

/**
 * The signature below every reply (table reply_signature, migration 51): the one the owner wrote on
 * /admin/templates, else `fallback` (made from the company's details as published now).
 */
export function createReplySignature(db: DB, storage: StorageMonitor, now: () => number, fallback: () => string) {
  const stored = db.prepare<[], string>('SELECT text FROM reply_signature WHERE id = 1').pluck();
  const save = db.prepare<[string, string]>(
    `INSERT INTO reply_signature (id, text, updated_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
  );
  return {
    /** The signature replies start with. */
    text: (): string => stored.get() ?? fallback(),
    /** Written by the owner (committed before it returns); an empty one signs nothing. */
    set: (text: string): void => {
      storage.write(() => save.run(text, new Date(now()).toISOString()));
    },
  };
}
