import { ADMIN_SPAM_REASON, type BulkAction } from '../../shared/admin/desk.js';
import type { Enquiry, Note, Stage } from '../../shared/enquiry/enquiry.js';
import { INPUT_COLUMNS, SELECT_COLUMNS } from '../../shared/enquiry/enquiry-columns.js';
import type { Drawing } from '../../shared/enquiry/quote.js';
import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import { codeOfWritten } from '../../shared/enquiry/country.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { NO_SOURCE, SOURCE_FIELDS, type LeadSource } from '../../shared/enquiry/lead-source.js';
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
import type Database from 'better-sqlite3';
import type { DB } from '../platform/db/open-database.js';
import { queueWebhookEvent } from '../integrations/webhook-events.js';
import { queueEnquiryMail } from '../platform/mail/outbox.js';

export interface EnquiryOrigin {
  clientIpHash: string | null;
  userAgent: string | null;
}

/** A drawing already on disk under its random name, to be recorded with its enquiry. */
export type NewDrawing = Omit<Drawing, 'id'> & { storedName: string };

/** How an enquiry arrived, besides what it says. */
export interface Arrival {
  origin: EnquiryOrigin;
  drawings?: NewDrawing[];
  /** Queue its e-mail notification (never for spam). */
  notify?: boolean;
  /** Queue the acknowledgement to the buyer (only when they gave an e-mail address; never for spam). */
  acknowledge?: boolean;
  /**
   * Why it is spam, or null (spam-rules.ts), asked inside the transaction that stores it, with whether
   * its form token's nonce was used before.
   */
  spamReason?: (replayed: boolean) => string | null;
  /** The nonce of its form token: recorded, so that a second enquiry with the same one is known as a replay. */
  tokenNonce?: string | null;
  /** Where the lead came from (validated: leadSourceOf). */
  source?: LeadSource;
  /** The language of the page it was sent from (default English). */
  language?: LanguageCode;
  /**
   * Bytes of drawings one client network may have in Spam at once: a message filed as Spam keeps its
   * drawings while its network's in Spam, with these, stay within it (default: none kept).
   */
  spamDrawingQuota?: number;
}

/** Enquiries removed for good: how many, and the stored names of their files (to remove from disk). */
export interface Removed {
  ids: number[];
  files: string[];
}

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
/** What housekeeping deletes (EnquiryStore.expire), each found through an index (migration 21, and created_at's). */
export const EXPIRED: Record<'trash' | 'spam' | 'age', string> = {
  trash: 'trashed_at < ?',
  spam: 'spam_at < ?',
  age: 'created_at < ?',
};
/** How long the same enquiry from the same sender counts as a repeat rather than a new one. */
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** What makes two drawings the same: their name, size and content. */
type FileKey = Pick<Drawing, 'name' | 'size' | 'sha256'>;
const fileKeys = (files: readonly FileKey[]) =>
  files.map(({ name, size, sha256 }) => `${sha256} ${size} ${name}`).sort();

/** The same enquiry sent again: every field of the form, and every file (by name, size and content). */
function sameSubmission(
  earlier: Row,
  earlierFiles: readonly FileKey[],
  input: EnquiryInput,
  drawings: readonly FileKey[],
): boolean {
  const sameFields = INPUT_COLUMNS.every((column) => (earlier[column] ?? null) === (input[column] ?? null));
  return sameFields && fileKeys(earlierFiles).join('\n') === fileKeys(drawings).join('\n');
}

/** The reason's end when a message in Spam could not keep its drawings. */
function notKeptInSpam(count: number, quota: number): string {
  const drawings = count === 1 ? 'Its drawing was' : `Its ${count} drawings were`;
  return `${drawings} not kept: its network's drawings in Spam would pass ${Math.round(quota / 1024 / 1024)} MB.`;
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

/** Whether a network's drawings in Spam, with these, fit its quota (none without a known network). */
function spamQuotaCheck(db: DB) {
  const spamBytesOf = db
    .prepare<[string], number>(
      `SELECT coalesce(sum(f.size), 0) FROM enquiries e JOIN enquiry_files f ON f.enquiry_id = e.id
       WHERE e.client_ip_hash = ? AND e.spam_reason IS NOT NULL`,
    )
    .pluck();
  return (network: string | null, drawings: readonly NewDrawing[], quota: number) =>
    drawings.length === 0 ||
    (network !== null && spamBytesOf.get(network)! + drawings.reduce((sum, file) => sum + file.size, 0) <= quota);
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
  // .run(), not INSERT … RETURNING with .get(): better-sqlite3 returns the row of a RETURNING
  // statement and drops the error of its failed commit (a full disk acknowledged nothing stored).
  const insert = db.prepare(
    `INSERT INTO enquiries (${INPUT_COLUMNS.join(', ')}, created_at, status, client_ip_hash, user_agent,
       spam_reason, spam_at, awaiting, last_message_at, resent_of,
       country_code, language, ${Object.values(SOURCE_FIELDS).join(', ')})
     VALUES (${INPUT_COLUMNS.map((column) => `@${column}`).join(', ')}, @createdAt, 'new', @clientIpHash, @userAgent,
       @spamReason, CASE WHEN @spamReason IS NOT NULL THEN @createdAt END,
       'us', @createdAt, @resentOf,
       @countryCode, @language,
       ${Object.keys(SOURCE_FIELDS)
         .map((key) => `@${key}`)
         .join(', ')})`,
  );
  const insertDrawing = db.prepare(
    `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256)
     VALUES (@enquiryId, @storedName, @name, @size, @type, @sha256)`,
  );
  const useToken = db.prepare('INSERT OR IGNORE INTO used_form_tokens (nonce, used_at) VALUES (?, ?)');
  const forgetTokens = db.prepare('DELETE FROM used_form_tokens WHERE used_at < ?');
  const spamBefore = db
    .prepare<{ id: number; until: string; byAdmin: string }, number>(
      `SELECT count(*) FROM enquiries WHERE spam_reason IS NOT NULL AND spam_reason <> @byAdmin AND trashed_at IS NULL
       AND created_at <= @until AND created_at > coalesce(
         (SELECT max(created_at) FROM enquiries WHERE id IN (SELECT enquiry_id FROM deliveries WHERE channel = 'notification') AND id <> @id AND created_at <= @until), '')`,
    )
    .pluck();
  const reads = createEnquiryReads(db, timeZone, now);
  const timelines = createTimelineReads(db);
  const statements = new Map<string, Database.Statement>();
  const prepared = <T>(sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement as Database.Statement<unknown[], T>;
  };
  const sameSenderRecently = db.prepare<unknown[], Row>(
    `SELECT ${SELECT_COLUMNS} FROM enquiries WHERE created_at > @since AND trashed_at IS NULL AND name = @name
     AND phone = @phone AND email IS @email ORDER BY id DESC LIMIT 1`,
  );
  const filesOf = db.prepare<[number], FileKey>('SELECT name, size, sha256 FROM enquiry_files WHERE enquiry_id = ?');
  const countRepeat = db.prepare('UPDATE enquiries SET repeats = repeats + 1 WHERE id = ?');
  const updateStage = db.prepare(
    'UPDATE enquiries SET status = @stage WHERE id = @id AND (@onlyFrom IS NULL OR status = @onlyFrom)',
  );
  const stageOf = db.prepare<[number], Stage>('SELECT status FROM enquiries WHERE id = ?').pluck();
  const exists = db.prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ?').pluck();
  const insertNote = db.prepare('INSERT INTO enquiry_notes (enquiry_id, body, created_at, author) VALUES (?, ?, ?, ?)');
  const one = db.prepare<[number], Row>(`SELECT ${SELECT_COLUMNS} FROM enquiries WHERE id = ?`);
  const drawingsOf = db.prepare<[string], DrawingRow>(
    `SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files
     WHERE enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const oneDrawing = db.prepare<[number, number], DrawingRow>(
    'SELECT id, enquiry_id, stored_name, name, size, type, sha256 FROM enquiry_files WHERE enquiry_id = ? AND id = ?',
  );
  const remove = db.prepare('DELETE FROM enquiries WHERE id = ?');
  const isTrashed = db
    .prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ? AND trashed_at IS NOT NULL')
    .pluck();
  const allStoredNames = db.prepare<[], string>('SELECT stored_name FROM enquiry_files').pluck();
  const enquiryFromNetwork = db
    .prepare<[string], number>('SELECT 1 FROM enquiries WHERE client_ip_hash = ? AND spam_reason IS NULL LIMIT 1')
    .pluck();
  const byPerson = db.prepare<{ email: string | null; phone: string }, Row>(
    `SELECT ${SELECT_COLUMNS} FROM enquiries WHERE (@email IS NOT NULL AND email = @email COLLATE NOCASE) OR same_phone(phone, @phone)
     ${NEWEST_FIRST}`,
  );

  const complete = (rows: Row[]) => reads.complete(rows);
  const withinSpamQuota = spamQuotaCheck(db);

  /** Deletes the enquiries (their notes and drawing rows cascade); their files' stored names. Inside a write. */
  function removeAll(ids: readonly number[]): Removed {
    const files = drawingsOf.all(JSON.stringify(ids)).map((row) => row.stored_name);
    const removed = ids.filter((id) => remove.run(id).changes > 0);
    return { ids: removed, files };
  }

  return {
    create(
      input,
      {
        origin,
        drawings = [],
        notify = false,
        acknowledge = false,
        spamReason = () => null,
        tokenNonce = null,
        source = NO_SOURCE,
        language = 'en',
        spamDrawingQuota = 0,
      },
    ) {
      const time = now();
      const createdAt = time.toISOString();
      return storage.write(() => {
        const since = new Date(time.getTime() - REPEAT_WINDOW_MS).toISOString();
        // The sender's last enquiry: a repeat only when every field and every file is the same.
        const earlier = sameSenderRecently.get({ ...input, since });
        if (earlier && sameSubmission(earlier, filesOf.all(earlier.id), input, drawings)) {
          countRepeat.run(earlier.id);
          return { enquiry: complete([one.get(earlier.id)!])[0]!, repeated: true };
        }
        const resentOf = earlier ? earlier.id : null;
        const replayed = tokenNonce !== null && useToken.run(tokenNonce, createdAt).changes === 0;
        // A message filed as Spam keeps its drawings too, so that "Not spam" restores the whole enquiry,
        // within its network's quota of drawings in Spam.
        const spam = spamReason(replayed);
        const keep = spam === null || withinSpamQuota(origin.clientIpHash, drawings, spamDrawingQuota);
        const reason = keep ? spam : `${spam} ${notKeptInSpam(drawings.length, spamDrawingQuota)}`;
        const queued = notify && reason === null;
        const countryCode = codeOfWritten(input.country);
        const acknowledged = acknowledge && reason === null && Boolean(input.email);
        const id = Number(
          insert.run({
            ...input,
            ...origin,
            ...source,
            createdAt,
            spamReason: reason,
            resentOf,
            countryCode,
            language,
          }).lastInsertRowid,
        );
        if (queued) queueEnquiryMail(db, 'notification', id, createdAt);
        if (acknowledged) queueEnquiryMail(db, 'acknowledgement', id, createdAt);
        if (reason === null) queueWebhookEvent(db, 'enquiry.received', id, {}, time);
        const stored = (keep ? drawings : []).map(({ storedName, ...drawing }) => ({
          ...drawing,
          id: Number(insertDrawing.run({ ...drawing, storedName, enquiryId: id }).lastInsertRowid),
        }));
        const pending = { status: 'pending' as const, error: null, tries: 0 };
        const enquiry: Enquiry = {
          ...input,
          id,
          createdAt,
          status: 'new',
          read: false,
          starred: false,
          repeats: 0,
          trashedAt: null,
          spamReason: reason,
          drawings: stored,
          notes: [],
          notification: queued ? pending : null,
          acknowledgement: acknowledged ? { ...pending } : null,
          source,
          awaiting: 'us',
          lastMessageAt: createdAt,
          followUp: null,
          resentOf,
          replyDelivery: null,
          countryCode,
          language,
        };
        return { enquiry, repeated: false };
      });
    },
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
    mark(id, action) {
      return this.markMany([id], action as Exclude<BulkAction, 'purge'>).length > 0;
    },
    markMany(ids, action) {
      const { set, where } = MARK[action];
      const update = prepared(`UPDATE enquiries SET ${set} WHERE id = @id${where ? ` AND ${where}` : ''}`);
      const at = now().toISOString();
      return storage.write(() => ids.filter((id) => update.run({ id, now: at }).changes > 0));
    },
    setStage(id, stage, onlyFrom) {
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
    addNote(id, body, author) {
      const createdAt = now().toISOString();
      return storage.write(() =>
        exists.get(id)
          ? { id: Number(insertNote.run(id, body, createdAt, author).lastInsertRowid), body, createdAt, author }
          : undefined,
      );
    },
    purge(ids, onlyTrashed = false) {
      return storage.write(() => removeAll(onlyTrashed ? ids.filter((id) => isTrashed.get(id)) : ids));
    },
    expire(kind, before) {
      const due = prepared<number>(`SELECT id FROM enquiries WHERE ${EXPIRED[kind]}`).pluck();
      return storage.write(() => removeAll(due.all(before.toISOString())));
    },
    forgetTokens(before) {
      storage.write(() => forgetTokens.run(before.toISOString()));
    },
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
