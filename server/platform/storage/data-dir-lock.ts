import { hostname } from 'node:os';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The lock itself: a small SQLite file that the running server holds with an exclusive lock. */
export const LOCK_FILE_NAME = 'server.lock.db';
/** Who holds it (process id, host, start time), written once the lock is taken; for the refusal's message. */
export const OWNER_FILE_NAME = 'server.lock.owner';
/** The database's own lock, beside it: <DATABASE_PATH>.server-lock (and its owner, .server-lock.owner). */
export const DATABASE_LOCK_SUFFIX = '.server-lock';

interface Owner {
  pid: number;
  host: string;
  startedAt: string;
}

/** Another server runs on this DATA_DIR, or on this DATABASE_PATH: this one must not start (and must not sweep its files). */
export class DataDirInUseError extends Error {
  constructor(what: string, owner: Owner | null) {
    const who = owner
      ? `process ${owner.pid} on ${owner.host}, started ${owner.startedAt}`
      : 'a process that did not say who it is';
    super(
      `${what} is in use by another server (${who}): stop it first, or give this one its own ${what.split(' ')[0]}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** Gives the data directory up (at the very end of shutdown). */
  release(): void;
}

function readOwner(ownerPath: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.startedAt === 'string'
      ? (owner as Owner)
      : null;
  } catch {
    return null;
  }
}

/**
 * Writes who holds a lock, for another start's refusal. Best effort: on a full disk the lock is held
 * all the same (taking it writes nothing), and a refusal then says only that a process holds it.
 */
function writeOwner(ownerPath: string, owner: Owner): boolean {
  try {
    writeFileSync(`${ownerPath}.partial`, `${JSON.stringify(owner)}\n`, { mode: 0o600 });
    renameSync(`${ownerPath}.partial`, ownerPath);
    return true;
  } catch {
    rmSync(`${ownerPath}.partial`, { force: true });
    return false;
  }
}

/**
 * One lock file held with SQLite's own locking (locking_mode=EXCLUSIVE and an empty exclusive
 * transaction: the lock stays until the connection closes, and nothing is written), or
 * DataDirInUseError naming who holds it.
 */
function holdLock(lockPath: string, ownerPath: string, what: string, owner: Owner): { release(): void } {
  const lock = new Database(lockPath, { timeout: 0 });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    lock.close();
    if (/^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code)))
      throw new DataDirInUseError(what, readOwner(ownerPath));
    throw error;
  }
  const written = writeOwner(ownerPath, owner);
  return {
    release() {
      if (written) rmSync(ownerPath, { force: true });
      lock.close();
    },
  };
}

/**
 * Takes the data directory and the database for this process, or throws DataDirInUseError naming the
 * server that has either: two servers with their own DATA_DIR but one DATABASE_PATH would both write
 * to it, so the database has its lock beside it too (<DATABASE_PATH>.server-lock). SQLite's own
 * locking holds each, so it is portable, and the operating system releases them when the process ends
 * however it ends: no stale lock after a crash or SIGKILL. Taking them writes nothing (a full disk does
 * not stop a start). Only the server takes them; the CLI commands (backup, admin:password) work on the
 * database beside it, as they always did.
 */
export function lockDataDir(dataDir: string, databasePath: string, now: () => Date = () => new Date()): DataDirLock {
  const owner: Owner = { pid: process.pid, host: hostname(), startedAt: now().toISOString() };
  const directory = holdLock(
    join(dataDir, LOCK_FILE_NAME),
    join(dataDir, OWNER_FILE_NAME),
    `DATA_DIR ${dataDir}`,
    owner,
  );
  let database: { release(): void };
  try {
    database = holdLock(
      `${databasePath}${DATABASE_LOCK_SUFFIX}`,
      `${databasePath}${DATABASE_LOCK_SUFFIX}.owner`,
      `DATABASE_PATH ${databasePath}`,
      owner,
    );
  } catch (error) {
    directory.release();
    throw error;
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      database.release();
      directory.release();
    },
  };
}
