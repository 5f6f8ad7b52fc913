import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/platform/paths.js';
import { openDatabase } from '../../server/platform/db/open-database.js';
import { LINES } from './realistic-data.js';
import { isRunning } from '../../server/platform/process-running.js';
import { codeOfWritten } from '../../shared/enquiry/country.js';
import { FIXTURE_CACHE_DIR } from './fixture-cache.js';

/**
 * The desk at 100,000 enquiries (test/admin/desk/desk-scale.test.ts), made once and copied (issue #42):
 * a database with every migration and 100,000 enquiries in many scripts and languages, some in Spam,
 * in Trash, read and quoted. It is kept in the fixture cache (fixture-cache.ts, under the OS temp dir)
 * under a name that changes with the migrations, this file and the texts it takes (realistic-data.ts),
 * so a change to any makes it again; each test copies it into its own data directory.
 */
export const DESK_SCALE_ROWS = 100_000;
const NAMES = ['Jürgen Größmann', 'કિરણ દેસાઈ', 'अनिल शर्मा', 'محمد العلي', 'Zoë Müller'];
const COUNTRIES = ['India', 'UAE', 'Deutschland', 'Oman', null];
/** Two of a buyer's lines (English, Gujarati, Devanagari, German, "Jebel Ali"), and a reference. */
const messageOf = (i: number) => `${LINES[i % LINES.length]}\n\n${LINES[(i + 2) % LINES.length]}\nRef. ${i}`;

/** Replies both ways, notes and files, as the desk and the mailbox write them, straight into SQLite. */
const THREAD_FILL = `
  INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
    SELECT id, 'sent', 'sent-' || id || '@forge.test', 'owner@forge.test', email, 'Re: ' || subject,
      'Our quote for lot ' || id || ': price per piece ex works.', strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hours')
    FROM enquiries WHERE id % 4 = 0;
  INSERT INTO deliveries (enquiry_id, reply_id, channel, event, status, tries, created_at, sent_at)
    SELECT enquiry_id, id, 'reply', 'reply.sent', 'sent', 1, created_at, created_at
    FROM enquiry_messages WHERE direction = 'sent';
  INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at, announced_at)
    SELECT id, 'received', 'answer-' || id || '@buyer.example', email, 'sales@forge.test', 'Re: ' || subject,
      'Please revise item 2 of lot ' || id || ', PO attached.', strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 days'),
      strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 days')
    FROM enquiries WHERE id % 12 = 0;
  UPDATE enquiries SET awaiting = 'buyer', last_message_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 hours') WHERE id % 4 = 0;
  UPDATE enquiries SET awaiting = 'us', last_message_at = strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 days'), read_at = NULL WHERE id % 12 = 0;
  UPDATE enquiries SET awaiting = 'us' WHERE id % 4 <> 0;
  INSERT INTO enquiry_notes (enquiry_id, body, created_at, author)
    SELECT id, 'Called the buyer about lot ' || id || ': wants a sample first.', created_at, 'owner@forge.test'
    FROM enquiries WHERE id % 20 = 0;
  INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256)
    SELECT id, 'stored-' || id, 'Flansch_DN150_Zeichnung_RevC_' || id || '.pdf', 1000, 'pdf', 'x'
    FROM enquiries WHERE id % 30 = 0;
`;

/**
 * Fills a new database: straight into SQLite, in one transaction, the counts kept by their triggers.
 * The search index is made in one pass after the rows (FTS5's 'rebuild', as migration 14 makes it),
 * not row by row by its insert trigger, which is put back as it was: the same index at half the cost.
 */
function fill(path: string): void {
  const db = openDatabase(path);
  const insert = db.prepare(
    `INSERT INTO enquiries (name, email, phone, subject, message, created_at, product, company, country, country_code)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const searchTrigger = db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'enquiry_search_insert'")
    .pluck()
    .get() as string;
  const start = Date.parse('2026-01-01T00:00:00Z');
  db.transaction(() => {
    db.exec('DROP TRIGGER enquiry_search_insert');
    for (let i = 0; i < DESK_SCALE_ROWS; i++) {
      insert.run(
        `${NAMES[i % NAMES.length]} ${i}`,
        `buyer${i}@example.com`,
        `+91 98${String(i).padStart(8, '0')}`,
        i % 10 === 0 ? `Flanges lot ${i}` : `Gear blanks lot ${i}`,
        messageOf(i),
        new Date(start + i * 60_000).toISOString(),
        i % 3 === 0 ? null : 'flanges',
        i % 7 === 0 ? 'Société Générale de Forge' : null,
        COUNTRIES[i % COUNTRIES.length],
        codeOfWritten(COUNTRIES[i % COUNTRIES.length] ?? null),
      );
    }
    db.exec("INSERT INTO enquiry_search (enquiry_search) VALUES ('rebuild')");
    db.exec(searchTrigger);
    db.prepare("UPDATE enquiries SET spam_reason = 'test', spam_at = created_at WHERE id % 50 = 0").run();
    db.prepare('UPDATE enquiries SET trashed_at = created_at WHERE id % 97 = 0').run();
    db.prepare("UPDATE enquiries SET read_at = created_at, status = 'quoted' WHERE id % 4 = 0").run();
    // Threads (issue #35): our reply to every 4th, the buyer's answer a day later to every 12th (awaiting
    // us again, on top of the list), a note on every 20th, a file on every 30th.
    db.exec(THREAD_FILL);
  })();
  // As SQLite does over time: the bulk insert's WAL copied into the file, which is then complete alone.
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

/** A version not used for this long is removed; another clone on the machine may still use a newer one. */
const UNUSED_FOR_MS = 24 * 60 * 60_000;

/**
 * Removes the fixture's versions no run used for a day (each about as large as the database of 100,000
 * enquiries: one was left behind at every change of the migrations) and what a making killed part-way
 * left (`<name>.<pid>` with its -wal and -shm), but not one another process is making now.
 */
function removeOtherVersions(dir: string, current: string): void {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('desk-scale-') || name === current) continue;
    const maker = /\.db\.(\d+)(?:-wal|-shm)?$/.exec(name)?.[1];
    if (maker !== undefined && isRunning(Number(maker))) continue;
    if (
      maker === undefined &&
      Date.now() - (statSync(join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0) < UNUSED_FOR_MS
    )
      continue;
    rmSync(join(dir, name), { force: true });
  }
}

/** The fixture's file, made now when this version of it is not there yet. */
function deskScaleFixture(): { path: string; made: boolean } {
  const version = createHash('sha256')
    .update(readFileSync(join(projectRoot, 'server', 'platform', 'db', 'migrations.ts')))
    .update(readFileSync(new URL(import.meta.url)))
    .update(readFileSync(new URL('./realistic-data.ts', import.meta.url)))
    .digest('hex')
    .slice(0, 16);
  const dir = FIXTURE_CACHE_DIR;
  const path = join(dir, `desk-scale-${version}.db`);
  if (existsSync(path)) {
    utimesSync(path, new Date(), new Date());
    return { path, made: false };
  }
  mkdirSync(dir, { recursive: true });
  removeOtherVersions(dir, `desk-scale-${version}.db`);
  const making = `${path}.${process.pid}`;
  fill(making);
  rmSync(`${making}-wal`, { force: true });
  rmSync(`${making}-shm`, { force: true });
  renameSync(making, path);
  return { path, made: true };
}

/** Copies the 100,000 enquiries' database to `databasePath`; says whether it had to be made first. */
export function copyDeskScaleDatabase(databasePath: string): { made: boolean } {
  const { path, made } = deskScaleFixture();
  copyFileSync(path, databasePath);
  return { made };
}
