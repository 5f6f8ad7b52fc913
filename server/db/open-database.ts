import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations.js';

export type DB = Database.Database;

/**
 * Opens (creating if needed) the SQLite file in WAL mode and brings its schema up to date.
 * synchronous=FULL: a commit is on disk before the server answers, even across a power cut.
 */
export function openDatabase(path: string): DB {
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  // Unicode-aware, case-insensitive substring test (SQLite's lower() folds ASCII only).
  db.function('contains_ci', { deterministic: true }, (haystack: unknown, needle: unknown) =>
    typeof haystack === 'string' && typeof needle === 'string' && haystack.toLowerCase().includes(needle) ? 1 : 0,
  );
  return db;
}

export function migrate(db: DB, all: readonly Migration[]): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of all.filter((m) => m.version > current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
