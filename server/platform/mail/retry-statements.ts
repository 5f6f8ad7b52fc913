import type { DB } from '../db/open-database.js';

/**
 * Where a queue keeps its messages' delivery: rows of `table` (by `id`) with the columns
 * `<prefix>_status` ('pending', 'sent', 'failed'), `<prefix>_error`, `<prefix>_tries` and
 * `<prefix>_next_at` (without a prefix: `status`, `error`, `tries`, `next_at`); `sentAt`, when
 * given, is a column set to the time of the send; `where`, when given, picks the queue's rows (the
 * outbox's channel).
 */
export interface RetryColumns {
  table: string;
  prefix: string;
  sentAt?: string;
  where?: string;
}

/**
 * The retry queue's reads and writes of its rows. `change` runs one write of an e-mail's delivery
 * and `onStatus` (what depends on it) as one transaction, and returns the write's row count.
 */
export function retryStatements(
  db: DB,
  columns: RetryColumns,
  onStatus: ((id: number, sentAt: string | null) => void) | undefined,
) {
  const { table, prefix, sentAt, where } = columns;
  const p = prefix ? `${prefix}_` : '';
  // Neither lists the e-mails sent but not yet recorded as sent (`unrecorded`, a JSON list of ids).
  const pending = `${where ? `${where} AND ` : ''}${p}status = 'pending' AND id NOT IN (SELECT value FROM json_each(@unrecorded))`;
  return {
    due: db
      .prepare<{ now: string; limit: number; unrecorded: string }, number>(
        `SELECT id FROM ${table} WHERE ${pending} AND ${p}next_at <= @now ORDER BY ${p}next_at, id LIMIT @limit`,
      )
      .pluck(),
    nextDue: db
      .prepare<{ unrecorded: string }, string | null>(`SELECT min(${p}next_at) FROM ${table} WHERE ${pending}`)
      .pluck(),
    markSent: db.prepare<{ id: number; at: string }>(
      `UPDATE ${table} SET ${p}status = 'sent', ${p}error = NULL, ${p}tries = ${p}tries + 1
     ${sentAt ? `, ${sentAt} = @at` : ''} WHERE id = @id`,
    ),
    markFailedTry: db.prepare(
      `UPDATE ${table} SET ${p}status = @status, ${p}error = @error, ${p}tries = ${p}tries + 1, ${p}next_at = @nextAt WHERE id = @id`,
    ),
    triesOf: db.prepare<[number], number>(`SELECT ${p}tries FROM ${table} WHERE id = ?`).pluck(),
    requeue: db.prepare(
      `UPDATE ${table} SET ${p}status = 'pending', ${p}error = NULL, ${p}tries = 0, ${p}next_at = ? WHERE id = ?`,
    ),
    change: db.transaction((id: number, write: () => number, sentAt: string | null): number => {
      const changes = write();
      if (changes > 0) onStatus?.(id, sentAt);
      return changes;
    }),
  };
}
