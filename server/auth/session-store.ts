import type { SessionStore } from '@fastify/session';
import type { DB } from '../db/open-database.js';

type Callback = (error?: unknown) => void;
type SessionData = Parameters<SessionStore['set']>[1];

const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Sessions kept in SQLite, so a restart keeps admins signed in; expired ones are purged hourly. */
export function createSqliteSessionStore(db: DB, defaultMaxAgeMs: number) {
  const upsert = db.prepare(
    `INSERT INTO sessions (sid, data, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
  );
  const select = db.prepare<[string, number], { data: string }>('SELECT data FROM sessions WHERE sid = ? AND expires_at > ?');
  const remove = db.prepare('DELETE FROM sessions WHERE sid = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');

  const timer = setInterval(() => purge.run(Date.now()), PURGE_EVERY_MS);
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
      const expires = session.cookie.expires ? new Date(session.cookie.expires).getTime() : Date.now() + defaultMaxAgeMs;
      run(callback, () => upsert.run(sid, JSON.stringify(session), expires));
    },
    get(sid, callback) {
      try {
        const row = select.get(sid, Date.now());
        callback(null, row ? (JSON.parse(row.data) as SessionData) : null);
      } catch (error) {
        callback(error);
      }
    },
    destroy(sid, callback) {
      run(callback, () => remove.run(sid));
    },
    close() {
      clearInterval(timer);
    },
  };
  purge.run(Date.now());
  return store;
}
