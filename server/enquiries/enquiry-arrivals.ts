import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { INPUT_COLUMNS, SELECT_COLUMNS } from '../../shared/enquiry/enquiry-columns.js';
import type { Drawing } from '../../shared/enquiry/quote.js';
import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import { codeOfWritten } from '../../shared/enquiry/country.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { NO_SOURCE, SOURCE_FIELDS, type LeadSource } from '../../shared/enquiry/lead-source.js';
import type { Row } from './enquiry-reads.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
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

/** How an enquiry is stored as it arrives (EnquiryStore.create): its statements, prepared once. */
export function createEnquiryArrivals(
  db: DB,
  storage: Pick<StorageMonitor, 'write'>,
  now: () => Date,
  complete: (rows: Row[]) => Enquiry[],
) {
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
  const sameSenderRecently = db.prepare<unknown[], Row>(
    `SELECT ${SELECT_COLUMNS} FROM enquiries WHERE created_at > @since AND trashed_at IS NULL AND name = @name
     AND phone = @phone AND email IS @email ORDER BY id DESC LIMIT 1`,
  );
  const filesOf = db.prepare<[number], FileKey>('SELECT name, size, sha256 FROM enquiry_files WHERE enquiry_id = ?');
  const countRepeat = db.prepare('UPDATE enquiries SET repeats = repeats + 1 WHERE id = ?');
  const one = db.prepare<[number], Row>(`SELECT ${SELECT_COLUMNS} FROM enquiries WHERE id = ?`);
  const withinSpamQuota = spamQuotaCheck(db);

  return {
    create(
      input: EnquiryInput,
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
      }: Arrival,
    ): { enquiry: Enquiry; repeated: boolean } {
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
  };
}
