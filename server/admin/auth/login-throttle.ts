import type { DB } from '../../platform/db/open-database.js';

/** Failures per client IP in a window: past it, a hard stop until the window ends. */
export const IP_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 };
/**
 * Failures per account before each further try has to wait, doubling from 1 s up to a minute: an
 * attacker cannot lock the owner out for long, and a browser that has signed in before is exempt.
 */
export const ACCOUNT_LIMIT = { failures: 5, windowMs: 60 * 60 * 1000, maxDelayMs: 60 * 1000 };
/**
 * Failures a known browser (device cookie) may make on its own allowance, without counting on the
 * account; past it the cookie exempts nothing until the window ends, so a copied cookie is no way
 * around the account's delay.
 */
export const DEVICE_LIMIT = { failures: 5, windowMs: 15 * 60 * 1000 };
/**
 * Rows kept at most (an attacker with many addresses cannot grow the file): the rows with the fewest
 * failures go first, so the count of an account under attack is the last to be dropped.
 */
const MAX_ROWS = 20_000;

interface Row {
  failures: number;
  window_start: number;
  blocked_until: number;
}

/** Allowed: the keys the attempt was counted on, which `succeeded` gives back. */
export type Verdict = { allowed: true; counted: string[] } | { allowed: false; retryAfterMs: number };
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/**
 * Counts sign-in attempts in SQLite, so the counts survive a restart. An attempt is counted as a
 * failure when it starts (`begin`), before the slow password check, and given back on success: a
 * burst of parallel guesses is throttled exactly like the same guesses one after another.
 */
export function createLoginThrottle(db: DB, now: () => number = Date.now) {
  const read = db.prepare<[string], Row>(
    'SELECT failures, window_start, blocked_until FROM login_attempts WHERE key = ?',
  );
  const write = db.prepare(
    `INSERT INTO login_attempts (key, failures, window_start, blocked_until) VALUES (@key, @failures, @windowStart, @blockedUntil)
     ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start, blocked_until = excluded.blocked_until`,
  );
  const remove = db.prepare('DELETE FROM login_attempts WHERE key = ?');
  const sweepExpired = db.prepare('DELETE FROM login_attempts WHERE window_start < ? AND blocked_until < ?');
  const count = db.prepare<[], number>('SELECT count(*) FROM login_attempts').pluck();
  const trim = db.prepare(
    'DELETE FROM login_attempts WHERE key IN (SELECT key FROM login_attempts ORDER BY failures, window_start LIMIT ?)',
  );

  /** The row of a key in its current window (a fresh one when the window has passed). */
  const current = (key: string, windowMs: number, time: number): Row => {
    const row = read.get(key);
    return row && row.window_start > time - windowMs ? row : { failures: 0, window_start: time, blocked_until: 0 };
  };
  const save = (key: string, row: Row) =>
    write.run({ key, failures: row.failures, windowStart: row.window_start, blockedUntil: row.blocked_until });

  /** The delay after `failures` failures of one account: none up to the limit, then 1 s, 2 s, 4 s … a minute. */
  const accountDelay = (failures: number) =>
    failures < ACCOUNT_LIMIT.failures
      ? 0
      : Math.min(1000 * 2 ** (failures - ACCOUNT_LIMIT.failures), ACCOUNT_LIMIT.maxDelayMs);

  return {
    /**
     * Starts an attempt: refused when the client IP has used its failures, or the account must wait
     * and the browser is not a known one (`deviceKey`, within its own allowance). Otherwise counted as
     * a failure, on the IP and on the device or else the account, until `succeeded` gives it back.
     */
    begin(ipKey: string, accountKey: string, deviceKey: string | null): Verdict {
      const time = now();
      return db
        .transaction((): Verdict => {
          const ip = current(ipKey, IP_LIMIT.windowMs, time);
          if (ip.failures >= IP_LIMIT.failures)
            return { allowed: false, retryAfterMs: ip.window_start + IP_LIMIT.windowMs - time };
          const device = deviceKey === null ? null : current(deviceKey, DEVICE_LIMIT.windowMs, time);
          const account = current(accountKey, ACCOUNT_LIMIT.windowMs, time);
          const trusted = device !== null && device.failures < DEVICE_LIMIT.failures;
          if (!trusted && account.blocked_until > time)
            return { allowed: false, retryAfterMs: account.blocked_until - time };
          save(ipKey, { ...ip, failures: ip.failures + 1 });
          if (trusted) {
            save(deviceKey!, { ...device, failures: device.failures + 1 });
          } else {
            const failures = account.failures + 1;
            save(accountKey, { ...account, failures, blocked_until: time + accountDelay(failures) });
          }
          if (count.get()! > MAX_ROWS) trim.run(count.get()! - MAX_ROWS);
          return { allowed: true, counted: [ipKey, trusted ? deviceKey! : accountKey] };
        })
        .immediate();
    },
    /** The attempt succeeded: the counts it was counted on start again (a known browser's success leaves the account's). */
    succeeded(counted: string[]): void {
      db.transaction(() => {
        for (const key of counted) remove.run(key);
      })();
    },
    /** Removes rows whose windows and delays are over. */
    sweep(): void {
      const time = now();
      sweepExpired.run(time - Math.max(IP_LIMIT.windowMs, ACCOUNT_LIMIT.windowMs), time);
    },
  };
}
