import type Database from 'better-sqlite3';
import type { DB } from '../platform/db/open-database.js';

/** Statements whose SQL is put together per call, each prepared the first time it is asked for. */
export function statementCache(db: DB) {
  const statements = new Map<string, Database.Statement>();
  return <T>(sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = db.prepare(sql)));
    return statement as Database.Statement<unknown[], T>;
  };
}

export type StatementCache = ReturnType<typeof statementCache>;
