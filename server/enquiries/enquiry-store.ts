import { ADMIN_SPAM_REASON, type BulkAction } from '../../shared/admin/desk.js';
import type { Enquiry, Note, Stage } from '../../shared/enquiry/enquiry.js';
import { SELECT_COLUMNS } from '../../shared/enquiry/enquiry-columns.js';
import type { Drawing } from '../../shared/enquiry/quote.js';
import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import {
  createEnquiryReads,
  NEWEST_FIRST,
  toDrawing,
  type DrawingRow,
  type EnquiryReads,
  type Row,
} from './enquiry-reads.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { TimelineItem } from '../../shared/enquiry/thread.js';
import { createTimelineReads } from './thread/timeline-reads.js';
import type { DB } from '../platform/db/open-database.js';
import { createEnquiryArrivals, type Arrival } from './enquiry-arrivals.js';
import { createEnquiryChanges } from './enquiry-changes.js';
import { createEnquiryRemoval, type Removed } from './enquiry-removal.js';
import { statementCache } from './statement-cache.js';

export type { Arrival, NewDrawing } from './enquiry-arrivals.js';
export { EXPIRED, type Removed } from './enquiry-removal.js';

/** The enquiry store; another database could stand behind this interface. */
export interface EnquiryStore extends Omit<EnquiryReads, 'complete' | 'neighbours' | 'counted'> {
  /** The database file (the desk's reader thread opens its own connection to it). */
  readonly databasePath: string;
  /**
   * Records the enquiry and its drawings in one transaction, committed before it returns; with
   * `notify`, its e-mail notification is queued in the outbox (unless it is spam), and with
   * `acknowledge` the acknowledgement to the buyer (unless it is spam or gives no e-mail address). The same enquiry
   * from the same sender within 10 minutes (a double click), with every field and every file the same,
   * is not stored again: the first one counts a repeat, and `repeated` is true (the caller removes the
   * repeat's files). A resend with anything changed is stored as an enquiry of its own, with its fields
   * and drawings, linked to the earlier one (`resentOf`). An enquiry filed as Spam keeps its drawings
   * (they go with it when Spam is emptied).
   */
  create(input: EnquiryInput, arrival: Arrival): { enquiry: Enquiry; repeated: boolean };
  /** Read, star, spam, move to Trash or back; false when there is no such enquiry (in a state the action applies to). */
  mark(id: number, action: Exclude<BulkAction, 'purge'> | 'star' | 'unstar'): boolean;
  /** The same on many, in one transaction: the ids it changed. */
  markMany(ids: readonly number[], action: Exclude<BulkAction, 'purge'>): number[];
  /**
   * Sets the stage; `onlyFrom` changes it only from that stage (a reply moves New to Open, nothing
   * else). The stage it had (the same when already there); undefined when there is no such enquiry,
   * or it was not at `onlyFrom`.
   */
  setStage(id: number, stage: Stage, onlyFrom?: Stage): Stage | undefined;
  /** Adds an internal note by `author` (the admin's address); undefined when there is no such enquiry. */
  addNote(id: number, body: string, author: string): Note | undefined;
  /** The stored file name of one drawing of one enquiry. */
  drawingFile(enquiryId: number, drawingId: number): (Drawing & { storedName: string }) | undefined;
  /** The stored names of every drawing file that an enquiry refers to. */
  storedDrawingNames(): Set<string>;
  /** Whether this client network (its keyed hash) sent an enquiry before that is not in Spam. */
  hasEnquiriesFrom(network: string): boolean;
  /** Deletes enquiries (with their drawing rows and notes) for good; only those in Trash with `onlyTrashed`. */
  purge(ids: readonly number[], onlyTrashed?: boolean): Removed;
  /** Deletes for good what has been in Trash, or in Spam, since before `before`, or (age) was received before it. */
  expire(kind: 'trash' | 'spam' | 'age', before: Date): Removed;
  /** Form tokens used before `before` (expired tokens are refused anyway) are forgotten. */
  forgetTokens(before: Date): void;
  /**
   * How many messages the site's rules filed in Spam (and are still there) since the enquiry notified
   * before this one, up to this one: its notification lists them, so spam never silences the owner.
   */
  spamBefore(enquiry: Pick<Enquiry, 'id' | 'createdAt'>): number;
  /** Every enquiry of one person, by e-mail address (any case) or phone number (any way of writing it). */
  ofPerson(who: string): Enquiry[];
  /** An enquiry's timeline: its replies both ways, notes and what was done to it (thread/timeline-reads.ts). */
  timeline(enquiry: Enquiry): TimelineItem[];
}

/** A phone number as digits without leading zeros: "+91 (0)98250-12345" and "098250 12345" compare equal at the end. */
export function phoneKey(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^0+/, '');
}

/** The same phone number written two ways: equal keys, or one ends with the other (a country code left out). */
function samePhone(phone: unknown, key: unknown): 0 | 1 {
  if (typeof phone !== 'string' || typeof key !== 'string' || key.length < 8) return 0;
  const mine = phoneKey(phone);
  const [shorter, longer] = mine.length < key.length ? [mine, key] : [key, mine];
  return shorter.length >= 8 && longer.endsWith(shorter) ? 1 : 0;
}

/**
 * Writes go through the storage monitor: each returns only once its change is committed to the file
 * at DATABASE_PATH, and throws StorageUnavailableError otherwise. Days in filters and charts are
 * calendar days in `timeZone`.
 */
export function createEnquiryStore(
  db: DB,
  storage: Pick<StorageMonitor, 'write'>,
  timeZone: string,
  now: () => Date = () => new Date(),
): EnquiryStore {
  db.function('same_phone', { deterministic: true }, samePhone);
  const spamBefore = db
    .prepare<{ id: number; until: string; byAdmin: string }, number>(
      `SELECT count(*) FROM enquiries WHERE spam_reason IS NOT NULL AND spam_reason <> @byAdmin AND trashed_at IS NULL
       AND created_at <= @until AND created_at > coalesce(
         (SELECT max(created_at) FROM enquiries WHERE id IN (SELECT enquiry_id FROM deliveries WHERE channel = 'notification') AND id <> @id AND created_at <= @until), '')`,
    )
    .pluck();
  const reads = createEnquiryReads(db, timeZone, now);
  const timelines = createTimelineReads(db);
  const prepared = statementCache(db);
  const oneDrawing = db.prepare<[number, number], DrawingRow>(
    'SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files WHERE enquiry_id = ? AND id = ?',
  );
  const allStoredNames = db.prepare<[], string>('SELECT stored_name FROM enquiry_files').pluck();
  const enquiryFromNetwork = db
    .prepare<[string], number>('SELECT 1 FROM enquiries WHERE client_ip_hash = ? AND spam_reason IS NULL LIMIT 1')
    .pluck();
  const byPerson = db.prepare<{ email: string | null; phone: string }, Row>(
    `SELECT ${SELECT_COLUMNS} FROM enquiries WHERE (@email IS NOT NULL AND email = @email COLLATE NOCASE) OR same_phone(phone, @phone)
     ${NEWEST_FIRST}`,
  );

  const complete = (rows: Row[]) => reads.complete(rows);

  return {
    ...createEnquiryArrivals(db, storage, now, complete),
    databasePath: db.name,
    list: (filter, limit, after) => reads.list(filter, limit, after),
    count: (filter) => reads.count(filter),
    iterate: (filter) => reads.iterate(filter),
    get: (id) => reads.get(id),
    stats: (weeks, products) => reads.stats(weeks, products),
    drawingFile(enquiryId, drawingId) {
      const row = oneDrawing.get(enquiryId, drawingId);
      return row && { ...toDrawing(row), storedName: row.stored_name };
    },
    ...createEnquiryChanges(db, storage, now, prepared),
    ...createEnquiryRemoval(db, storage, prepared),
    spamBefore({ id, createdAt }) {
      return spamBefore.get({ id, until: createdAt, byAdmin: ADMIN_SPAM_REASON }) ?? 0;
    },
    storedDrawingNames() {
      return new Set(allStoredNames.all());
    },
    hasEnquiriesFrom(network) {
      return enquiryFromNetwork.get(network) !== undefined;
    },
    timeline: (enquiry) => timelines.timeline(enquiry),
    ofPerson(who) {
      const trimmed = who.trim();
      const email = trimmed.includes('@') ? trimmed : null;
      return complete(byPerson.all({ email, phone: email ? '' : phoneKey(trimmed) }));
    },
  };
}
