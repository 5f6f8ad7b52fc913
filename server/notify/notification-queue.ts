import type { FastifyBaseLogger } from 'fastify';
import type { EnquiryStore } from '../db/enquiry-store.js';
import type { DB } from '../db/open-database.js';
import type { EnquiryMailer } from './enquiry-mailer.js';

/** Minutes to wait before each further try: six tries over about an hour, then "failed". */
const RETRY_MINUTES = [1, 4, 10, 20, 30] as const;
const BATCH = 20;
/** The longest a timer waits before looking again (a timer can be late, a clock can jump). */
const MAX_WAIT_MS = 5 * 60 * 1000;

export type NotificationQueue = ReturnType<typeof createNotificationQueue>;

/**
 * The e-mail notification of each enquiry, kept in the enquiries table (notify_status pending, sent
 * or failed, with the last error and the tries): an enquiry is stored and answered first, its e-mail
 * follows and is retried with backoff, across restarts. A failed e-mail never touches the enquiry.
 */
export function createNotificationQueue(options: {
  db: DB;
  store: EnquiryStore;
  mailer: EnquiryMailer;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, store, mailer, log } = options;
  const now = options.now ?? (() => new Date());
  const due = db.prepare<[string, number], number>(
    `SELECT id FROM enquiries WHERE notify_status = 'pending' AND notify_next_at <= ? ORDER BY notify_next_at, id LIMIT ?`,
  ).pluck();
  const nextDue = db.prepare<[], string | null>(`SELECT min(notify_next_at) FROM enquiries WHERE notify_status = 'pending'`).pluck();
  const markSent = db.prepare(`UPDATE enquiries SET notify_status = 'sent', notify_error = NULL, notify_tries = notify_tries + 1 WHERE id = ?`);
  const markFailedTry = db.prepare(
    `UPDATE enquiries SET notify_status = @status, notify_error = @error, notify_tries = notify_tries + 1, notify_next_at = @nextAt WHERE id = @id`,
  );
  const triesOf = db.prepare<[number], number>('SELECT notify_tries FROM enquiries WHERE id = ?').pluck();
  const requeue = db.prepare(
    `UPDATE enquiries SET notify_status = 'pending', notify_error = NULL, notify_tries = 0, notify_next_at = ? WHERE id = ?`,
  );

  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function sendOne(id: number): Promise<void> {
    const enquiry = store.get(id);
    if (!enquiry) return;
    try {
      await mailer.send(enquiry, store.spamBefore(enquiry));
      markSent.run(id);
      log.info({ enquiryId: id }, 'enquiry notification sent');
    } catch (error) {
      const tries = (triesOf.get(id) ?? 0) + 1;
      const wait = RETRY_MINUTES[tries - 1];
      const nextAt = wait === undefined ? null : new Date(now().getTime() + wait * 60_000).toISOString();
      const message = (error as Error).message.slice(0, 500);
      markFailedTry.run({ id, status: nextAt ? 'pending' : 'failed', error: message, nextAt });
      log.error({ err: error, enquiryId: id, tries }, nextAt ? `enquiry notification failed; retrying at ${nextAt}` : 'enquiry notification failed for good; the enquiry is stored');
    }
  }

  /** Sends what is due now, then sets a timer for the next one. */
  async function drain(): Promise<void> {
    for (let ids = due.all(now().toISOString(), BATCH); ids.length > 0 && !closed; ids = due.all(now().toISOString(), BATCH)) {
      for (const id of ids) await sendOne(id);
    }
    schedule();
  }

  function schedule(): void {
    clearTimeout(timer);
    const next = closed ? null : nextDue.get();
    if (!next) return;
    const wait = Math.min(Math.max(new Date(next).getTime() - now().getTime(), 0), MAX_WAIT_MS);
    timer = setTimeout(() => void queue.run(), wait);
    timer.unref();
  }

  const queue = {
    /** Sends every notification that is due; one run at a time. Resolves when the run ends. */
    run(): Promise<void> {
      running ??= drain()
        .catch((error: unknown) => log.error({ err: error }, 'the notification queue failed; it runs again on the next enquiry or start'))
        .finally(() => (running = null));
      return running;
    },
    /** "Resend notification": tries again from the start, now. */
    resend(id: number): boolean {
      const changed = requeue.run(now().toISOString(), id).changes > 0;
      if (changed) void queue.run();
      return changed;
    },
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      await running;
      mailer.close();
    },
  };
  return queue;
}
