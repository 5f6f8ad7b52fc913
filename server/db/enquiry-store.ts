import type { AdminView, EnquiryAction } from '../../shared/admin.js';
import type { Enquiry, Note, NotificationState, Stage } from '../../shared/enquiry/enquiry.js';
import type { Drawing, DrawingType } from '../../shared/enquiry/quote.js';
import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';
import type Database from 'better-sqlite3';
import type { DB } from './open-database.js';

export interface EnquiryOrigin {
  clientIpHash: string | null;
  userAgent: string | null;
}

/** A drawing already on disk under its random name, to be recorded with its enquiry. */
export type NewDrawing = Omit<Drawing, 'id'> & { storedName: string };

export interface ListOptions {
  /** Search text: case-insensitive in name, email, subject, company and material; as typed in phone. */
  query?: string;
  view?: AdminView;
  limit: number;
  /** Cursor from a previous page: list what comes after it, newest first. */
  after?: string;
}

export interface EnquiryPage {
  enquiries: Enquiry[];
  /** Cursor for the next page, when there is one. */
  next: string | null;
}

/** The enquiry store; another database could stand behind this interface. */
export interface EnquiryStore {
  /**
   * Records the enquiry and its drawings in one transaction, committed before it returns; with
   * `notify`, its e-mail notification is queued in the same row. The same enquiry from the same sender
   * within 10 minutes (a double click, a resend) is not stored again: the first one counts a repeat,
   * and `repeated` is true (its drawings are then not recorded: the caller removes them).
   */
  create(input: EnquiryInput, origin: EnquiryOrigin, drawings?: NewDrawing[], notify?: boolean): { enquiry: Enquiry; repeated: boolean };
  list(options: ListOptions): EnquiryPage;
  count(query?: string, view?: AdminView): number;
  /** Every matching enquiry, newest first, read a batch at a time (each batch its own query). */
  iterate(query?: string, view?: AdminView): Generator<Enquiry>;
  /** Read, star, move to Trash or back; false when there is no such enquiry (or it is not in Trash, to restore). */
  mark(id: number, action: Exclude<EnquiryAction, 'purge' | 'resend'>): boolean;
  /** Sets the stage; `onlyFrom` changes it only from that stage (a reply moves New to Open, nothing else). */
  setStage(id: number, stage: Stage, onlyFrom?: Stage): boolean;
  /** Adds an internal note; undefined when there is no such enquiry. */
  addNote(id: number, body: string): Note | undefined;
  /** Deletes enquiries that have been in Trash since before `before`; the stored names of their files. */
  emptyTrash(before: Date): string[];
  get(id: number): Enquiry | undefined;
  /** The stored file name of one drawing of one enquiry. */
  drawingFile(enquiryId: number, drawingId: number): (Drawing & { storedName: string }) | undefined;
  /** The stored names of every drawing file that an enquiry refers to. */
  storedDrawingNames(): Set<string>;
  /** Deletes the enquiry and its drawing rows; the stored names of its files (to remove), or null when there was none. */
  delete(id: number): string[] | null;
}

type Row = Omit<Enquiry, 'createdAt' | 'drawings' | 'notes' | 'notification' | 'read' | 'starred' | 'trashedAt'> & {
  created_at: string;
  read_at: string | null;
  starred: 0 | 1;
  trashed_at: string | null;
  notify_status: NotificationState['status'] | null;
  repeats: number;
  notify_error: string | null;
  notify_tries: number;
};
interface DrawingRow extends Drawing {
  enquiry_id: number;
  stored_name: string;
}

const COLUMNS = `id, name, email, phone, subject, message, created_at, status, product, company, country, quantity, unit, material,
  notify_status, notify_error, notify_tries, read_at, starred, trashed_at, repeats`;
const SEARCH = `(@q IS NULL OR contains_ci(name, @q) OR contains_ci(email, @q) OR contains_ci(subject, @q)
  OR contains_ci(company, @q) OR contains_ci(material, @q) OR instr(phone, @qRaw) > 0)`;
const IN_VIEW: Record<AdminView, string> = {
  inbox: 'trashed_at IS NULL',
  unread: 'trashed_at IS NULL AND read_at IS NULL',
  starred: 'trashed_at IS NULL AND starred = 1',
  trash: 'trashed_at IS NOT NULL',
};
const MARK: Record<Exclude<EnquiryAction, 'purge' | 'resend'>, string> = {
  read: 'read_at = coalesce(read_at, @now)',
  unread: 'read_at = NULL',
  star: 'starred = 1',
  unstar: 'starred = 0',
  trash: 'trashed_at = coalesce(trashed_at, @now)',
  restore: 'trashed_at = NULL',
};
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
/** How long the same enquiry from the same sender counts as a repeat rather than a new one. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;
const ITERATE_BATCH = 1000;

function searchParams(query: string | undefined) {
  const trimmed = query?.trim();
  return trimmed ? { q: trimmed.toLowerCase(), qRaw: trimmed } : { q: null, qRaw: null };
}

function encodeCursor(enquiry: Enquiry): string {
  return `${enquiry.createdAt}_${enquiry.id}`;
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: number } | null {
  const match = cursor ? /^(\d{4}-\d\d-\d\dT[\d:.]+Z)_(\d+)$/.exec(cursor) : null;
  return match ? { createdAt: match[1]!, id: Number(match[2]) } : null;
}

const toDrawing = ({ id, name, size, type, sha256 }: DrawingRow): Drawing => ({ id, name, size, type: type as DrawingType, sha256 });

/**
 * Writes go through the storage monitor: create and delete return only once the change is committed
 * to the file at DATABASE_PATH, and throw StorageUnavailableError otherwise.
 */
export function createEnquiryStore(db: DB, storage: StorageMonitor, now: () => Date = () => new Date()): EnquiryStore {
  // .run(), not INSERT … RETURNING with .get(): better-sqlite3 returns the row of a RETURNING
  // statement and drops the error of its failed commit (a full disk acknowledged nothing stored).
  const insert = db.prepare(
    `INSERT INTO enquiries (name, email, phone, subject, message, created_at, status, client_ip_hash, user_agent,
       product, company, country, quantity, unit, material, notify_status, notify_next_at)
     VALUES (@name, @email, @phone, @subject, @message, @createdAt, 'new', @clientIpHash, @userAgent,
       @product, @company, @country, @quantity, @unit, @material,
       CASE WHEN @notify THEN 'pending' END, CASE WHEN @notify THEN @createdAt END)`,
  );
  const insertDrawing = db.prepare(
    `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256)
     VALUES (@enquiryId, @storedName, @name, @size, @type, @sha256)`,
  );
  const byView = <T>(sql: (where: string) => string) =>
    Object.fromEntries(Object.entries(IN_VIEW).map(([view, where]) => [view, db.prepare<unknown[], T>(sql(`${where} AND ${SEARCH}`))])) as Record<
      AdminView,
      Database.Statement<unknown[], T>
    >;
  const firstPage = byView<Row>((where) => `SELECT ${COLUMNS} FROM enquiries WHERE ${where} ${NEWEST_FIRST} LIMIT @limit`);
  const laterPage = byView<Row>(
    (where) => `SELECT ${COLUMNS} FROM enquiries
     WHERE (created_at < @createdAt OR (created_at = @createdAt AND id < @id)) AND ${where}
     ${NEWEST_FIRST} LIMIT @limit`,
  );
  const countAll = byView<{ n: number }>((where) => `SELECT count(*) AS n FROM enquiries WHERE ${where}`);
  const marks = Object.fromEntries(
    Object.entries(MARK).map(([action, set]) => [
      action,
      // Trash and Restore move an enquiry between the inbox and Trash: each finds nothing on the other side.
      db.prepare(`UPDATE enquiries SET ${set} WHERE id = @id${action === 'restore' ? ' AND trashed_at IS NOT NULL' : action === 'trash' ? ' AND trashed_at IS NULL' : ''}`),
    ]),
  ) as Record<keyof typeof MARK, Database.Statement>;
  const trashedBefore = db.prepare<[string], number>('SELECT id FROM enquiries WHERE trashed_at < ?').pluck();
  const sameRecently = db.prepare<unknown[], number>(
    `SELECT id FROM enquiries WHERE created_at > @since AND trashed_at IS NULL AND name = @name AND phone = @phone
       AND email IS @email AND subject = @subject AND message = @message ORDER BY id DESC LIMIT 1`,
  ).pluck();
  const countRepeat = db.prepare('UPDATE enquiries SET repeats = repeats + 1 WHERE id = ?');
  const updateStage = db.prepare('UPDATE enquiries SET status = @stage WHERE id = @id AND (@onlyFrom IS NULL OR status = @onlyFrom)');
  const exists = db.prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ?').pluck();
  const insertNote = db.prepare('INSERT INTO enquiry_notes (enquiry_id, body, created_at) VALUES (?, ?, ?)');
  const notesOf = db.prepare<[string], Note & { enquiry_id: number }>(
    `SELECT id, enquiry_id, body, created_at AS createdAt FROM enquiry_notes
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const one = db.prepare<[number], Row>(`SELECT ${COLUMNS} FROM enquiries WHERE id = ?`);
  const drawingsOf = db.prepare<[string], DrawingRow>(
    `SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const oneDrawing = db.prepare<[number, number], DrawingRow>(
    'SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files WHERE enquiry_id = ? AND id = ?',
  );
  const remove = db.prepare('DELETE FROM enquiries WHERE id = ?');
  const allStoredNames = db.prepare<[], string>('SELECT stored_name FROM enquiry_files').pluck();

  /** Rows to enquiries, with their drawings and notes (one query each for the whole page). */
  function withDrawings(rows: Row[]): Enquiry[] {
    const ids = JSON.stringify(rows.map((row) => row.id));
    const drawings = new Map<number, Drawing[]>();
    for (const row of drawingsOf.all(ids)) drawings.set(row.enquiry_id, [...(drawings.get(row.enquiry_id) ?? []), toDrawing(row)]);
    const notes = new Map<number, Note[]>();
    for (const { enquiry_id, ...note } of notesOf.all(ids)) notes.set(enquiry_id, [...(notes.get(enquiry_id) ?? []), note]);
    return rows.map(({ created_at, notify_status, notify_error, notify_tries, read_at, starred, trashed_at, ...row }) => ({
      ...row,
      createdAt: created_at,
      read: read_at !== null,
      starred: starred === 1,
      trashedAt: trashed_at,
      drawings: drawings.get(row.id) ?? [],
      notes: notes.get(row.id) ?? [],
      notification: notify_status && { status: notify_status, error: notify_error, tries: notify_tries },
    }));
  }

  return {
    create(input, origin, drawings = [], notify = false) {
      const time = now();
      const createdAt = time.toISOString();
      return storage.write(() => {
        const since = new Date(time.getTime() - REPEAT_WINDOW_MS).toISOString();
        const earlier = sameRecently.get({ ...input, since });
        if (earlier !== undefined) {
          countRepeat.run(earlier);
          return { enquiry: withDrawings([one.get(earlier)!])[0]!, repeated: true };
        }
        const id = Number(insert.run({ ...input, ...origin, createdAt, notify: notify ? 1 : 0 }).lastInsertRowid);
        const stored = drawings.map(({ storedName, ...drawing }) => ({
          ...drawing,
          id: Number(insertDrawing.run({ ...drawing, storedName, enquiryId: id }).lastInsertRowid),
        }));
        const notification = notify ? { status: 'pending' as const, error: null, tries: 0 } : null;
        const enquiry = { ...input, id, createdAt, status: 'new' as const, read: false, starred: false, repeats: 0, trashedAt: null, drawings: stored, notes: [], notification };
        return { enquiry, repeated: false };
      });
    },
    list({ query, view = 'inbox', limit, after }) {
      const cursor = decodeCursor(after);
      const params = { ...searchParams(query), limit: limit + 1 };
      const rows = cursor ? laterPage[view].all({ ...params, ...cursor }) : firstPage[view].all(params);
      const enquiries = withDrawings(rows.slice(0, limit));
      return { enquiries, next: rows.length > limit ? encodeCursor(enquiries[enquiries.length - 1]!) : null };
    },
    count(query, view = 'inbox') {
      return countAll[view].get(searchParams(query))!.n;
    },
    *iterate(query, view) {
      // Batches rather than one open cursor: the connection stays free for other requests while a
      // slow client downloads an export.
      let after: string | undefined;
      do {
        const page = this.list({ query, view, limit: ITERATE_BATCH, after });
        yield* page.enquiries;
        after = page.next ?? undefined;
      } while (after);
    },
    get(id) {
      const row = one.get(id);
      return row && withDrawings([row])[0];
    },
    drawingFile(enquiryId, drawingId) {
      const row = oneDrawing.get(enquiryId, drawingId);
      return row && { ...toDrawing(row), storedName: row.stored_name };
    },
    mark(id, action) {
      return storage.write(() => marks[action].run({ id, now: now().toISOString() }).changes > 0);
    },
    setStage(id, stage, onlyFrom) {
      return storage.write(() => updateStage.run({ id, stage, onlyFrom: onlyFrom ?? null }).changes > 0);
    },
    addNote(id, body) {
      const createdAt = now().toISOString();
      return storage.write(() => (exists.get(id) ? { id: Number(insertNote.run(id, body, createdAt).lastInsertRowid), body, createdAt } : undefined));
    },
    emptyTrash(before) {
      return storage.write(() =>
        trashedBefore.all(before.toISOString()).flatMap((id) => {
          const files = drawingsOf.all(JSON.stringify([id])).map((row) => row.stored_name);
          remove.run(id);
          return files;
        }),
      );
    },
    storedDrawingNames() {
      return new Set(allStoredNames.all());
    },
    delete(id) {
      return storage.write(() => {
        const files = drawingsOf.all(JSON.stringify([id])).map((row) => row.stored_name);
        return remove.run(id).changes > 0 ? files : null;
      });
    },
  };
}
