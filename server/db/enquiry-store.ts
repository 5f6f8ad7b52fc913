import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';
import type { DB } from './open-database.js';

export interface EnquiryOrigin {
  clientIpHash: string | null;
  userAgent: string | null;
}

export interface ListOptions {
  /** Search text: case-insensitive in name, email and subject; as typed in phone. */
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
  create(input: EnquiryInput, origin: EnquiryOrigin): Enquiry;
  list(options: ListOptions): EnquiryPage;
  count(query?: string): number;
  /** Every matching enquiry, newest first, read a batch at a time (each batch its own query). */
  iterate(query?: string): Generator<Enquiry>;
  get(id: number): Enquiry | undefined;
  delete(id: number): boolean;
}

interface Row {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  subject: string;
  message: string;
  created_at: string;
  status: 'new';
}

const COLUMNS = 'id, name, email, phone, subject, message, created_at, status';
const MATCHES = `(@q IS NULL OR contains_ci(name, @q) OR contains_ci(email, @q) OR contains_ci(subject, @q)
  OR instr(phone, @qRaw) > 0)`;
const NEWEST_FIRST = 'ORDER BY created_at DESC, id DESC';
const ITERATE_BATCH = 1000;

function toEnquiry(row: Row): Enquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
    status: row.status,
  };
}

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

/**
 * Writes go through the storage monitor: create and delete return only once the change is committed
 * to the file at DATABASE_PATH, and throw StorageUnavailableError otherwise.
 */
export function createEnquiryStore(db: DB, storage: StorageMonitor, now: () => Date = () => new Date()): EnquiryStore {
  // .run(), not INSERT … RETURNING with .get(): better-sqlite3 returns the row of a RETURNING
  // statement and drops the error of its failed commit (a full disk acknowledged nothing stored).
  const insert = db.prepare(
    `INSERT INTO enquiries (name, email, phone, subject, message, created_at, status, client_ip_hash, user_agent)
     VALUES (@name, @email, @phone, @subject, @message, @createdAt, 'new', @clientIpHash, @userAgent)`,
  );
  const firstPage = db.prepare<unknown[], Row>(
    `SELECT ${COLUMNS} FROM enquiries WHERE ${MATCHES} ${NEWEST_FIRST} LIMIT @limit`,
  );
  const laterPage = db.prepare<unknown[], Row>(
    `SELECT ${COLUMNS} FROM enquiries
     WHERE (created_at < @createdAt OR (created_at = @createdAt AND id < @id)) AND ${MATCHES}
     ${NEWEST_FIRST} LIMIT @limit`,
  );
  const countAll = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM enquiries WHERE ${MATCHES}`);
  const one = db.prepare<unknown[], Row>(`SELECT ${COLUMNS} FROM enquiries WHERE id = ?`);
  const remove = db.prepare('DELETE FROM enquiries WHERE id = ?');

  return {
    create(input, origin) {
      const createdAt = now().toISOString();
      const id = storage.write(() => Number(insert.run({ ...input, ...origin, createdAt }).lastInsertRowid));
      return { id, ...input, createdAt, status: 'new' };
    },
    list({ query, limit, after }) {
      const cursor = decodeCursor(after);
      const params = { ...searchParams(query), limit: limit + 1 };
      const rows = cursor ? laterPage.all({ ...params, ...cursor }) : firstPage.all(params);
      const enquiries = rows.slice(0, limit).map(toEnquiry);
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
      return row && toEnquiry(row);
    },
    delete(id) {
      return storage.write(() => remove.run(id).changes > 0);
    },
  };
}
