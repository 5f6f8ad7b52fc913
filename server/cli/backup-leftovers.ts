import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_FILE_NAME } from '../platform/security/server-secret.js';
import { isRunning } from '../platform/process-running.js';

/** `<name>.partial-<pid>`: the folder a backup writes before renaming it (backup.ts). */
const PARTIAL = /^.+\.partial-(\d+)$/;
/** What a backup writes in its folder (backup-database.ts, backup-files.ts): a folder with anything else is not one. */
const BACKUP_ENTRIES = new Set([
  'forge.db',
  'forge.db-journal',
  'forge.db-wal',
  'forge.db-shm',
  'uploads',
  'media',
  SECRET_FILE_NAME,
]);

/** A folder as a backup leaves it: a directory holding nothing but what a backup writes. */
function isBackupFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory() && readdirSync(path).every((name) => BACKUP_ENTRIES.has(name));
  } catch {
    return false;
  }
}

/**
 * Removes the partial folders that backups killed part-way left in `folder` (their process is gone):
 * each holds a copy of customers' personal data that nobody will finish. A backup still running keeps
 * its own, and a file or folder that only has such a name (the operator's own "notes.partial-2024",
 * beside the backups) is never touched. Returns the names removed.
 */
export function removeKilledBackups(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = PARTIAL.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    if (!isBackupFolder(join(folder, name))) continue;
    rmSync(join(folder, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
