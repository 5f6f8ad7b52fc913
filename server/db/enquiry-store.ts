import type { Enquiry, NotificationState } from '../../shared/enquiry/enquiry.js';
import type { Drawing, DrawingType } from '../../shared/enquiry/quote.js';
import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';
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
   * `notify`, its e-mail notification is queued in the same row.
   */
  create(input: EnquiryInput, origin: EnquiryOrigin, drawings?: NewDrawing[], notify?: boolean): Enquiry;
  list(options: ListOptions): EnquiryPage;
  count(query?: string): number;
  /** Every matching enquiry, newest first, read a batch at a time (each batch its own query). */
  iterate(query?: string): Generator<Enquiry>;
  get(id: number): Enquiry | undefined;
  /** The stored file name of one drawing of one enquiry. */
  drawingFile(enquiryId: number, drawingId: number): (Drawing & { storedName: string }) | undefined;
  /** The stored names of every drawing file that an enquiry refers to. */
  storedDrawingNames(): Set<string>;
  /** Deletes the enquiry and its drawing rows; the stored names of its files (to remove), or null when there was none. */
  delete(id: number): string[] | null;
}

type Row = Omit<Enquiry, 'createdAt' | 'drawings' | 'notification'> & {
  created_at: string;
  notify_status: NotificationState['status'] | null;
  notify_error: string | null;
  notify_tries: number;
};
interface DrawingRow extends Drawing {
  enquiry_id: number;
  stored_name: string;
}

const COLUMNS = `id, name, email, phone, subject, message, created_at, status, product, company, country, quantity, unit, material,
  notify_status, notify_error, notify_tries`;
const MATCHES = `(@q IS NULL OR contains_ci(name, @q) OR contains_ci(email, @q) OR contains_ci(subject, @q)
  OR contains_ci(company, @q) OR contains_ci(material, @q) OR instr(phone, @qRaw) > 0)`;
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
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
  const firstPage = db.prepare<unknown[], Row>(`SELECT ${COLUMNS} FROM enquiries WHERE ${MATCHES} ${NEWEST_FIRST} LIMIT @limit`);
  const laterPage = db.prepare<unknown[], Row>(
    `SELECT ${COLUMNS} FROM enquiries
     WHERE (created_at < @createdAt OR (created_at = @createdAt AND id < @id)) AND ${MATCHES}
     ${NEWEST_FIRST} LIMIT @limit`,
  );
  const countAll = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM enquiries WHERE ${MATCHES}`);
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

  /** Rows to enquiries, with their drawings (one query for the whole page). */
  function withDrawings(rows: Row[]): Enquiry[] {
    const drawings = new Map<number, Drawing[]>();
    for (const row of drawingsOf.all(JSON.stringify(rows.map((row) => row.id)))) {
      drawings.set(row.enquiry_id, [...(drawings.get(row.enquiry_id) ?? []), toDrawing(row)]);
    }
    return rows.map(({ created_at, notify_status, notify_error, notify_tries, ...row }) => ({
      ...row,
      createdAt: created_at,
      drawings: drawings.get(row.id) ?? [],
      notification: notify_status && { status: notify_status, error: notify_error, tries: notify_tries },
    }));
  }

  return {
    create(input, origin, drawings = [], notify = false) {
      const createdAt = now().toISOString();
      return storage.write(() => {
        const id = Number(insert.run({ ...input, ...origin, createdAt, notify: notify ? 1 : 0 }).lastInsertRowid);
        const stored = drawings.map(({ storedName, ...drawing }) => ({
          ...drawing,
          id: Number(insertDrawing.run({ ...drawing, storedName, enquiryId: id }).lastInsertRowid),
        }));
        const notification = notify ? { status: 'pending' as const, error: null, tries: 0 } : null;
        return { ...input, id, createdAt, status: 'new' as const, drawings: stored, notification };
      });
    },
    list({ query, limit, after }) {
      const cursor = decodeCursor(after);
      const params = { ...searchParams(query), limit: limit + 1 };
      const rows = cursor ? laterPage.all({ ...params, ...cursor }) : firstPage.all(params);
      const enquiries = withDrawings(rows.slice(0, limit));
      return { enquiries, next: rows.length > limit ? encodeCursor(enquiries[enquiries.length - 1]!) : null };
    },
    count(query) {
      return countAll.get(searchParams(query))!.n;
    },
    *iterate(query) {
      // Batches rather than one open cursor: the connection stays free for other requests while a
      // slow client downloads an export.
      let after: string | undefined;
      do {
        const page = this.list({ query, limit: ITERATE_BATCH, after });
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
