import type { ReplyTemplate } from '../../../shared/admin/templates.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';

export type TemplateFields = Omit<ReplyTemplate, 'id'>;

/** The reply templates (table reply_templates), by name. */
export function createReplyTemplates(db: DB, storage: StorageMonitor, now: () => number) {
  const all = db.prepare<[], ReplyTemplate>('SELECT id, name, subject, body FROM reply_templates ORDER BY name, id');
  const one = db.prepare<[number], ReplyTemplate>('SELECT id, name, subject, body FROM reply_templates WHERE id = ?');
  const insert = db.prepare<[string, string, string, string]>(
    'INSERT INTO reply_templates (name, subject, body, updated_at) VALUES (?, ?, ?, ?)',
  );
  const update = db.prepare<[string, string, string, string, number]>(
    'UPDATE reply_templates SET name = ?, subject = ?, body = ?, updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM reply_templates WHERE id = ?');
  const at = () => new Date(now()).toISOString();

  return {
    list: (): ReplyTemplate[] => all.all(),
    get: (id: number): ReplyTemplate | undefined => one.get(id),
    /** A new template, its id. */
    add: ({ name, subject, body }: TemplateFields): number =>
      storage.write(() => Number(insert.run(name, subject, body, at()).lastInsertRowid)),
    /** Whether the template was there to change. */
    change: (id: number, { name, subject, body }: TemplateFields): boolean =>
      storage.write(() => update.run(name, subject, body, at(), id).changes > 0),
    /** Whether the template was there to delete. */
    remove: (id: number): boolean => storage.write(() => remove.run(id).changes > 0),
  };
}

export type ReplyTemplates = ReturnType<typeof createReplyTemplates>;
