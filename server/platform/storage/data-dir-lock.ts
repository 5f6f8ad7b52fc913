import { hostname } from 'node:os';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The lock itself: a small SQLite file that the running server holds with an exclusive lock. */
export const LOCK_FILE_NAME = 'server.lock.db';
/** Who holds it (process id, host, start time), written once the lock is taken; for the refusal's message. */
export const OWNER_FILE_NAME = 'server.lock.owner';

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Another server runs on this DATA_DIR: this one must not start (and must not sweep its files). */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: Owner | null) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host}, started ${owner.startedAt}`
      : 'a process that did not say who it is';
    super(
      `DATA_DIR ${dataDir} is in use by another server (${who}): stop it first, or give this one its own DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** Gives the data directory up (at the very end of shutdown). */
  release(): void;
}

function readOwner(dataDir: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(join(dataDir, OWNER_FILE_NAME), 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.startedAt === 'string'
      ? (owner as Owner)
      : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the server that has
 * it. SQLite's own locking holds it (locking_mode=EXCLUSIVE: once written, the file stays locked until
 * the connection closes), so it is portable, and the operating system releases it when the process
 * ends however it ends: no stale lock after a crash or SIGKILL. Only the server takes it; the CLI
 * commands (backup, admin:password) work on the database beside it, as they always did.
 */
export function lockDataDir(dataDir: string, now: () => Date = () => new Date()): DataDirLock {
  const lock = new Database(join(dataDir, LOCK_FILE_NAME), { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    lock.close();
    if (/^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code)))
      throw new DataDirInUseError(dataDir, readOwner(dataDir));
    throw error;
  }
  const ownerPath = join(dataDir, OWNER_FILE_NAME);
  const owner: Owner = { pid: process.pid, host: hostname(), startedAt: now().toISOString() };
  writeFileSync(`${ownerPath}.partial`, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
  renameSync(`${ownerPath}.partial`, ownerPath);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      rmSync(ownerPath, { force: true });
      lock.close();
    },
  };
}
