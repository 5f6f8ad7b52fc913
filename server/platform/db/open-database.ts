import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations.js';

export type DB = Database.Database;

/**
 * How long a write waits for a lock held by another process (a backup, an sqlite3 shell). Short:
 * better-sqlite3 is synchronous, so the whole server waits with it; past it the write answers 503.
 */
export const BUSY_TIMEOUT_MS = 1000;
/**
 * The same for the enquiry writer's thread, which waits off the event loop: an enquiry waits out a
 * long write of the server's own (a clean-up deleting thousands of enquiries) rather than answer 503.
 */
export const WRITER_BUSY_TIMEOUT_MS = 5000;

/** Told once of the migrations applied (none on an up-to-date database), e.g. to log a summary line. */
export type MigrationReport = (applied: readonly Migration[]) => void;

/**
 * The one line said for the migrations applied at a start, e.g. `database: 20 migrations applied (1 to
 * 21; number 6 was never used)`; undefined when none was.
 */
export function describeMigrations(applied: readonly Migration[]): string | undefined {
  const first = applied[0]?.version;
  const last = applied.at(-1)?.version;
  if (first === undefined || last === undefined) return undefined;
  const count = `${applied.length} ${applied.length === 1 ? 'migration' : 'migrations'} applied`;
  if (first === last) return `database: ${count} (${first})`;
  const present = new Set(applied.map((migration) => migration.version));
  const unused = Array.from({ length: last - first + 1 }, (_, i) => first + i).filter((n) => !present.has(n));
  const gap =
    unused.length === 0
      ? ''
      : unused.length === 1
        ? `; number ${unused[0]} was never used`
        : `; numbers ${unused.slice(0, -1).join(', ')} and ${unused.at(-1)} were never used`;
  return `database: ${count} (${first} to ${last}${gap})`;
}

/**
 * Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date, reporting
 * the migrations applied.
 * synchronous=FULL: a commit is on disk before the server answers, even across a power cut.
 * The file and its WAL and shared-memory files are readable by the server's user only.
 */
export function openDatabase(path: string, onMigrated?: MigrationReport): DB {
  mkdirSync(dirname(path), { recursive: true });
  let db: DB | undefined;
  try {
    db = connect(path);
    migrate(db, migrations, onMigrated);
  } catch (error) {
    db?.close();
    throw readOnlyProblem(path, error) ?? error;
  }
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
  return db;
}

/**
 * A database the server's user may not write (e.g. left owned by root by a command run as root), as
 * an error naming the file, its owner and the user it needs; undefined for any other failure.
 */
export function readOnlyProblem(path: string, error: unknown): Error | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_READONLY')) return undefined;
  const owner = existsSync(path) ? statSync(path).uid : undefined;
  const user = userInfo();
  return new Error(
    `the database ${path} cannot be written: it is owned by uid ${owner ?? '?'}, and the server runs as ${user.username} (uid ${user.uid}). ` +
      `Give it to that user, e.g. chown ${user.username} ${path} ${path}-wal ${path}-shm`,
    { cause: error },
  );
}

/** A connection that writes as every one of the server's does; with `mustExist`, to a file already there. */
export function connect(path: string, mustExist = false, busyTimeoutMs = BUSY_TIMEOUT_MS): DB {
  const db = new Database(path, { fileMustExist: mustExist });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  return db;
}

export function migrate(db: DB, all: readonly Migration[], onMigrated?: MigrationReport): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = all.filter((m) => m.version > current);
  for (const migration of pending) {
    // SQLite's table rebuild: foreign keys off (only possible outside a transaction), then checked.
    if (migration.rebuildsTables) db.pragma('foreign_keys = OFF');
    for (const [name, fn] of Object.entries(migration.functions ?? {})) db.function(name, { deterministic: true }, fn);
    try {
      db.transaction(() => {
        db.exec(migration.sql);
        if (migration.rebuildsTables) {
          const broken = db.pragma('foreign_key_check') as unknown[];
          if (broken.length > 0) throw new Error(`migration ${migration.version} broke ${broken.length} foreign keys`);
        }
        db.pragma(`user_version = ${migration.version}`);
      })();
    } finally {
      if (migration.rebuildsTables) db.pragma('foreign_keys = ON');
    }
  }
  onMigrated?.(pending);
}
