import { statfsSync, statSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/open-database.js';
import { asStorageFailure, StorageUnavailableError } from './storage-error.js';

export interface StorageMonitorOptions {
  db: DB;
  databasePath: string;
  dataDir: string;
  /** /healthz reports unhealthy below this many free bytes under the data directory. */
  minFreeBytes: number;
  log: FastifyBaseLogger;
  /** Called once when the file at databasePath is no longer the one open (main.ts exits to be restarted). */
  onLost?: () => void;
}

export type StorageMonitor = ReturnType<typeof createStorageMonitor>;

function identityOf(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Knows whether the database can durably take a write: commits go through `write`, which never
 * returns unless the row is in the file at DATABASE_PATH; `problems` is what /healthz reports.
 */
export function createStorageMonitor(options: StorageMonitorOptions) {
  const { db, databasePath, log } = options;
  const openIdentity = identityOf(databasePath);
  let lost = false;

  /** Why the file at DATABASE_PATH is not the open database, or null when it is. */
  function fileProblem(): string | null {
    const now = identityOf(databasePath);
    if (now === openIdentity) return null;
    return now === null
      ? `the database file ${databasePath} was removed`
      : `the database file ${databasePath} was replaced`;
  }

  /**
   * The open database no longer has a name: copy it beside the path (the open handle still reads the
   * unlinked file, so what was acknowledged is kept), then let the process be restarted on the file now there.
   */
  function onFileLost(problem: string): void {
    if (lost) return;
    lost = true;
    const copy = `${databasePath}.orphaned-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      db.prepare('VACUUM INTO ?').run(copy);
      log.error({ copy }, `${problem} while the server was running; every enquiry it held was copied to ${copy}`);
    } catch (error) {
      log.error({ err: error }, `${problem} while the server was running, and copying the open database failed`);
    }
    options.onLost?.();
  }

  function assertSameFile(): void {
    const problem = fileProblem();
    if (!problem) return;
    onFileLost(problem);
    throw new StorageUnavailableError(problem);
  }

  return {
    /**
     * Runs `work` in a transaction and returns its result only once it is committed to the file at
     * DATABASE_PATH; any storage failure becomes a StorageUnavailableError (answered 503).
     */
    write<T>(work: () => T): T {
      assertSameFile();
      let result: T;
      try {
        // IMMEDIATE: the write lock is taken first. The enquiry writer's thread commits on its own
        // connection; a transaction that read first could not write after one of its commits.
        result = db.transaction(work).immediate();
      } catch (error) {
        throw asStorageFailure(error) ?? error;
      }
      // Checked again after the commit: a file replaced meanwhile took the row into a file without a name.
      assertSameFile();
      return result;
    },

    /**
     * The same for a write that another connection to this file makes (the enquiry writer's thread):
     * `commit` resolves once it is committed.
     */
    async writeThrough<T>(commit: () => Promise<T>): Promise<T> {
      assertSameFile();
      let result: T;
      try {
        result = await commit();
      } catch (error) {
        throw asStorageFailure(error) ?? error;
      }
      assertSameFile();
      return result;
    },

    /**
     * What stops a durable write now, besides a test write (probeWrite, made on the enquiry writer's
     * connection): the file no longer the open one, the disk nearly full. Empty when healthy.
     */
    problems(): string[] {
      const problems: string[] = [];
      const problem = fileProblem();
      if (problem) {
        onFileLost(problem);
        problems.push(problem);
      }
      const { bavail, bsize } = statfsSync(options.dataDir);
      const free = bavail * bsize;
      if (free < options.minFreeBytes) {
        problems.push(
          `only ${Math.floor(free / 1048576)} MB free under ${options.dataDir} (minimum ${Math.floor(options.minFreeBytes / 1048576)} MB)`,
        );
      }
      return problems;
    },
  };
}

/**
 * How long the health check's test write waits for the lock: longer than the server's own writes
 * hold it (its other connection writes too), far shorter than a lock held by another process.
 */
const PROBE_WAIT_MS = 250;

/** A real committed write, waiting only briefly for the lock: null when it commits, otherwise what stopped it. */
export function probeWrite(db: DB): string | null {
  const busyTimeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${PROBE_WAIT_MS}`);
  try {
    db.transaction(() =>
      db
        .prepare(
          `INSERT INTO storage_probe (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at`,
        )
        .run(new Date().toISOString()),
    ).immediate();
    return null;
  } catch (error) {
    const failure = asStorageFailure(error);
    if (!failure) throw error;
    return /BUSY|LOCKED/.test(failure.reason)
      ? 'the database is locked by another process'
      : `a test write failed: ${failure.reason}`;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeout}`);
  }
}
