import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BackupTarget } from './backup-target.js';
import { databaseReplication } from './database-replication.js';
import { fileCopies, SERVER_ID_FILE } from './file-copies.js';
import type { OffSiteKeys } from './off-site-key.js';

/** What a restore brought back, read from the restored database and folder. */
export interface RestoredCopy {
  integrity: string;
  enquiries: number;
  /** Drawings the database refers to, and how many of them are on disk. */
  drawings: number;
  drawingFiles: number;
  photos: number;
  pdfs: number;
  /** The newest enquiry's created_at (UTC), or null when there is none. */
  lastEnquiryAt: string | null;
}

/**
 * Fills the empty data folder `dataDir` from the target's latest copies: the files by restic (into
 * a working folder beside it, then moved in), the database by Litestream (at `databasePath`).
 */
export async function restoreCopies(
  target: BackupTarget,
  keys: OffSiteKeys,
  dataDir: string,
  databasePath: string,
): Promise<RestoredCopy> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const work = mkdtempSync(join(dirname(dataDir), '.restore-'));
  try {
    const files = fileCopies(target, keys, join(work, 'known_hosts'));
    const snapshot = await files.restore(join(work, 'files'));
    const idPath = snapshot.paths.find((path) => path.endsWith(`/${SERVER_ID_FILE}`));
    if (!idPath) throw new Error('the latest copy of the files is not one this site made');
    const copied = join(work, 'files', dirname(idPath));
    for (const name of readdirSync(copied)) renameSync(join(copied, name), join(dataDir, name));
    const database = databaseReplication(target, keys, join(work, 'litestream.yml'), databasePath);
    await database.restore(databasePath);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return readRestored(dataDir, databasePath);
}

/** The restored database checked (PRAGMA integrity_check) and counted, with the drawings found on disk. */
export function readRestored(dataDir: string, databasePath: string): RestoredCopy {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    const stored = db.prepare('SELECT stored_name FROM enquiry_files').pluck().all() as string[];
    const onDisk = new Set(readdirOrEmpty(join(dataDir, 'uploads')));
    return {
      integrity: String(db.pragma('integrity_check', { simple: true })),
      enquiries: count('SELECT count(*) FROM enquiries'),
      drawings: stored.length,
      drawingFiles: stored.filter((name) => onDisk.has(name)).length,
      photos: count('SELECT count(*) FROM media'),
      pdfs: count('SELECT count(*) FROM media_pdfs'),
      lastEnquiryAt: db.prepare('SELECT max(created_at) FROM enquiries').pluck().get() as string | null,
    };
  } finally {
    db.close();
  }
}

function readdirOrEmpty(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
