import Database from 'better-sqlite3';
import { closeSync, fsyncSync, openSync } from 'node:fs';

/** What a database snapshot holds that the rest of the backup follows. */
export interface DatabaseSnapshot {
  enquiries: number;
  /** Stored names of the drawings the snapshot refers to (under uploads/). */
  drawings: string[];
  /** Ids of the photos it lists (under media/); none in a database from before migration 12. */
  photos: string[];
  /** Ids of the PDFs it lists (under media/pdfs/); none in a database from before migration 20. */
  pdfs: string[];
}

/** How long the copy waits for a lock (only a WAL recovery by another connection takes one it needs). */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Copies the live database at `source` to `target` with `VACUUM INTO`: one read transaction, so the
 * copy is the database as it was when it began, however many enquiries the server commits meanwhile
 * (in WAL mode they do not wait for it, nor it for them; SQLite's online backup API started again
 * after every write by another connection, and never finished under steady writes). The copy is then
 * switched to rollback-journal mode (so no -wal or -shm file is left beside it; the server turns WAL
 * on again when it opens a restored copy), checked with PRAGMA integrity_check, made durable, and
 * read for what the rest of the backup needs.
 */
export function snapshotDatabase(source: string, target: string): DatabaseSnapshot {
  const live = new Database(source, { fileMustExist: true });
  try {
    live.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    live.prepare('VACUUM INTO ?').run(target);
  } finally {
    live.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  let snapshot: DatabaseSnapshot;
  try {
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${String(integrity)}`);
    const hasTable = (name: string) =>
      copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    snapshot = {
      enquiries: copy.prepare('SELECT count(*) FROM enquiries').pluck().get() as number,
      drawings: copy.prepare('SELECT stored_name FROM enquiry_files').pluck().all() as string[],
      photos: hasTable('media') ? (copy.prepare('SELECT id FROM media').pluck().all() as string[]) : [],
      pdfs: hasTable('media_pdfs') ? (copy.prepare('SELECT id FROM media_pdfs').pluck().all() as string[]) : [],
    };
  } finally {
    copy.close();
  }
  fsyncFile(target);
  return snapshot;
}

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
