/**
 * Schema changes, applied in order at start. Never edit a migration that has shipped: add the next one.
 * PRAGMA user_version holds the number of the last migration applied.
 */
import { codeOfWritten } from '../../../shared/enquiry/country.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /**
   * The migration rebuilds a table (SQLite cannot drop a CHECK constraint in place): foreign keys are
   * off while it runs, and checked before it commits.
   */
  rebuildsTables?: boolean;
  /** SQL functions of one text argument its SQL calls (registered on the connection before it runs). */
  functions?: Readonly<Record<string, (text: string | null) => string | null>>;
}

/**
 * Migration 14's views: the conditions of the store's views (enquiry-store.ts, IN_VIEW) on one row
 * (NEW or OLD in a trigger); `viewsOf` lists them as (view, is in it) pairs.
 */
const VIEWS: [view: string, of: (row: string) => string][] = [
  ['inbox', (row) => `${row}.trashed_at IS NULL AND ${row}.spam_reason IS NULL`],
  ['unread', (row) => `${row}.trashed_at IS NULL AND ${row}.spam_reason IS NULL AND ${row}.read_at IS NULL`],
  ['starred', (row) => `${row}.trashed_at IS NULL AND ${row}.spam_reason IS NULL AND ${row}.starred = 1`],
  ['spam', (row) => `${row}.trashed_at IS NULL AND ${row}.spam_reason IS NOT NULL`],
  ['trash', (row) => `${row}.trashed_at IS NOT NULL`],
];
const viewsOf = (row: string) => `(VALUES ${VIEWS.map(([view, of]) => `('${view}', ${of(row)})`).join(', ')})`;
const countIn = (row: string) => `INSERT INTO enquiry_counts (view, product, stage, n)
    SELECT column1, coalesce(${row}.product, ''), ${row}.status, 1 FROM ${viewsOf(row)} WHERE column2
    ON CONFLICT (view, product, stage) DO UPDATE SET n = n + 1;`;
const countOut = (row: string) => `UPDATE enquiry_counts SET n = n - 1
    WHERE product = coalesce(${row}.product, '') AND stage = ${row}.status
      AND view IN (SELECT column1 FROM ${viewsOf(row)} WHERE column2);`;
/** Migration 14's searched fields (never edit a shipped migration); migration 17 added country and message. */
const SEARCHED = 'name, email, phone, subject, company, material';
const SEARCHED_17 = `${SEARCHED}, country, message`;
/** Migration 46 adds the request's terms and what else a quotation needs (issue 39). */
const SEARCHED_46 = `${SEARCHED_17}, treatment, incoterm, place, certificate, annual, currency, inspection, inspector`;
const columnsOf = (row: string, columns: string) =>
  columns
    .split(', ')
    .map((column) => `${row}.${column}`)
    .join(', ');
const searchedOf = (row: string) => columnsOf(row, SEARCHED);
/** The search index over `columns` and the triggers that keep it (migrations 14 and 17). */
const searchIndex = (columns: string) => `
      CREATE VIRTUAL TABLE enquiry_search USING fts5(
        ${columns},
        content = 'enquiries', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
      );
      INSERT INTO enquiry_search (enquiry_search) VALUES ('rebuild');
      CREATE TRIGGER enquiry_search_insert AFTER INSERT ON enquiries BEGIN
        INSERT INTO enquiry_search (rowid, ${columns}) VALUES (NEW.id, ${columnsOf('NEW', columns)});
      END;
      CREATE TRIGGER enquiry_search_delete AFTER DELETE ON enquiries BEGIN
        INSERT INTO enquiry_search (enquiry_search, rowid, ${columns}) VALUES ('delete', OLD.id, ${columnsOf('OLD', columns)});
      END;
      CREATE TRIGGER enquiry_search_update AFTER UPDATE OF ${columns} ON enquiries BEGIN
        INSERT INTO enquiry_search (enquiry_search, rowid, ${columns}) VALUES ('delete', OLD.id, ${columnsOf('OLD', columns)});
        INSERT INTO enquiry_search (rowid, ${columns}) VALUES (NEW.id, ${columnsOf('NEW', columns)});
      END;`;

/** Migration 22's Awaiting us view on one row, and its count kept in enquiry_counts. */
const AWAITING_US = (row: string) =>
  `${row}.awaiting = 'us' AND ${row}.trashed_at IS NULL AND ${row}.spam_reason IS NULL AND ${row}.status NOT IN ('won', 'lost')`;
const awaitingIn = (row: string) => `INSERT INTO enquiry_counts (view, product, stage, n)
        SELECT 'awaiting', coalesce(${row}.product, ''), ${row}.status, 1 WHERE ${AWAITING_US(row)}
        ON CONFLICT (view, product, stage) DO UPDATE SET n = n + 1;`;
const awaitingOut = (row: string) => `UPDATE enquiry_counts SET n = n - 1
        WHERE view = 'awaiting' AND product = coalesce(${row}.product, '') AND stage = ${row}.status AND ${AWAITING_US(row)};`;
/**
 * Migration 24's sources of the thread's search index: table, kind (0–3, in the row id), the text of
 * one row (NEW or OLD), and the columns whose change re-indexes it.
 */
const THREAD_SOURCES: [table: string, kind: number, text: (row: string) => string, columns: string][] = [
  ['enquiry_messages', 1, (row) => `${row}.subject || char(10) || ${row}.body`, 'subject, body'],
  ['enquiry_notes', 2, (row) => `${row}.body`, 'body'],
  ['enquiry_files', 3, (row) => `${row}.name`, 'name'],
];
const threadRowId = (row: string, kind: number) => `(${row}.enquiry_id << 32) | (${kind} << 30) | ${row}.id`;
/** The index filled from one source, and the triggers that keep it in each change's transaction. */
const threadSearchOf = ([table, kind, text, columns]: (typeof THREAD_SOURCES)[number]) => `
      INSERT INTO thread_search (rowid, text) SELECT ${threadRowId(table, kind)}, ${text(table)} FROM ${table};
      CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table} BEGIN
        INSERT INTO thread_search (rowid, text) VALUES (${threadRowId('NEW', kind)}, ${text('NEW')});
      END;
      CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table} BEGIN
        DELETE FROM thread_search WHERE rowid = ${threadRowId('OLD', kind)};
      END;
      CREATE TRIGGER ${table}_search_update AFTER UPDATE OF ${columns}, enquiry_id ON ${table} BEGIN
        DELETE FROM thread_search WHERE rowid = ${threadRowId('OLD', kind)};
        INSERT INTO thread_search (rowid, text) VALUES (${threadRowId('NEW', kind)}, ${text('NEW')});
      END;`;

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'enquiries',
    sql: `
      CREATE TABLE enquiries (
        id             INTEGER PRIMARY KEY,
        name           TEXT NOT NULL,
        email          TEXT,
        phone          TEXT NOT NULL,
        subject        TEXT NOT NULL,
        message        TEXT NOT NULL,
        created_at     TEXT NOT NULL,                -- ISO 8601, UTC, set by the server
        status         TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new')),
        client_ip_hash TEXT,                         -- keyed hash of the sender's IP, for abuse control
        user_agent     TEXT
      );
      CREATE INDEX enquiries_newest_first ON enquiries (created_at DESC, id DESC);
    `,
  },
  {
    version: 2,
    name: 'admin accounts and sessions',
    sql: `
      CREATE TABLE admin_users (
        id            INTEGER PRIMARY KEY,
        email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE TABLE sessions (
        sid        TEXT PRIMARY KEY,
        data       TEXT NOT NULL,
        expires_at INTEGER NOT NULL                  -- milliseconds since the epoch
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
  {
    version: 3,
    name: 'sign-in throttle',
    sql: `
      -- Failed (and in-flight) sign-in attempts per key: a client IP or an account, both as keyed hashes.
      CREATE TABLE login_attempts (
        key           TEXT PRIMARY KEY,
        failures      INTEGER NOT NULL,
        window_start  INTEGER NOT NULL,              -- milliseconds since the epoch
        blocked_until INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX login_attempts_by_age ON login_attempts (window_start);
    `,
  },
  {
    version: 4,
    name: 'storage probe',
    sql: `
      -- One row that /healthz rewrites: a real committed write proves the database can take one.
      CREATE TABLE storage_probe (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        checked_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'quote details and drawings',
    sql: `
      ALTER TABLE enquiries ADD COLUMN product  TEXT;     -- a category slug or 'other'
      ALTER TABLE enquiries ADD COLUMN company  TEXT;
      ALTER TABLE enquiries ADD COLUMN country  TEXT;
      ALTER TABLE enquiries ADD COLUMN quantity REAL;
      ALTER TABLE enquiries ADD COLUMN unit     TEXT CHECK (unit IN ('pieces', 'kg', 'tonnes'));
      ALTER TABLE enquiries ADD COLUMN material TEXT;
      CREATE TABLE enquiry_files (
        id          INTEGER PRIMARY KEY,
        enquiry_id  INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        stored_name TEXT NOT NULL UNIQUE,            -- random name under DATA_DIR/uploads
        name        TEXT NOT NULL,                   -- the original name, cleaned
        size        INTEGER NOT NULL,
        type        TEXT NOT NULL,                   -- detected from the content: pdf, dwg, dxf, step, iges, jpeg, png
        sha256      TEXT NOT NULL
      );
      CREATE INDEX enquiry_files_by_enquiry ON enquiry_files (enquiry_id);
    `,
  },
  {
    version: 7,
    name: 'enquiry desk: stages, read state, star, trash, spam, notification status, notes, audit log',
    rebuildsTables: true,
    sql: `
      CREATE TABLE enquiries_rebuilt (
        id             INTEGER PRIMARY KEY,
        name           TEXT NOT NULL,
        email          TEXT,
        phone          TEXT NOT NULL,
        subject        TEXT NOT NULL,
        message        TEXT NOT NULL,
        created_at     TEXT NOT NULL,
        -- The stage of the sale; 'new' is the spec's status at creation.
        status         TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'quoted', 'won', 'lost')),
        client_ip_hash TEXT,
        user_agent     TEXT,
        product        TEXT,
        company        TEXT,
        country        TEXT,
        quantity       REAL,
        unit           TEXT CHECK (unit IN ('pieces', 'kg', 'tonnes')),
        material       TEXT,
        read_at        TEXT,                         -- when the admin first opened it; NULL: unread
        starred        INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
        trashed_at     TEXT,                         -- in Trash since then; emptied after the retention period
        spam_reason    TEXT,                         -- why it was flagged; NULL: not spam
        repeats        INTEGER NOT NULL DEFAULT 0,   -- the same content from the same sender again, not stored twice
        notify_status  TEXT CHECK (notify_status IN ('pending', 'sent', 'failed')),
        notify_error   TEXT,
        notify_tries   INTEGER NOT NULL DEFAULT 0,
        notify_next_at TEXT
      );
      INSERT INTO enquiries_rebuilt (id, name, email, phone, subject, message, created_at, status, client_ip_hash,
        user_agent, product, company, country, quantity, unit, material)
      SELECT id, name, email, phone, subject, message, created_at, status, client_ip_hash,
        user_agent, product, company, country, quantity, unit, material FROM enquiries;
      DROP TABLE enquiries;
      ALTER TABLE enquiries_rebuilt RENAME TO enquiries;
      CREATE INDEX enquiries_newest_first ON enquiries (created_at DESC, id DESC);
      CREATE INDEX enquiries_notifications_due ON enquiries (notify_next_at) WHERE notify_status = 'pending';

      CREATE TABLE enquiry_notes (
        id         INTEGER PRIMARY KEY,
        enquiry_id INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        body       TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX enquiry_notes_by_enquiry ON enquiry_notes (enquiry_id);

      -- Who did what to which enquiry, when (sign-ins, exports, deletions, restores, erasures); kept a year.
      CREATE TABLE audit_log (
        id         INTEGER PRIMARY KEY,
        at         TEXT NOT NULL,
        actor      TEXT NOT NULL,
        action     TEXT NOT NULL,
        enquiry_id INTEGER,
        detail     TEXT
      );
      CREATE INDEX audit_log_by_time ON audit_log (at);
    `,
  },
  {
    version: 8,
    name: 'one admin account',
    sql: `
      -- An older npm run admin:password added a second account instead of changing the first (whose
      -- generated password is in the log): keep the account whose credentials were set last.
      DELETE FROM admin_users WHERE id <> (SELECT id FROM admin_users ORDER BY updated_at DESC, id DESC LIMIT 1);
      CREATE TRIGGER admin_users_only_one BEFORE INSERT ON admin_users
        WHEN (SELECT count(*) FROM admin_users) > 0
        BEGIN SELECT RAISE(ABORT, 'there is only one admin account: change it with npm run admin:password'); END;
      -- Sessions from before carry no credentials stamp (and most are empty ones of anonymous visitors).
      DELETE FROM sessions;
    `,
  },
  {
    version: 9,
    name: 'spam folder: when flagged, and the form tokens already used',
    sql: `
      ALTER TABLE enquiries ADD COLUMN spam_at TEXT;   -- flagged as spam then; Spam is emptied after 30 days
      UPDATE enquiries SET spam_at = created_at WHERE spam_reason IS NOT NULL;
      -- A form token is good for one enquiry: a second one with it is a replay (kept until it expires).
      CREATE TABLE used_form_tokens (
        nonce   TEXT PRIMARY KEY,
        used_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 10,
    name: 'enquiry numbers are never used twice',
    rebuildsTables: true,
    sql: `
      -- Without AUTOINCREMENT SQLite gives the number of the newest enquiry, once deleted, to the next
      -- one: the audit log's "enquiry #8" would then name two enquiries.
      CREATE TABLE enquiries_rebuilt (
        id             INTEGER PRIMARY KEY AUTOINCREMENT,
        name           TEXT NOT NULL,
        email          TEXT,
        phone          TEXT NOT NULL,
        subject        TEXT NOT NULL,
        message        TEXT NOT NULL,
        created_at     TEXT NOT NULL,
        status         TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'open', 'quoted', 'won', 'lost')),
        client_ip_hash TEXT,
        user_agent     TEXT,
        product        TEXT,
        company        TEXT,
        country        TEXT,
        quantity       REAL,
        unit           TEXT CHECK (unit IN ('pieces', 'kg', 'tonnes')),
        material       TEXT,
        read_at        TEXT,
        starred        INTEGER NOT NULL DEFAULT 0 CHECK (starred IN (0, 1)),
        trashed_at     TEXT,
        spam_reason    TEXT,
        repeats        INTEGER NOT NULL DEFAULT 0,
        notify_status  TEXT CHECK (notify_status IN ('pending', 'sent', 'failed')),
        notify_error   TEXT,
        notify_tries   INTEGER NOT NULL DEFAULT 0,
        notify_next_at TEXT,
        spam_at        TEXT
      );
      INSERT INTO enquiries_rebuilt SELECT id, name, email, phone, subject, message, created_at, status, client_ip_hash,
        user_agent, product, company, country, quantity, unit, material, read_at, starred, trashed_at, spam_reason, repeats,
        notify_status, notify_error, notify_tries, notify_next_at, spam_at FROM enquiries;
      DROP TABLE enquiries;
      ALTER TABLE enquiries_rebuilt RENAME TO enquiries;
      CREATE INDEX enquiries_newest_first ON enquiries (created_at DESC, id DESC);
      CREATE INDEX enquiries_notifications_due ON enquiries (notify_next_at) WHERE notify_status = 'pending';
      -- Numbers already given out and since deleted (the audit log remembers them) are not given again.
      UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT max(enquiry_id) FROM audit_log), 0)) WHERE name = 'enquiries';
      INSERT INTO sqlite_sequence (name, seq) SELECT 'enquiries', coalesce((SELECT max(enquiry_id) FROM audit_log), 0)
        WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'enquiries');
    `,
  },
  {
    version: 11,
    name: 'site content: every save a revision, the newest published',
    sql: `
      CREATE TABLE site_revisions (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        actor      TEXT NOT NULL,
        note       TEXT NOT NULL DEFAULT '',
        -- Which revision a restore brought back, else NULL.
        restored   INTEGER,
        content    TEXT NOT NULL CHECK (json_valid(content))
      );
    `,
  },
  {
    version: 12,
    name: 'photos uploaded in the site editor',
    sql: `
      -- One row per photo, written once its variants are on disk; its files are named by the id.
      CREATE TABLE media (
        id          TEXT PRIMARY KEY CHECK (length(id) = 20),
        width       INTEGER NOT NULL,
        height      INTEGER NOT NULL,
        placeholder TEXT NOT NULL,
        -- The original as uploaded (kept for re-processing, never served): its format, size and name.
        format      TEXT NOT NULL,
        bytes       INTEGER NOT NULL,
        name        TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        actor       TEXT NOT NULL
      );
    `,
  },
  {
    version: 13,
    name: 'enquiries: a repeat is found by its sender',
    // Each new enquiry looks for the same one sent within minutes (enquiry-store.ts, sameRecently):
    // by the time index alone that read every enquiry of those minutes (1,450 stored a second with
    // this index in npm run bench, 790 without).
    sql: `CREATE INDEX enquiries_same_sender ON enquiries (name, phone, created_at);`,
  },
  {
    version: 14,
    name: 'enquiry desk at scale: a search index, counts kept by triggers, an index per view',
    // At 100,000 enquiries every panel read scanned the table (three counts and the products chart,
    // 50–80 ms each) and the search called a JavaScript function on five columns of every row (738 ms).
    sql: `
      -- The fields the desk searches (not the message), as a trigram index: any substring of 3 or more
      -- characters, in any case and with or without accents, is found through it (docs/enquiry-desk.md).
      CREATE VIRTUAL TABLE enquiry_search USING fts5(
        ${SEARCHED},
        content = 'enquiries', content_rowid = 'id',
        tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
      );
      INSERT INTO enquiry_search (enquiry_search) VALUES ('rebuild');
      CREATE TRIGGER enquiry_search_insert AFTER INSERT ON enquiries BEGIN
        INSERT INTO enquiry_search (rowid, ${SEARCHED}) VALUES (NEW.id, ${searchedOf('NEW')});
      END;
      CREATE TRIGGER enquiry_search_delete AFTER DELETE ON enquiries BEGIN
        INSERT INTO enquiry_search (enquiry_search, rowid, ${SEARCHED}) VALUES ('delete', OLD.id, ${searchedOf('OLD')});
      END;
      CREATE TRIGGER enquiry_search_update AFTER UPDATE OF ${SEARCHED} ON enquiries BEGIN
        INSERT INTO enquiry_search (enquiry_search, rowid, ${SEARCHED}) VALUES ('delete', OLD.id, ${searchedOf('OLD')});
        INSERT INTO enquiry_search (rowid, ${SEARCHED}) VALUES (NEW.id, ${searchedOf('NEW')});
      END;

      -- How many enquiries each view holds, by product ('' when none was given) and stage: kept by the
      -- triggers below in the transaction of each change, so no count reads the enquiries table.
      CREATE TABLE enquiry_counts (
        view    TEXT NOT NULL,
        product TEXT NOT NULL,
        stage   TEXT NOT NULL,
        n       INTEGER NOT NULL CHECK (n >= 0),
        PRIMARY KEY (view, product, stage)
      ) WITHOUT ROWID;
      INSERT INTO enquiry_counts (view, product, stage, n)
        ${VIEWS.map(
          ([view, of]) =>
            `SELECT '${view}', coalesce(product, ''), status, count(*) FROM enquiries WHERE ${of('enquiries')} GROUP BY 2, 3`,
        ).join('\n        UNION ALL ')};
      CREATE TRIGGER enquiry_counts_insert AFTER INSERT ON enquiries BEGIN
        ${countIn('NEW')}
      END;
      CREATE TRIGGER enquiry_counts_delete AFTER DELETE ON enquiries BEGIN
        ${countOut('OLD')}
      END;
      CREATE TRIGGER enquiry_counts_update AFTER UPDATE OF trashed_at, spam_reason, read_at, starred, product, status ON enquiries BEGIN
        ${countOut('OLD')}
        ${countIn('NEW')}
      END;

      -- What the desk checks of each enquiry the search finds (its view, stage, product, day), by id:
      -- a few bytes a row, where the table's rows hold the whole message.
      CREATE INDEX enquiries_desk ON enquiries (id, created_at, trashed_at, spam_reason, read_at, starred, status, product);
      -- One index per view, newest first: a page of a sparse view (Starred, Spam …) reads only its own rows,
      -- and the weekly chart counts the inbox's recent weeks from its index alone.
      CREATE INDEX enquiries_inbox ON enquiries (created_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL;
      CREATE INDEX enquiries_unread ON enquiries (created_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL AND read_at IS NULL;
      CREATE INDEX enquiries_starred ON enquiries (created_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL AND starred = 1;
      CREATE INDEX enquiries_spam ON enquiries (created_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NOT NULL;
      CREATE INDEX enquiries_trash ON enquiries (created_at DESC, id DESC) WHERE trashed_at IS NOT NULL;
    `,
  },
  {
    version: 15,
    name: 'a second factor for the admin: authenticator codes and recovery codes',
    // Off until the admin turns it on: the account keeps signing in with its password alone until then.
    sql: `
      -- The authenticator's secret, encrypted with a key derived from the server secret (secret-box.ts),
      -- and the last 30-second step a code was accepted for: a code is good once.
      ALTER TABLE admin_users ADD COLUMN totp_secret TEXT;
      ALTER TABLE admin_users ADD COLUMN totp_step INTEGER NOT NULL DEFAULT 0;
      -- Single-use codes for when the phone is lost, stored only as keyed hashes.
      CREATE TABLE admin_recovery_codes (
        code_hash  TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        used_at    TEXT
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 16,
    name: "the admin's passkeys (WebAuthn)",
    sql: `
      -- One row per passkey: the credential's id (base64url) and its COSE public key as the browser gave
      -- them at registration, the signature counter it last reported, the transports it named (JSON),
      -- and the name the admin gave it. No secret: a copy of the database signs in nowhere.
      CREATE TABLE admin_passkeys (
        id            INTEGER PRIMARY KEY,
        credential_id TEXT NOT NULL UNIQUE,
        account_id    INTEGER NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        public_key    BLOB NOT NULL,
        counter       INTEGER NOT NULL DEFAULT 0,
        transports    TEXT NOT NULL DEFAULT '[]',
        name          TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        last_used_at  TEXT
      );
      CREATE INDEX admin_passkeys_account ON admin_passkeys (account_id);
    `,
  },
  {
    version: 17,
    name: 'the desk searches the message and the country too',
    // The same trigram index (any substring of 3 or more characters, in any case, with or without
    // accents), rebuilt over two more columns: FTS5 cannot add a column to an index in place.
    sql: `
      DROP TRIGGER enquiry_search_insert;
      DROP TRIGGER enquiry_search_delete;
      DROP TRIGGER enquiry_search_update;
      DROP TABLE enquiry_search;
      ${searchIndex(SEARCHED_17)}
    `,
  },
  {
    version: 18,
    name: 'where each lead came from, and a report of what leads became',
    sql: `
      -- The visit's landing page (path and query, on this site), the external site that sent the
      -- buyer (its host only), and the campaign in the landing page's address: see lead-source.ts.
      ALTER TABLE enquiries ADD COLUMN source_landing TEXT;
      ALTER TABLE enquiries ADD COLUMN source_referrer TEXT;
      ALTER TABLE enquiries ADD COLUMN utm_source TEXT;
      ALTER TABLE enquiries ADD COLUMN utm_medium TEXT;
      ALTER TABLE enquiries ADD COLUMN utm_campaign TEXT;
      -- The Reports page reads a period of the inbox by source, product, country and stage from this
      -- index alone (server/admin/reports/report-reads.ts), never the table's wide rows. The last two
      -- columns are NULL in every row of it; SQLite needs them there to read nothing else.
      CREATE INDEX enquiries_report
        ON enquiries (created_at, status, product, country, utm_source, source_referrer, trashed_at, spam_reason)
        WHERE trashed_at IS NULL AND spam_reason IS NULL;
    `,
  },
  {
    version: 19,
    name: "the enquiry's thread: replies sent and received, its timeline, follow-up dates, the morning digest",
    sql: `
      -- Every e-mail of an enquiry's thread besides the enquiry itself: replies the desk sent, and the
      -- buyer's replies taken from the mailbox (server/enquiries/mailbox). message_id is the Message-ID
      -- header without its angle brackets; a message is never stored twice (a restart mid-poll, a
      -- second poll). A sent reply carries its delivery (pending, sent, failed), retried like the
      -- enquiry's notification.
      CREATE TABLE enquiry_messages (
        id           INTEGER PRIMARY KEY,
        enquiry_id   INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        direction    TEXT NOT NULL CHECK (direction IN ('sent', 'received')),
        message_id   TEXT NOT NULL UNIQUE,
        in_reply_to  TEXT,
        refs         TEXT NOT NULL DEFAULT '',    -- the References header: message ids, space-separated
        sender       TEXT NOT NULL,               -- sent: the admin's address; received: the From address
        recipient    TEXT NOT NULL,               -- the To address
        subject      TEXT NOT NULL,
        body         TEXT NOT NULL,               -- plain text (HTML reduced to text)
        created_at   TEXT NOT NULL,               -- written (sent), or taken from the mailbox (received)
        send_status  TEXT CHECK (send_status IN ('pending', 'sent', 'failed')),
        send_error   TEXT,
        send_tries   INTEGER NOT NULL DEFAULT 0,
        send_next_at TEXT,
        sent_at      TEXT
      );
      CREATE INDEX enquiry_messages_by_enquiry ON enquiry_messages (enquiry_id, created_at);
      CREATE INDEX enquiry_messages_to_send ON enquiry_messages (send_next_at) WHERE send_status = 'pending';
      -- The files a message carried: a reply's attachments (drawings of the enquiry, or uploaded with the
      -- reply), and the drawings a buyer's reply brought (stored as drawings of the enquiry).
      CREATE TABLE enquiry_message_files (
        message_id INTEGER NOT NULL REFERENCES enquiry_messages (id) ON DELETE CASCADE,
        file_id    INTEGER NOT NULL REFERENCES enquiry_files (id) ON DELETE CASCADE,
        PRIMARY KEY (message_id, file_id)
      ) WITHOUT ROWID;
      CREATE INDEX enquiry_message_files_by_file ON enquiry_message_files (file_id);

      -- What was done to an enquiry, for its timeline: stage changes, Spam and back, Trash and back,
      -- follow-up dates. actor is the admin's address, or 'system'.
      CREATE TABLE enquiry_events (
        id         INTEGER PRIMARY KEY,
        enquiry_id INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        at         TEXT NOT NULL,
        actor      TEXT NOT NULL,
        kind       TEXT NOT NULL,
        detail     TEXT
      );
      CREATE INDEX enquiry_events_by_enquiry ON enquiry_events (enquiry_id, at);
      -- Who wrote a note (earlier notes: unknown).
      ALTER TABLE enquiry_notes ADD COLUMN author TEXT;

      -- Whose turn it is ('us' after the enquiry or a buyer's reply, 'buyer' after our reply) and when
      -- the thread's last message came; a next-action date (a calendar day in the site's time zone)
      -- with a short reminder.
      ALTER TABLE enquiries ADD COLUMN awaiting TEXT CHECK (awaiting IN ('us', 'buyer'));
      ALTER TABLE enquiries ADD COLUMN last_message_at TEXT;
      ALTER TABLE enquiries ADD COLUMN follow_up_on TEXT;
      ALTER TABLE enquiries ADD COLUMN follow_up_note TEXT;
      -- Enquiries answered before the desk could reply were answered by mail: only New ones wait for us.
      UPDATE enquiries SET last_message_at = created_at, awaiting = CASE WHEN status = 'new' THEN 'us' END;
      -- The Due view: follow-ups by date, in the inbox.
      CREATE INDEX enquiries_due ON enquiries (follow_up_on, id)
        WHERE follow_up_on IS NOT NULL AND trashed_at IS NULL AND spam_reason IS NULL;

      -- The morning digest: the days it went (or had nothing to say), so it goes once a day across restarts.
      CREATE TABLE digest_days (
        day     TEXT PRIMARY KEY,                 -- YYYY-MM-DD in the site's time zone
        done_at TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'nothing to say'))
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 20,
    name: 'PDFs uploaded in the site editor (a certificate’s)',
    sql: `
      -- One row per PDF, written once its file (media/pdfs/<id>.pdf) is on disk; the id is made from
      -- its content. Its size, and the name it was uploaded under, when and by whom.
      CREATE TABLE media_pdfs (
        id          TEXT PRIMARY KEY CHECK (length(id) = 20),
        bytes       INTEGER NOT NULL,
        name        TEXT NOT NULL,
        created_at  TEXT NOT NULL,
        actor       TEXT NOT NULL
      );
    `,
  },
  {
    version: 21,
    name: 'indexes for emptying Trash and Spam',
    sql: `
      -- Housekeeping (at start and daily) finds what has been in Trash, or in Spam, too long: by these,
      -- not by reading every enquiry (at 100,000 enquiries the read of spam_at took 86 ms on the event loop).
      CREATE INDEX enquiries_trashed_at ON enquiries (trashed_at) WHERE trashed_at IS NOT NULL;
      CREATE INDEX enquiries_spam_at ON enquiries (spam_at) WHERE spam_at IS NOT NULL;
    `,
  },
  {
    version: 22,
    name: 'the list by the last message of each thread, and the Awaiting us view',
    // Like Gmail and Front: a buyer's answer puts its enquiry at the top. Each view's index is by the
    // thread's last message (newest first) instead of the day the enquiry came; the inbox keeps its
    // index by that day too (the weekly chart and the day filters read it).
    sql: `
      UPDATE enquiries SET last_message_at = created_at WHERE last_message_at IS NULL;
      -- An enquiry written without it (an older writer, a bulk fill): its last message is itself.
      CREATE TRIGGER enquiries_last_message_default AFTER INSERT ON enquiries WHEN NEW.last_message_at IS NULL BEGIN
        UPDATE enquiries SET last_message_at = NEW.created_at WHERE id = NEW.id;
      END;
      DROP INDEX enquiries_unread;
      DROP INDEX enquiries_starred;
      DROP INDEX enquiries_spam;
      DROP INDEX enquiries_trash;
      CREATE INDEX enquiries_inbox_latest ON enquiries (last_message_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL;
      CREATE INDEX enquiries_unread ON enquiries (last_message_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL AND read_at IS NULL;
      CREATE INDEX enquiries_starred ON enquiries (last_message_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NULL AND starred = 1;
      CREATE INDEX enquiries_spam ON enquiries (last_message_at DESC, id DESC) WHERE trashed_at IS NULL AND spam_reason IS NOT NULL;
      CREATE INDEX enquiries_trash ON enquiries (last_message_at DESC, id DESC) WHERE trashed_at IS NOT NULL;
      -- Awaiting us: the inbox's open threads (not Won or Lost) whose last message is the buyer's, the longest waiting first,
      -- counted (by product and stage) in enquiry_counts like the other views, by triggers of its own.
      CREATE INDEX enquiries_awaiting ON enquiries (last_message_at, id)
        WHERE awaiting = 'us' AND trashed_at IS NULL AND spam_reason IS NULL AND status NOT IN ('won', 'lost');
      INSERT INTO enquiry_counts (view, product, stage, n)
        SELECT 'awaiting', coalesce(product, ''), status, count(*) FROM enquiries WHERE ${AWAITING_US('enquiries')} GROUP BY 2, 3;
      CREATE TRIGGER enquiry_counts_awaiting_insert AFTER INSERT ON enquiries BEGIN
        ${awaitingIn('NEW')}
      END;
      CREATE TRIGGER enquiry_counts_awaiting_delete AFTER DELETE ON enquiries BEGIN
        ${awaitingOut('OLD')}
      END;
      CREATE TRIGGER enquiry_counts_awaiting_update AFTER UPDATE OF awaiting, trashed_at, spam_reason, product, status ON enquiries BEGIN
        ${awaitingOut('OLD')}
        ${awaitingIn('NEW')}
      END;
      -- The desk's covering index (migration 14) with what the new orders and the new view read.
      DROP INDEX enquiries_desk;
      CREATE INDEX enquiries_desk
        ON enquiries (id, created_at, last_message_at, awaiting, trashed_at, spam_reason, read_at, starred, status, product);
    `,
  },
  {
    version: 23,
    name: 'the admin is e-mailed when a buyer answers',
    sql: `
      -- When the admin was e-mailed about a buyer's answer (server/enquiries/notifications/answer-mail.ts);
      -- NULL: not yet. Answers taken before this release are not announced now.
      ALTER TABLE enquiry_messages ADD COLUMN announced_at TEXT;
      UPDATE enquiry_messages SET announced_at = created_at WHERE direction = 'received';
      CREATE INDEX enquiry_messages_to_announce ON enquiry_messages (id) WHERE direction = 'received' AND announced_at IS NULL;
    `,
  },
  {
    version: 24,
    name: 'the desk searches the whole thread: messages both ways, notes and attachment names',
    // A second trigram index (the same folding as enquiry_search) over every text of the thread. It
    // keeps no copy of the text (contentless): each row's id carries its enquiry, (enquiry << 32) |
    // (kind << 30) | the source row's id, so a match gives the enquiry by a shift, without a join.
    sql: `
      CREATE VIRTUAL TABLE thread_search USING fts5(
        text, content = '', contentless_delete = 1,
        tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
      );
      ${THREAD_SOURCES.map(threadSearchOf).join('\n')}
    `,
  },
  {
    version: 25,
    name: 'a resend with changes linked to the enquiry it resends',
    sql: `
      -- The same sender sent the form again within minutes with something changed (a quantity, the text,
      -- a drawing added): stored as an enquiry of its own that names the earlier one.
      ALTER TABLE enquiries ADD COLUMN resent_of INTEGER REFERENCES enquiries (id) ON DELETE SET NULL;
      CREATE INDEX enquiries_resent_of ON enquiries (resent_of) WHERE resent_of IS NOT NULL;
    `,
  },
  {
    version: 26,
    name: 'messages in Spam keep their drawings, within a quota per client network',
    sql: `
      -- What a network has in Spam, found without reading every enquiry, to hold its drawings to the quota.
      CREATE INDEX enquiries_spam_by_network ON enquiries (client_ip_hash) WHERE spam_reason IS NOT NULL;
    `,
  },
  {
    version: 27,
    name: 'automatic replies in the thread',
    sql: `
      -- A received message sent by a program (Auto-Submitted, Precedence: bulk, an out-of-office): kept
      -- in the thread as an automatic reply; it neither marks the enquiry unread nor awaiting us.
      ALTER TABLE enquiry_messages ADD COLUMN automatic INTEGER NOT NULL DEFAULT 0 CHECK (automatic IN (0, 1));
    `,
  },
  {
    version: 28,
    name: "an enquiry's replies not yet accepted by the mail server, for its row, the header and the digest",
    sql: `
      -- Where the desk's replies on an enquiry stand when one is not sent: 'failed' when one failed for
      -- good, else 'pending' while one is being tried; NULL when every reply was accepted. reply_error is
      -- that reply's last error. Kept by the reply queue (server/enquiries/replies/reply-queue.ts).
      ALTER TABLE enquiries ADD COLUMN reply_status TEXT CHECK (reply_status IN ('pending', 'failed'));
      ALTER TABLE enquiries ADD COLUMN reply_error  TEXT;
      UPDATE enquiries SET
        reply_status = (SELECT CASE WHEN count(*) = 0 THEN NULL WHEN max(m.send_status = 'failed') THEN 'failed' ELSE 'pending' END
                        FROM enquiry_messages m WHERE m.enquiry_id = enquiries.id AND m.direction = 'sent'
                          AND m.send_status IN ('pending', 'failed')),
        reply_error = (SELECT m.send_error FROM enquiry_messages m
                       WHERE m.enquiry_id = enquiries.id AND m.direction = 'sent' AND m.send_status IN ('pending', 'failed')
                       ORDER BY m.send_status = 'failed' DESC, m.id DESC LIMIT 1)
      WHERE id IN (SELECT enquiry_id FROM enquiry_messages WHERE direction = 'sent' AND send_status IN ('pending', 'failed'));
      -- The header's count of failed replies, and the digest's first section.
      CREATE INDEX enquiries_reply_failed ON enquiries (id) WHERE reply_status = 'failed';
    `,
  },
  {
    version: 29,
    name: 'passkey challenges spent',
    sql: `
      -- A passkey challenge is answered once: the first answer to it writes its row (INSERT OR IGNORE),
      -- so ten copies of one answer sent at once sign in once. Rows older than the challenge's time
      -- limit are removed as new ones come (a challenge that old is refused anyway).
      CREATE TABLE IF NOT EXISTS passkey_challenges_spent (
        challenge TEXT PRIMARY KEY,
        spent_at  INTEGER NOT NULL   -- milliseconds since the epoch, by the site's clock
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 30,
    name: 'one country, one name: the ISO code of the country the buyer wrote',
    // Each distinct text is looked up once (a few hundred at 100,000 enquiries), then one UPDATE reads
    // the code from that table by its key: no JavaScript call per row.
    functions: { country_code_of: codeOfWritten },
    sql: `
      -- The ISO 3166-1 code of the country as the buyer wrote it (country keeps their text): NULL when
      -- none was given or the text names no one country (Europe, Congo, a typo), then shown as written.
      ALTER TABLE enquiries ADD COLUMN country_code TEXT;
      CREATE TEMP TABLE country_spellings (country TEXT PRIMARY KEY, code TEXT);
      INSERT INTO temp.country_spellings
        SELECT country, country_code_of(country) FROM enquiries WHERE country IS NOT NULL GROUP BY country;
      UPDATE enquiries SET country_code = (SELECT code FROM temp.country_spellings s WHERE s.country = enquiries.country)
        WHERE country IS NOT NULL;
      DROP TABLE temp.country_spellings;
      -- The desk's search by a country's code ("UAE" finds every Emirati buyer, whatever they wrote).
      CREATE INDEX enquiries_country_code ON enquiries (country_code) WHERE country_code IS NOT NULL;
      -- The Reports page groups countries by code: the code joins its covering index (migration 18).
      DROP INDEX enquiries_report;
      CREATE INDEX enquiries_report
        ON enquiries (created_at, status, product, country_code, country, utm_source, source_referrer, trashed_at, spam_reason)
        WHERE trashed_at IS NULL AND spam_reason IS NULL;
    `,
  },
  {
    version: 31,
    name: 'restore drills',
    sql: `
      -- The daily restore drill of the off-site copies (server/off-site/restore-drill.ts): the latest
      -- copies restored into a temporary folder, checked and counted against the live site.
      CREATE TABLE IF NOT EXISTS backup_drills (
        id      INTEGER PRIMARY KEY,
        ran_at  INTEGER NOT NULL,                      -- milliseconds since the epoch, by the site's clock
        ok      INTEGER NOT NULL CHECK (ok IN (0, 1)),
        detail  TEXT NOT NULL                          -- what was restored and compared, or why it failed
      );
    `,
  },
  {
    version: 32,
    name: 'client networks with enquiries, found by an index',
    sql: `
      -- Whether a client network sent an enquiry before that is not in Spam: such a network keeps a
      -- reserved upload slot during a flood (server/enquiries/drawings/upload-slots.ts).
      CREATE INDEX IF NOT EXISTS enquiries_by_network ON enquiries (client_ip_hash) WHERE spam_reason IS NULL;
    `,
  },
  {
    version: 33,
    name: 'the files each sender brought by e-mail, found by sender',
    sql: `
      -- A sender's messages of the last day, to hold the files they bring by e-mail to an allowance
      -- (server/enquiries/mailbox/mail-allowance.ts), without reading every message.
      CREATE INDEX IF NOT EXISTS enquiry_messages_received_by_sender
        ON enquiry_messages (sender COLLATE NOCASE, created_at) WHERE direction = 'received';
    `,
  },
  {
    version: 34,
    name: 'a DMARC failure flagged on a received message',
    sql: `
      -- The receiving server's Authentication-Results said dmarc=fail: the timeline says the sender's
      -- address may be forged.
      ALTER TABLE enquiry_messages ADD COLUMN dmarc_failed INTEGER NOT NULL DEFAULT 0 CHECK (dmarc_failed IN (0, 1));
    `,
  },
  {
    version: 35,
    name: "the buyer's acknowledgement e-mail of each enquiry",
    sql: `
      -- Where the acknowledgement to the buyer stands, kept like the notification (notify_*): queued
      -- in the transaction that stores the enquiry ('pending'), then 'sent' or 'failed' with the last
      -- error; NULL when none is sent (no e-mail address, Spam, turned off, no SMTP, or an enquiry from
      -- before this migration). Sent by server/enquiries/acknowledgement/.
      ALTER TABLE enquiries ADD COLUMN ack_status  TEXT CHECK (ack_status IN ('pending', 'sent', 'failed'));
      ALTER TABLE enquiries ADD COLUMN ack_error   TEXT;
      ALTER TABLE enquiries ADD COLUMN ack_tries   INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE enquiries ADD COLUMN ack_next_at TEXT;
      ALTER TABLE enquiries ADD COLUMN ack_sent_at TEXT;
      -- The queue's next acknowledgement due, without reading the table.
      CREATE INDEX enquiries_acks_due ON enquiries (ack_next_at) WHERE ack_status = 'pending';
    `,
  },
  {
    version: 36,
    name: 'which languages are public',
    sql: `
      -- A translated language the owner has published (English is always public and has no row):
      -- its pages answer and it is in the hreflang links and the sitemap. Unpublishing removes the row.
      CREATE TABLE IF NOT EXISTS site_languages (
        code         TEXT PRIMARY KEY,
        published_at TEXT NOT NULL
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 37,
    name: 'translations of the site content, per language and field',
    sql: `
      -- A field's translation (path: where it is in the content, e.g. products.flanges.intro), as a
      -- draft being worked on or as published, with the English it was translated from (source): when
      -- the English changes, the translation is stale. An empty text removes the translation (the page
      -- shows the English). Publishing a language moves its drafts to published.
      CREATE TABLE IF NOT EXISTS site_translations (
        lang     TEXT NOT NULL,
        path     TEXT NOT NULL,
        state    TEXT NOT NULL CHECK (state IN ('draft', 'published')),
        text     TEXT NOT NULL,
        source   TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        actor    TEXT NOT NULL,
        PRIMARY KEY (lang, path, state)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 38,
    name: 'the commercial terms of a request',
    sql: `
      -- Optional terms the buyer gives with a request (shared/quotations/request-terms.ts): the
      -- delivery condition or heat treatment, the Incoterm 2020 and its named place, the date the
      -- parts are required by (YYYY-MM-DD) and the inspection certificate. NULL when not given.
      ALTER TABLE enquiries ADD COLUMN treatment   TEXT;
      ALTER TABLE enquiries ADD COLUMN incoterm    TEXT;
      ALTER TABLE enquiries ADD COLUMN place       TEXT;
      ALTER TABLE enquiries ADD COLUMN deadline    TEXT;
      ALTER TABLE enquiries ADD COLUMN certificate TEXT;
    `,
  },
  {
    version: 39,
    name: 'mail kept aside: a message naming an enquiry from someone other than its buyer',
    sql: `
      -- A message whose [#n], In-Reply-To or References names an enquiry, but whose From is not the
      -- buyer's alone (a colleague, a forged sender): not put in the thread, kept here for the admin
      -- (server/enquiries/mailbox/kept-aside.ts). Its text bounded as a reply's; its attachments not
      -- stored, only listed (JSON: [{"name": ..., "size": ...}]).
      CREATE TABLE IF NOT EXISTS mail_kept_aside (
        id          INTEGER PRIMARY KEY,
        enquiry_id  INTEGER NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
        message_id  TEXT NOT NULL UNIQUE,
        sender      TEXT NOT NULL,
        subject     TEXT NOT NULL,
        sent_at     TEXT,                              -- its Date header, when it had a readable one
        kept_at     TEXT NOT NULL,
        body        TEXT NOT NULL,
        attachments TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX IF NOT EXISTS mail_kept_aside_by_enquiry ON mail_kept_aside (enquiry_id);
    `,
  },
  {
    version: 40,
    name: 'webhook endpoints',
    sql: `
      -- An address the owner added at /admin/integrations (server/integrations/): the events it is
      -- sent (a JSON list of names), on or off, and its signing secret (whsec_…, shown once, when
      -- secret_shown is 0). Rotating keeps the previous secret until previous_until (24 hours): both
      -- sign meanwhile. disabled_reason says why it was turned off by the site (410 Gone).
      CREATE TABLE IF NOT EXISTS webhook_endpoints (
        id              INTEGER PRIMARY KEY,
        url             TEXT NOT NULL,
        events          TEXT NOT NULL DEFAULT '[]',
        enabled         INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        secret          TEXT NOT NULL,
        secret_shown    INTEGER NOT NULL DEFAULT 0 CHECK (secret_shown IN (0, 1)),
        previous_secret TEXT,
        previous_until  TEXT,
        disabled_reason TEXT,
        created_at      TEXT NOT NULL
      );
    `,
  },
  {
    version: 41,
    name: 'the outbox: one row per message that leaves',
    sql: `
      -- Each message the site sends, inserted in the transaction of the event that causes it: the
      -- enquiry it belongs to, its channel ('webhook'), where it goes (endpoint_id), the event and what
      -- it carries beyond the enquiry (data, JSON: the payload is made from the enquiry when sent).
      -- status 'pending' until it is 'sent' or 'failed', with the tries, the next attempt, the last
      -- error and the last HTTP status answered (response_code). Sent by one runner (retry-queue.ts).
      CREATE TABLE IF NOT EXISTS deliveries (
        id            INTEGER PRIMARY KEY,
        enquiry_id    INTEGER REFERENCES enquiries (id) ON DELETE CASCADE,
        channel       TEXT NOT NULL,                  -- 'webhook' (the e-mail channels are to follow)
        endpoint_id   INTEGER REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event         TEXT NOT NULL,
        data          TEXT NOT NULL DEFAULT '{}',
        status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        tries         INTEGER NOT NULL DEFAULT 0,
        next_at       TEXT,
        error         TEXT,
        response_code INTEGER,
        created_at    TEXT NOT NULL,
        sent_at       TEXT
      );
      CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (next_at) WHERE status = 'pending';
      CREATE INDEX IF NOT EXISTS deliveries_by_endpoint ON deliveries (endpoint_id, id);
      CREATE INDEX IF NOT EXISTS deliveries_by_enquiry ON deliveries (enquiry_id);
    `,
  },
  {
    version: 42,
    name: 'quotations: their numbers and revisions',
    sql: `
      -- One quotation per enquiry, numbered Q-<year>-<sequence> (shared/quotations/revisions.ts); the
      -- sequence of each year is counted in quotation_numbers, so that a number is never given twice,
      -- even after its enquiry is deleted. Each save is a new revision (R1, R2 ...): the draft as the
      -- admin typed it (JSON, shared/quotations/quotation.ts), its totals in minor units of its
      -- currency, and when it was sent (NULL until then; a sent revision is never changed).
      CREATE TABLE IF NOT EXISTS quotation_numbers (
        year INTEGER PRIMARY KEY,
        last INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS quotations (
        id         INTEGER PRIMARY KEY,
        enquiry_id INTEGER NOT NULL UNIQUE REFERENCES enquiries (id) ON DELETE CASCADE,
        number     TEXT NOT NULL UNIQUE
      );
      CREATE TABLE IF NOT EXISTS quotation_revisions (
        id           INTEGER PRIMARY KEY,
        quotation_id INTEGER NOT NULL REFERENCES quotations (id) ON DELETE CASCADE,
        revision     INTEGER NOT NULL,
        draft        TEXT NOT NULL,
        currency     TEXT NOT NULL,
        subtotal     INTEGER NOT NULL,
        tax          INTEGER NOT NULL,
        total        INTEGER NOT NULL,
        saved_at     TEXT NOT NULL,
        saved_by     TEXT NOT NULL,
        sent_at      TEXT,
        UNIQUE (quotation_id, revision)
      );
    `,
  },
  {
    version: 43,
    name: "the price list: the business's parts, saved from a quotation's lines",
    sql: `
      -- A line saved to be used again in later quotations: saved again with the same description,
      -- drawing, material and currency, its price and the rest are replaced.
      CREATE TABLE IF NOT EXISTS price_list (
        id          INTEGER PRIMARY KEY,
        description TEXT NOT NULL,
        drawing     TEXT NOT NULL,
        material    TEXT NOT NULL,
        hs_code     TEXT NOT NULL,
        unit        TEXT NOT NULL,
        unit_price  TEXT NOT NULL,
        currency    TEXT NOT NULL,
        saved_at    TEXT NOT NULL,
        UNIQUE (description, drawing, material, currency)
      );
    `,
  },
  {
    version: 44,
    name: "the language the buyer wrote in: the public page's language the form was sent from",
    sql: `
      -- English for every enquiry before this (the only language then), and for those sent by scripts.
      ALTER TABLE enquiries ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    `,
  },
  {
    version: 45,
    name: "a quotation sent to the buyer and the buyer's answer",
    sql: `
      -- The reply (enquiry_messages) that carries a revision to the buyer: its sent_at is set once
      -- the mail server accepted that reply. The buyer's answer through the quotation's link.
      ALTER TABLE quotation_revisions ADD COLUMN reply_id INTEGER REFERENCES enquiry_messages (id) ON DELETE SET NULL;
      ALTER TABLE quotation_revisions ADD COLUMN answer TEXT NULL CHECK (answer IN ('accepted', 'declined'));
      ALTER TABLE quotation_revisions ADD COLUMN answered_at TEXT;
      ALTER TABLE quotation_revisions ADD COLUMN po_number TEXT;
      ALTER TABLE quotation_revisions ADD COLUMN answer_note TEXT;
      ALTER TABLE quotation_revisions ADD COLUMN decline_reason TEXT;
    `,
  },
  {
    version: 46,
    name: 'what else a request tells a quotation; the exchange rates of Reports',
    sql: `
      -- Optional, given with a request (shared/enquiry/validation.ts, NEEDS_FIELDS): the quantity a
      -- year (in the request's unit), a target price per unit in minor units of its currency, and
      -- the inspection asked for (UT, MPI) and the third party who inspects. NULL when not given.
      ALTER TABLE enquiries ADD COLUMN annual     REAL;
      ALTER TABLE enquiries ADD COLUMN price      INTEGER;
      ALTER TABLE enquiries ADD COLUMN currency   TEXT;
      ALTER TABLE enquiries ADD COLUMN inspection TEXT;
      ALTER TABLE enquiries ADD COLUMN inspector  TEXT;
      -- The desk searches the request's terms too: the index rebuilt over more columns (as in 17).
      DROP TRIGGER IF EXISTS enquiry_search_insert;
      DROP TRIGGER IF EXISTS enquiry_search_delete;
      DROP TRIGGER IF EXISTS enquiry_search_update;
      DROP TABLE IF EXISTS enquiry_search;
      ${searchIndex(SEARCHED_46)}
      -- The rupees one unit of a currency is worth, as the owner enters it on Reports, in
      -- ten-thousandths (83.1250 is 831250): quoted and won values are shown in INR at these rates.
      CREATE TABLE IF NOT EXISTS report_rates (
        currency TEXT PRIMARY KEY,
        rate     INTEGER NOT NULL CHECK (rate > 0),
        set_at   TEXT NOT NULL
      );
    `,
  },
  {
    version: 47,
    name: 'reply templates the owner writes on /admin/templates',
    sql: `
      -- A text sent often: its name (in the reply form's choice), subject and text, with the
      -- placeholders {buyer}, {enquiry}, {product} and {company} filled when it is used.
      CREATE TABLE IF NOT EXISTS reply_templates (
        id         INTEGER PRIMARY KEY,
        name       TEXT NOT NULL,
        subject    TEXT NOT NULL,
        body       TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 48,
    name: 'the audit log: the browser and the network of a sign-in',
    sql: `
      -- Beside a sign-in's row only: a short browser name ("Chrome on Android") and the client's
      -- network as the rate limits count it (203.0.113.0/24), never the address itself.
      CREATE TABLE IF NOT EXISTS audit_seen_from (
        audit_id INTEGER PRIMARY KEY REFERENCES audit_log (id) ON DELETE CASCADE,
        browser  TEXT NOT NULL,
        network  TEXT NOT NULL
      );
    `,
  },
  {
    version: 49,
    name: "the outbox: the owner's notification and the buyer's acknowledgement of each enquiry",
    sql: `
      -- The notification e-mail of each enquiry becomes a delivery in the outbox (channel
      -- 'notification'), queued with the enquiry and sent by the one runner (retry-queue.ts). Every
      -- notification kept in the enquiries table moves there with its state, tries, next attempt
      -- and last error, so that pending e-mails are still sent after the upgrade. The old columns
      -- (notify_status, notify_error, notify_tries, notify_next_at) stay in the table, unused:
      -- SQLite drops a column only by rebuilding the table. The buyer's acknowledgement moves the same
      -- way (channel 'acknowledgement'; ack_status, ack_error, ack_tries, ack_next_at, ack_sent_at
      -- stay, unused). Safe to run again.
      INSERT INTO deliveries (enquiry_id, channel, event, status, tries, next_at, error, created_at)
        SELECT id, 'notification', 'enquiry.received', notify_status, notify_tries, notify_next_at, notify_error, created_at
        FROM enquiries
        WHERE notify_status IS NOT NULL
          AND id NOT IN (SELECT enquiry_id FROM deliveries WHERE channel = 'notification' AND enquiry_id IS NOT NULL)
        ORDER BY id;
      DROP INDEX IF EXISTS enquiries_notifications_due;
      INSERT INTO deliveries (enquiry_id, channel, event, status, tries, next_at, error, created_at, sent_at)
        SELECT id, 'acknowledgement', 'enquiry.received', ack_status, ack_tries, ack_next_at, ack_error, created_at,
          ack_sent_at
        FROM enquiries
        WHERE ack_status IS NOT NULL
          AND id NOT IN (SELECT enquiry_id FROM deliveries WHERE channel = 'acknowledgement' AND enquiry_id IS NOT NULL)
        ORDER BY id;
      DROP INDEX IF EXISTS enquiries_acks_due;
    `,
  },
  {
    version: 50,
    name: "the desk filters by the buyer's language",
    sql: `
      -- The desk's covering index (migration 22) with the language it now filters by. Safe to run again.
      DROP INDEX IF EXISTS enquiries_desk;
      CREATE INDEX enquiries_desk
        ON enquiries (id, created_at, last_message_at, awaiting, trashed_at, spam_reason, read_at, starred, status, product, language);
    `,
  },
  {
    version: 51,
    name: 'links that reset a forgotten admin password',
    sql: `
      -- One row per link sent to reset the admin's password: only a hash of the link's token (a copy
      -- of the database opens nothing), when it stops working, and when it was used (once). Rows are
      -- swept a day after they expire. Safe to run again.
      CREATE TABLE IF NOT EXISTS password_resets (
        token_hash TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL,
        used_at    INTEGER
      );
    `,
  },
  {
    version: 52,
    name: 'replies: a draft per enquiry, the signature, and the files we sent',
    sql: `
      -- The reply being written on an enquiry's page, kept as it is typed (one per enquiry; sending
      -- the reply removes it). signature: this reply's own signature, NULL for the usual one.
      CREATE TABLE IF NOT EXISTS reply_drafts (
        enquiry_id INTEGER PRIMARY KEY REFERENCES enquiries (id) ON DELETE CASCADE,
        body       TEXT NOT NULL,
        signature  TEXT,
        saved_by   TEXT NOT NULL,
        saved_at   TEXT NOT NULL
      );
      -- The signature below every reply, as the owner wrote it on /admin/templates (one row; none:
      -- made from the company's details).
      CREATE TABLE IF NOT EXISTS reply_signature (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        text       TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      -- The signature a reply was sent with (a reply from before this has none).
      CREATE TABLE IF NOT EXISTS reply_signatures (
        message_id INTEGER PRIMARY KEY REFERENCES enquiry_messages (id) ON DELETE CASCADE,
        signature  TEXT NOT NULL
      );
      -- The files we sent: uploaded with a reply (a quotation's PDF too), never the buyer's drawings
      -- attached again. Before this, a file was ours when only replies carried it.
      CREATE TABLE IF NOT EXISTS files_sent_by_us (
        file_id INTEGER PRIMARY KEY REFERENCES enquiry_files (id) ON DELETE CASCADE
      );
      INSERT OR IGNORE INTO files_sent_by_us (file_id)
        SELECT l.file_id FROM enquiry_message_files l JOIN enquiry_messages m ON m.id = l.message_id
        WHERE m.direction = 'sent'
        EXCEPT
        SELECT l.file_id FROM enquiry_message_files l JOIN enquiry_messages m ON m.id = l.message_id
        WHERE m.direction = 'received';
    `,
  },
  {
    version: 53,
    name: "the outbox: the desk's replies",
    sql: `
      -- Each reply the desk sends becomes a delivery in the outbox (channel 'reply', event
      -- 'reply.sent'), queued with the reply and sent by the one runner (retry-queue.ts); reply_id
      -- names it (deleted with the reply, as a reply that failed for good and was edited is). Every
      -- reply's delivery kept in enquiry_messages moves there with its state, tries, next attempt, last
      -- error and sent time, so that pending replies are still sent after the upgrade. The old columns
      -- (send_status, send_error, send_tries, send_next_at, sent_at) stay in the table, unused.
      ALTER TABLE deliveries ADD COLUMN reply_id INTEGER REFERENCES enquiry_messages (id) ON DELETE CASCADE;
      CREATE UNIQUE INDEX deliveries_by_reply ON deliveries (reply_id) WHERE reply_id IS NOT NULL;
      INSERT INTO deliveries (enquiry_id, reply_id, channel, event, status, tries, next_at, error, created_at, sent_at)
        SELECT enquiry_id, id, 'reply', 'reply.sent', send_status, send_tries, send_next_at, send_error, created_at, sent_at
        FROM enquiry_messages WHERE direction = 'sent' AND send_status IS NOT NULL ORDER BY id;
      DROP INDEX IF EXISTS enquiry_messages_to_send;
    `,
  },
  {
    version: 54,
    name: "a reply's CC and BCC",
    sql: `
      -- The addresses a reply was copied to, as sent ("a@x.example, b@y.example"; empty: none). BCC is
      -- kept for the desk only: it is never in the mail's headers.
      ALTER TABLE enquiry_messages ADD COLUMN cc TEXT NOT NULL DEFAULT '';
      ALTER TABLE enquiry_messages ADD COLUMN bcc TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 55,
    name: "a draft's CC and BCC",
    sql: `
      -- The CC and BCC fields of the reply being written, as typed (empty: none), kept with its text.
      ALTER TABLE reply_drafts ADD COLUMN cc TEXT NOT NULL DEFAULT '';
      ALTER TABLE reply_drafts ADD COLUMN bcc TEXT NOT NULL DEFAULT '';
    `,
  },
];
