import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/open-database.js';
import { retryStatements, type RetryColumns } from './retry-statements.js';

/** Minutes to wait before each further try of an e-mail: six tries over about an hour, then "failed". */
const RETRY_MINUTES = [1, 4, 10, 20, 30] as const;
const MAIL_RETRY_DELAYS_MS = RETRY_MINUTES.map((minutes) => minutes * 60_000);
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

/** A failure that no further try can mend (a webhook answered 410 Gone): the message fails at once. */
export class FinalFailure extends Error {}

export interface RetryQueueOptions {
  db: DB;
  columns: RetryColumns;
  /** What the log calls one of its e-mails ("enquiry notification"), and the key of its id ("enquiryId"). */
  what: string;
  idKey: string;
  /** Sends one e-mail; rejects with the mail server's error (or when `signal` aborts). */
  send(id: number, signal: AbortSignal): Promise<void>;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** Called once the queue has closed (the mailer's connections). */
  onClose?: () => void;
  /**
   * Called in the same transaction as each change of an e-mail's delivery (a try, sent or not, and
   * a resend), with the time it was sent when it was: what depends on the delivery is written with it.
   */
  onStatus?: (id: number, sentAt: string | null) => void;
  /** The wait before each further try (the e-mails': 1, 4, 10, 20 and 30 minutes); then "failed". */
  retryDelaysMs?: readonly number[];
}

export type RetryQueue = ReturnType<typeof createRetryQueue>;

/**
 * The queue's rows as it reads and writes them: the due messages, and each send's outcome written
 * with what depends on it (onStatus). Keeps the e-mails the mail server accepted whose "sent" could
 * not be written (storage failing): never sent again by this process; written again after the next
 * e-mail sent, and on close.
 */
function deliveryBook(options: RetryQueueOptions) {
  const { log, what, idKey } = options;
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const now = options.now ?? (() => new Date());
  const { due, nextDue, markSent, markFailedTry, triesOf, requeue, change } = retryStatements(
    options.db,
    options.columns,
    options.onStatus,
  );
  const unrecorded = new Set<number>();
  const unrecordedList = () => JSON.stringify([...unrecorded]);

  /** Writes that these e-mails were sent; those it cannot write stay in `unrecorded`. */
  function record(ids: Iterable<number>): void {
    for (const id of ids) {
      try {
        const at = now().toISOString();
        change(id, () => markSent.run({ id, at }).changes, at);
        unrecorded.delete(id);
        log.info({ [idKey]: id }, `${what} sent`);
      } catch (error) {
        unrecorded.add(id);
        log.error({ err: error, [idKey]: id }, `${what} sent, but not recorded as sent: it is not sent again`);
      }
    }
  }

  return {
    now,
    /** Up to `limit` due messages, the earliest first. */
    due: (limit: number) => due.all({ now: now().toISOString(), limit, unrecorded: unrecordedList() }),
    /** When the next pending message is due (null: none is). */
    nextDue: () => nextDue.get({ unrecorded: unrecordedList() }),
    /** Writes that this e-mail was sent, and those sent before whose "sent" could not be written. */
    sent: (id: number) => record([id, ...unrecorded]),
    /** Writes again the "sent" that could not be written. */
    recordUnrecorded: () => record([...unrecorded]),
    /** Writes a failed try: pending for the next one after its wait, or failed for good. */
    failed(id: number, error: unknown): void {
      const tries = (triesOf.get(id) ?? 0) + 1;
      const wait = error instanceof FinalFailure ? undefined : delays[tries - 1];
      const nextAt = wait === undefined ? null : new Date(now().getTime() + wait).toISOString();
      const message = (error as Error).message.slice(0, 500);
      const status = nextAt ? 'pending' : 'failed';
      change(id, () => markFailedTry.run({ id, status, error: message, nextAt }).changes, null);
      log.error(
        { err: error, [idKey]: id, tries },
        nextAt ? `${what} failed; retrying at ${nextAt}` : `${what} failed for good`,
      );
    },
    /** Makes one pending again from the start, due now; false when there is no such row. */
    requeue: (id: number) => change(id, () => requeue.run(now().toISOString(), id).changes, null) > 0,
  };
}

/**
 * The outbox's runner: messages kept in the database (one channel of `deliveries` each: outbox.ts)
 * and sent after the answer, retried with backoff across restarts:
 * PARALLEL_SENDS at once, each try bounded by the mailer's time limits, then "failed" with the last
 * error after six tries. Closing stops between messages: sends under way get CLOSE_GRACE_MS to
 * finish, then are cut and stay pending, untried, for the next start. A failed e-mail never touches
 * what it is about. Used by every channel: the notification, the acknowledgement, replies, the
 * digest and webhooks.
 */
export function createRetryQueue(options: RetryQueueOptions) {
  const { log, what, idKey } = options;
  const book = deliveryBook(options);

  /** The workers sending now (at most PARALLEL_SENDS), the messages they hold, and the end of this run. */
  let workers = 0;
  const inFlight = new Set<number>();
  let running: { promise: Promise<void>; resolve: () => void } | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  /** Aborted on close, once the grace is over: cuts the sends still under way. */
  const stop = new AbortController();

  async function sendOne(id: number): Promise<void> {
    try {
      await options.send(id, stop.signal);
    } catch (error) {
      if (stop.signal.aborted)
        log.info({ [idKey]: id }, `${what} cut short by the shutdown; it stays pending for the next start`);
      else book.failed(id, error);
      return;
    }
    book.sent(id);
  }

  /** The next due message that no other worker is sending. */
  function claimNext(): number | undefined {
    const id = book.due(inFlight.size + 1).find((candidate) => !inFlight.has(candidate));
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
    const next = closed ? null : book.nextDue();
    if (!next) return;
    const wait = Math.min(Math.max(new Date(next).getTime() - book.now().getTime(), 0), MAX_WAIT_MS);
    timer = setTimeout(() => void queue.run(), wait);
    timer.unref();
  }

  const queue = {
    /**
     * Sends every e-mail that is due, PARALLEL_SENDS at a time: a call while a run is under way adds
     * workers up to that number, so a new e-mail starts at once while fewer are being sent, instead
     * of waiting for the run to end. Resolves when nothing due is left to send (or the queue
     * closed), then sets a timer for the next one.
     */
    run(): Promise<void> {
      const current = (running ??= settledLater());
      for (; workers < PARALLEL_SENDS && !closed; workers++) {
        void worker()
          .catch((error: unknown) =>
            log.error({ err: error }, `the ${what} queue failed; it runs again on the next e-mail or start`),
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
    /** Tries one again from the start, now; false when there is no such row. */
    resend(id: number): boolean {
      const changed = book.requeue(id);
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
      book.recordUnrecorded();
      options.onClose?.();
    },
  };
  return queue;
}
