import { ADMIN_SPAM_REASON, type BulkAction } from '../../shared/admin/desk.js';
import type { Note, Stage } from '../../shared/enquiry/enquiry.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { DB } from '../platform/db/open-database.js';
import { queueWebhookEvent } from '../integrations/webhook-events.js';
import type { StatementCache } from './statement-cache.js';

/** Each action's change, and which enquiries it applies to (Restore only in Trash, Not spam only in Spam …). */
const MARK: Record<Exclude<BulkAction, 'purge'> | 'star' | 'unstar', { set: string; where?: string }> = {
  // Each only where it changes something: SQLite counts a row an UPDATE matched as changed even when
  // its values stay the same, and the ids "changed" are what an Undo takes back.
  read: { set: 'read_at = @now', where: 'read_at IS NULL' },
  unread: { set: 'read_at = NULL', where: 'read_at IS NOT NULL' },
  star: { set: 'starred = 1', where: 'starred = 0' },
  unstar: { set: 'starred = 0', where: 'starred = 1' },
  trash: { set: 'trashed_at = @now', where: 'trashed_at IS NULL' },
  restore: { set: 'trashed_at = NULL', where: 'trashed_at IS NOT NULL' },
  spam: {
    set: `spam_reason = '${ADMIN_SPAM_REASON}', spam_at = @now`,
    where: 'spam_reason IS NULL AND trashed_at IS NULL',
  },
  notspam: { set: 'spam_reason = NULL, spam_at = NULL', where: 'spam_reason IS NOT NULL' },
};

/** What the desk changes on an enquiry (EnquiryStore.mark, markMany, setStage, addNote): its statements, prepared once. */
export function createEnquiryChanges(
  db: DB,
  storage: Pick<StorageMonitor, 'write'>,
  now: () => Date,
  prepared: StatementCache,
) {
  const updateStage = db.prepare(
    'UPDATE enquiries SET status = @stage WHERE id = @id AND (@onlyFrom IS NULL OR status = @onlyFrom)',
  );
  const stageOf = db.prepare<[number], Stage>('SELECT status FROM enquiries WHERE id = ?').pluck();
  const exists = db.prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ?').pluck();
  const insertNote = db.prepare('INSERT INTO enquiry_notes (enquiry_id, body, created_at, author) VALUES (?, ?, ?, ?)');

  return {
    mark(id: number, action: Exclude<BulkAction, 'purge'> | 'star' | 'unstar'): boolean {
      return this.markMany([id], action as Exclude<BulkAction, 'purge'>).length > 0;
    },
    markMany(ids: readonly number[], action: Exclude<BulkAction, 'purge'>): number[] {
      const { set, where } = MARK[action];
      const update = prepared(`UPDATE enquiries SET ${set} WHERE id = @id${where ? ` AND ${where}` : ''}`);
      const at = now().toISOString();
      return storage.write(() => ids.filter((id) => update.run({ id, now: at }).changes > 0));
    },
    setStage(id: number, stage: Stage, onlyFrom?: Stage): Stage | undefined {
      return storage.write(() => {
        const was = stageOf.get(id);
        if (was === undefined || (onlyFrom && was !== onlyFrom)) return undefined;
        if (was !== stage) {
          updateStage.run({ id, stage, onlyFrom: onlyFrom ?? null });
          queueWebhookEvent(db, 'enquiry.stage_changed', id, { stage: { from: was, to: stage } }, now());
        }
        return was;
      });
    },
    addNote(id: number, body: string, author: string): Note | undefined {
      const createdAt = now().toISOString();
      return storage.write(() =>
        exists.get(id)
          ? { id: Number(insertNote.run(id, body, createdAt, author).lastInsertRowid), body, createdAt, author }
          : undefined,
      );
    },
  };
}
