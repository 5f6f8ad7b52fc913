import type { SessionStore } from '@fastify/session';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import { createSessionRevocations } from './session-revocations.js';

type Callback = (error?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Sessions kept in SQLite, so a restart keeps admins signed in; expired ones are purged hourly.
 * Ending a session always works: when its row cannot be deleted (the store cannot write), the session
 * is refused from memory and the delete retried (session-revocations.ts), so logout never fails.
 */
export function createSqliteSessionStore(
  db: DB,
  options: { defaultMaxAgeMs: number; absoluteMaxAgeMs: number; log: FastifyBaseLogger },
) {
  const upsert = db.prepare(
    `INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
  );
  const select = db.prepare<[string, number], { data: string }>(
    'SELECT data FROM sessions WHERE sid = ? AND expires_at > ?',
  );
  const remove = db.prepare('DELETE FROM sessions WHERE sid = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const revocations = createSessionRevocations({
    remove: (sid) => remove.run(sid),
    keepMs: options.absoluteMaxAgeMs,
    log: options.log,
  });

  // A purge that fails (a full disk) is tried again the next hour: a throw here would end the process.
  const timer = setInterval(() => {
    try {
      purge.run(Date.now());
    } catch (error) {
      options.log.error({ err: error }, 'expired sessions could not be purged; tried again in an hour');
    }
  }, PURGE_EVERY_MS);
  timer.unref();

  const run = (callback: Callback, work: () => void) => {
    try {
      work();
      callback();
    } catch (error) {
      callback(error);
    }
  };

  const store: SessionStore & { close(): void } = {
    set(sid, session, callback) {
      const expires = session.cookie.expires
        ? new Date(session.cookie.expires).getTime()
        : Date.now() + options.defaultMaxAgeMs;
      run(callback, () => upsert.run(sid, JSON.stringify(session), expires));
    },
    get(sid, callback) {
      try {
        // An ended session is no session: the plugin starts a new one and clears the old cookie.
        if (revocations.refuses(sid)) return callback(null, null);
        const row = select.get(sid, Date.now());
        callback(null, row ? (JSON.parse(row.data) as SessionData) : null);
      } catch (error) {
        callback(error);
      }
    },
    destroy(sid, callback) {
      try {
        remove.run(sid);
        callback();
      } catch (error) {
        const failure = asStorageFailure(error);
        if (!failure) return callback(error);
        revocations.revoke(sid, failure.reason);
        callback();
      }
    },
    close() {
      clearInterval(timer);
      revocations.close();
    },
  };
  purge.run(Date.now());
  return store;
}
