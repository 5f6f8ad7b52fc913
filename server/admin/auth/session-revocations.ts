import type { FastifyBaseLogger } from 'fastify';
import { asStorageFailure } from '../../platform/storage/storage-error.js';

/** How often the deletes that could not be written are tried again. */
const RETRY_EVERY_MS = 30 * 1000;

export type SessionRevocations = ReturnType<typeof createSessionRevocations>;

/**
 * Sessions that were ended (logout, an expired or outdated session) while the store could not delete
 * their rows (disk full, read-only file, a lock held elsewhere). They are refused from memory at once,
 * and their deletes are retried every 30 s and whenever the session is presented again, until one is
 * written. Entries are dropped after `keepMs` (the absolute session limit): by then the row has
 * expired and the store refuses it anyway. A restart before a delete was written forgets the entry;
 * the browser was told to drop the cookie at logout.
 */
export function createSessionRevocations(options: {
  remove: (sid: string) => void;
  keepMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { remove, keepMs, log } = options;
  const now = options.now ?? Date.now;
  /** Session id → until when it is remembered. */
  const revoked = new Map<string, number>();

  /** Tries the delete again; true when the row is gone now. A storage failure is expected here; anything else is thrown. */
  function deleteNow(sid: string): boolean {
    try {
      remove(sid);
      return true;
    } catch (error) {
      if (asStorageFailure(error)) return false;
      throw error;
    }
  }

  function retry(): void {
    for (const [sid, until] of revoked) {
      if (now() > until || deleteNow(sid)) revoked.delete(sid);
    }
  }
  const timer = setInterval(() => {
    try {
      retry();
    } catch (error) {
      log.error({ err: error }, 'retrying the deletes of ended sessions failed');
    }
  }, RETRY_EVERY_MS);
  timer.unref();

  return {
    /** Ends a session whose row could not be deleted: refused from now on, the delete retried. */
    revoke(sid: string, reason: string): void {
      revoked.set(sid, now() + keepMs);
      log.warn(
        { reason },
        'a session was ended but its row could not be deleted: it is refused from memory, and the delete is retried',
      );
    },
    /** True when the session was ended: the delete is tried again on the way. */
    refuses(sid: string): boolean {
      const until = revoked.get(sid);
      if (until === undefined) return false;
      if (now() > until || deleteNow(sid)) revoked.delete(sid);
      return true;
    },
    /** Tries every waiting delete again (what the timer does every 30 s). */
    retry,
    /** How many ended sessions still wait for their rows to be deleted. */
    get pending(): number {
      return revoked.size;
    },
    close(): void {
      clearInterval(timer);
    },
  };
}
