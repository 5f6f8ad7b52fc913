import type { FastifyBaseLogger } from 'fastify';
import type { EnquiryStore } from '../enquiry-store.js';
import type { DB } from '../../platform/db/open-database.js';
import type { EnquiryMailer } from './enquiry-mailer.js';

/** Minutes to wait before each further try: six tries over about an hour, then "failed". */
const RETRY_MINUTES = [1, 4, 10, 20, 30] as const;
/** Messages sent at once: a mail server that never answers holds each for one stage's time limit, not the queue. */
const PARALLEL_SENDS = 3;
/** On shutdown, how long sends under way may take to finish before they are cut (their e-mails stay pending). */
const CLOSE_GRACE_MS = 2000;
/** The longest a timer waits before looking again (a timer can be late, a clock can jump). */
const MAX_WAIT_MS = 5 * 60 * 1000;

/** A promise and the function that resolves it (Promise.withResolvers, which the configured lib lacks). */
function settledLater(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

export type NotificationQueue = ReturnType<typeof createNotificationQueue>;

/**
 * The e-mail notification of each enquiry, kept in the enquiries table (notify_status pending, sent
 * or failed, with the last error and the tries): an enquiry is stored and answered first, its e-mail
 * follows and is retried with backoff, across restarts. A failed e-mail never touches the enquiry.
 * Three are sent at once, each try bounded by the mailer's time limits, so a mail server that accepts
 * and never answers gives every pending e-mail its first try, and its error on the desk, within
 * about a minute (21 pending: 7 rounds of 10 s). Closing stops between messages: sends under way get
 * CLOSE_GRACE_MS to finish, then are cut and stay pending, untried, for the next start.
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
  const due = db
    .prepare<[string, number], number>(
      `SELECT id FROM enquiries WHERE notify_status = 'pending' AND notify_next_at <= ? ORDER BY notify_next_at, id LIMIT ?`,
    )
    .pluck();
  const nextDue = db
    .prepare<[], string | null>(`SELECT min(notify_next_at) FROM enquiries WHERE notify_status = 'pending'`)
    .pluck();
  const markSent = db.prepare(
    `UPDATE enquiries SET notify_status = 'sent', notify_error = NULL, notify_tries = notify_tries + 1 WHERE id = ?`,
  );
  const markFailedTry = db.prepare(
    `UPDATE enquiries SET notify_status = @status, notify_error = @error, notify_tries = notify_tries + 1, notify_next_at = @nextAt WHERE id = @id`,
  );
  const triesOf = db.prepare<[number], number>('SELECT notify_tries FROM enquiries WHERE id = ?').pluck();
  const requeue = db.prepare(
    `UPDATE enquiries SET notify_status = 'pending', notify_error = NULL, notify_tries = 0, notify_next_at = ? WHERE id = ?`,
  );

  /** The workers sending now (at most PARALLEL_SENDS), the messages they hold, and the end of this run. */
  let workers = 0;
  const inFlight = new Set<number>();
  let running: { promise: Promise<void>; resolve: () => void } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Aborted on close, once the grace is over: cuts the sends still under way. */
  const stop = new AbortController();

  async function sendOne(id: number): Promise<void> {
    const enquiry = store.get(id);
    if (!enquiry) return;
    try {
      await mailer.send(enquiry, { spamCount: store.spamBefore(enquiry), signal: stop.signal });
      markSent.run(id);
      log.info({ enquiryId: id }, 'enquiry notification sent');
    } catch (error) {
      if (stop.signal.aborted) {
        log.info(
          { enquiryId: id },
          'enquiry notification cut short by the shutdown; it stays pending for the next start',
        );
        return;
      }
      const tries = (triesOf.get(id) ?? 0) + 1;
      const wait = RETRY_MINUTES[tries - 1];
      const nextAt = wait === undefined ? null : new Date(now().getTime() + wait * 60_000).toISOString();
      const message = (error as Error).message.slice(0, 500);
      markFailedTry.run({ id, status: nextAt ? 'pending' : 'failed', error: message, nextAt });
      log.error(
        { err: error, enquiryId: id, tries },
        nextAt
          ? `enquiry notification failed; retrying at ${nextAt}`
          : 'enquiry notification failed for good; the enquiry is stored',
      );
    }
  }

  /** The next due message that no other worker is sending. */
  function claimNext(): number | undefined {
    const id = due.all(now().toISOString(), inFlight.size + 1).find((candidate) => !inFlight.has(candidate));
    if (id !== undefined) inFlight.add(id);
    return id;
  }

  /** Sends due messages one after another until none is left (or the queue closes: checked between messages). */
  async function worker(): Promise<void> {
    for (let id = claimNext(); id !== undefined; id = closed ? undefined : claimNext()) {
      try {
        await sendOne(id);
      } finally {
        inFlight.delete(id);
      }
    }
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
    /**
     * Sends every notification that is due, PARALLEL_SENDS at a time: a call while a run is under way
     * adds workers up to that number, so a new enquiry's e-mail starts at once while fewer are being
     * sent, instead of waiting for the run to end. Resolves
     * when nothing due is left to send (or the queue closed), then sets a timer for the next one.
     */
    run(): Promise<void> {
      const current = (running ??= settledLater());
      for (; workers < PARALLEL_SENDS && !closed; workers++) {
        void worker()
          .catch((error: unknown) =>
            log.error({ err: error }, 'the notification queue failed; it runs again on the next enquiry or start'),
          )
          .finally(() => {
            if (--workers > 0) return;
            running = null;
            schedule();
            current.resolve();
          });
      }
      if (workers === 0) {
        running = null;
        current.resolve();
      }
      return current.promise;
    },
    /** "Resend notification": tries again from the start, now. */
    resend(id: number): boolean {
      const changed = requeue.run(now().toISOString(), id).changes > 0;
      if (changed) void queue.run();
      return changed;
    },
    /** Stops between messages: no new send starts; those under way get CLOSE_GRACE_MS, then are cut. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      if (running) {
        const { promise } = running;
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([promise, new Promise<void>((resolve) => (grace = setTimeout(resolve, CLOSE_GRACE_MS)))]);
        clearTimeout(grace);
        stop.abort();
        await promise;
      }
      mailer.close();
    },
  };
  return queue;
}
