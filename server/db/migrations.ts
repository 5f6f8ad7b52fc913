/**
 * Schema changes, applied in order at start. Never edit a migration that has shipped: add the next one.
 * PRAGMA user_version holds the number of the last migration applied.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'enquiries',
    sql: `
      CREATE TABLE enquiries (
        id             INTEGER PRIMARY KEY,
        name           TEXT NOT NULL,
        email          TEXT,
        phone          TEXT NOT NULL,
        subject        TEXT NOT NULL,
        message        TEXT NOT NULL,
        created_at     TEXT NOT NULL,                -- ISO 8601, UTC, set by the server
        status         TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new')),
        client_ip_hash TEXT,                         -- keyed hash of the sender's IP, for abuse control
        user_agent     TEXT
      );
      CREATE INDEX enquiries_newest_first ON enquiries (created_at DESC, id DESC);
    `,
  },
  {
    version: 2,
    name: 'admin accounts and sessions',
    sql: `
      CREATE TABLE admin_users (
        id            INTEGER PRIMARY KEY,
        email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      );
      CREATE TABLE sessions (
        sid        TEXT PRIMARY KEY,
        data       TEXT NOT NULL,
        expires_at INTEGER NOT NULL                  -- milliseconds since the epoch
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);
    `,
  },
  {
    version: 4,
    name: 'storage probe',
    sql: `
      -- One row that /healthz rewrites: a real committed write proves the database can take one.
      CREATE TABLE storage_probe (
        id         INTEGER PRIMARY KEY CHECK (id = 1),
        checked_at TEXT NOT NULL
      );
    `,
  },
];
