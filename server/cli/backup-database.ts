import Database from 'better-sqlite3';

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

/**
 * Copies the live database at `source` to `target` with SQLite's online backup API (a consistent
 * snapshot while the server keeps writing), switches the copy to rollback-journal mode (so no -wal or
 * -shm file is left beside it; the server turns WAL on again when it opens a restored copy), checks it
 * with PRAGMA integrity_check and reads what the rest of the backup needs.
 */
export async function snapshotDatabase(source: string, target: string): Promise<DatabaseSnapshot> {
  const live = new Database(source, { fileMustExist: true });
  try {
    await live.backup(target);
  } finally {
    live.close();
  }
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${String(integrity)}`);
    const hasTable = (name: string) =>
      copy.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
    return {
      enquiries: copy.prepare('SELECT count(*) FROM enquiries').pluck().get() as number,
      drawings: copy.prepare('SELECT stored_name FROM enquiry_files').pluck().all() as string[],
      photos: hasTable('media') ? (copy.prepare('SELECT id FROM media').pluck().all() as string[]) : [],
      pdfs: hasTable('media_pdfs') ? (copy.prepare('SELECT id FROM media_pdfs').pluck().all() as string[]) : [],
    };
  } finally {
    copy.close();
  }
}
