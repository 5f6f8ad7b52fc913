import type { FastifyBaseLogger } from 'fastify';
import { dayInZone, nextDay, startOfDay } from '../../../shared/time/time-zone.js';
import type { DB } from '../../platform/db/open-database.js';
import type { MailSender } from '../../platform/mail/mail-sender.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { digestContent } from './digest-content.js';
import { createDigestReads } from './digest-reads.js';

const HOUR_MS = 60 * 60 * 1000;
/** The timer looks again at least this often, so a clock set forward or back is followed within the hour. */
const LONGEST_WAIT_MS = HOUR_MS;

export interface DigestScheduleOptions {
  db: DB;
  storage: StorageMonitor;
  /** Sends to NOTIFY_TO. */
  mail: Pick<MailSender, 'send'>;
  siteUrl: string;
  timeZone: string;
  /** DIGEST_HOUR: the digest goes at or after this hour of the day, in `timeZone`. */
  hour: number;
  /** The site's clock. */
  now: () => number;
  log: FastifyBaseLogger;
  /** After a failed send, the next try that day (10 minutes). */
  retryMs?: number;
}

/** What one look at the clock did. */
export type DigestOutcome = 'sent' | 'nothing to say' | 'not yet' | 'already done' | 'failed' | 'closed';

export type DigestSchedule = ReturnType<typeof createDigestSchedule>;

/**
 * The morning digest: once a day, at or after DIGEST_HOUR in the site's time zone, an e-mail to
 * NOTIFY_TO of what waits for the desk (digest-content.ts). The day is recorded in digest_days only
 * once the mail server accepted it (or as "nothing to say" when there was nothing), so it goes once a
 * day across restarts; a failed send is tried again `retryMs` later, that day. `tick` looks at the
 * clock now (the timer calls it; so can a test, after moving its clock on).
 */
export function createDigestSchedule(options: DigestScheduleOptions) {
  const { db, storage, mail, siteUrl, timeZone, hour, now, log, retryMs = 10 * 60 * 1000 } = options;
  const reads = createDigestReads(db, timeZone);
  const isDone = db.prepare<[string], number>('SELECT 1 FROM digest_days WHERE day = ?').pluck();
  const markDone = db.prepare('INSERT OR IGNORE INTO digest_days (day, done_at, outcome) VALUES (?, ?, ?)');
  const closing = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<DigestOutcome> | null = null;
  let started: Promise<DigestOutcome> | null = null;

  /** When the digest of `day` is due. */
  const dueAt = (day: string) => startOfDay(day, timeZone).getTime() + hour * HOUR_MS;

  function wake(inMs: number) {
    if (closing.signal.aborted) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), Math.min(Math.max(inMs, 1000), LONGEST_WAIT_MS));
    timer.unref();
  }

  /** The day this process last sent (or found nothing to say for): not sent again if recording it failed. */
  let doneDay: string | null = null;

  async function run(): Promise<DigestOutcome> {
    if (closing.signal.aborted) return 'closed';
    const at = now();
    const today = dayInZone(new Date(at), timeZone);
    if (at < dueAt(today)) {
      wake(dueAt(today) - at);
      return 'not yet';
    }
    if (today === doneDay || isDone.get(today)) {
      wake(dueAt(nextDay(today)) - at);
      return 'already done';
    }
    const message = digestContent(reads.read(new Date(at)), siteUrl, timeZone);
    try {
      if (message) await mail.send({ ...message, signal: closing.signal });
    } catch (error) {
      if (closing.signal.aborted) return 'closed';
      log.warn({ err: error, day: today }, 'the morning digest could not be sent; it is tried again shortly');
      wake(retryMs);
      return 'failed';
    }
    const outcome = message ? 'sent' : 'nothing to say';
    doneDay = today;
    try {
      storage.write(() => markDone.run(today, new Date(now()).toISOString(), outcome));
    } catch (error) {
      // Sent, but not recorded: this process knows (doneDay); only a restart today would send it again.
      log.error({ err: error, day: today }, 'the morning digest went, but the day could not be recorded');
    }
    log.info({ day: today, outcome }, 'morning digest');
    wake(dueAt(nextDay(today)) - now());
    return outcome;
  }

  /** Looks at the clock: sends today's digest when it is due and not done. One look at a time. */
  function tick(): Promise<DigestOutcome> {
    running ??= run().finally(() => (running = null));
    return running;
  }

  return {
    tick,
    /** Starts the timer; past the hour with today not done, the digest goes now. */
    start(): Promise<DigestOutcome> {
      return (started = tick());
    },
    /** What the look at start did (null before start). */
    get started(): Promise<DigestOutcome> | null {
      return started;
    },
    /** Stops the timer, ends a send under way, and waits for it. */
    async close(): Promise<void> {
      closing.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
