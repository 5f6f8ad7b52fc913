import type { FastifyBaseLogger } from 'fastify';
import { dayInZone, nextDay, startOfDay } from '../../../shared/time/time-zone.js';
import type { DB } from '../../platform/db/open-database.js';
import type { MailSender } from '../../platform/mail/mail-sender.js';
import { outboxColumns } from '../../platform/mail/outbox.js';
import { createRetryQueue } from '../../platform/mail/retry-queue.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { digestContent, type DigestMail } from './digest-content.js';
import { createDigestReads } from './digest-reads.js';

const HOUR_MS = 60 * 60 * 1000;
/** The timer looks again at least this often, so a clock set forward or back is followed within the hour. */
const LONGEST_WAIT_MS = HOUR_MS;
/** After a failed send, tries every 10 minutes for six hours, then the day's digest has failed. */
const RETRIES = 36;

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
  /** After a failed send, the wait before each next try (10 minutes). */
  retryMs?: number;
}

/** What one look at the clock did. */
export type DigestOutcome = 'sent' | 'nothing to say' | 'not yet' | 'already done' | 'failed' | 'closed';

export type DigestSchedule = ReturnType<typeof createDigestSchedule>;

/**
 * The morning digest: once a day, at or after DIGEST_HOUR in the site's time zone, an e-mail to
 * NOTIFY_TO of what waits for the desk (digest-content.ts), made then and queued in the outbox
 * (channel 'digest', its subject and text in the delivery's data), sent by the one runner
 * (retry-queue.ts) and tried again every `retryMs` for six hours. The day is recorded in digest_days
 * in the transaction that records the mail server's acceptance (or as "nothing to say" when there was
 * nothing), so it goes once a day across restarts. `tick` looks at the clock now (the timer calls it;
 * so can a test, after moving its clock on).
 */
export function createDigestSchedule(options: DigestScheduleOptions) {
  const { db, storage, siteUrl, timeZone, hour, now, log, retryMs = 10 * 60 * 1000 } = options;
  const reads = createDigestReads(db, timeZone);
  const isDone = db.prepare<[string], number>('SELECT 1 FROM digest_days WHERE day = ?').pluck();
  const markDone = db.prepare('INSERT OR IGNORE INTO digest_days (day, done_at, outcome) VALUES (?, ?, ?)');
  const outbox = digestOutbox(options, retryMs, (day, sentAt) => markDone.run(day, sentAt, 'sent'));
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

  /** Records a day with nothing to say (a failure to record it is logged: the next look tries again). */
  function nothingToSay(day: string) {
    try {
      storage.write(() => markDone.run(day, new Date(now()).toISOString(), 'nothing to say'));
    } catch (error) {
      log.error({ err: error, day }, 'the morning digest had nothing to say, but the day could not be recorded');
    }
  }

  async function run(): Promise<DigestOutcome> {
    if (closing.signal.aborted) return 'closed';
    const at = now();
    const today = dayInZone(new Date(at), timeZone);
    if (at < dueAt(today)) {
      wake(dueAt(today) - at);
      return 'not yet';
    }
    wake(dueAt(nextDay(today)) - at);
    if (isDone.get(today)) return 'already done';
    let queued = outbox.of(today);
    if (!queued) {
      const message = digestContent(reads.read(new Date(at)), siteUrl, timeZone);
      if (!message) {
        nothingToSay(today);
        log.info({ day: today, outcome: 'nothing to say' }, 'morning digest');
        return 'nothing to say';
      }
      try {
        queued = storage.write(() => outbox.queue(today, message, new Date(at).toISOString()));
      } catch (error) {
        // Storage failing: nothing queued; the next look (within the hour) tries again.
        log.error({ err: error, day: today }, 'the morning digest could not be queued');
        return 'failed';
      }
    }
    await outbox.run();
    if (closing.signal.aborted) return 'closed';
    return outbox.statusOf(queued) === 'sent' ? 'sent' : 'failed';
  }

  /** Looks at the clock: queues today's digest when it is due and not done, and sends it. One look at a time. */
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
      await outbox.close();
      await running;
    },
  };
}

/**
 * The digest's channel of the outbox: one delivery a day (its day, subject and text in `data`), sent
 * by the one runner to NOTIFY_TO; `onSent` runs in the transaction that records the mail server's
 * acceptance.
 */
function digestOutbox(
  { db, mail, log, now }: DigestScheduleOptions,
  retryMs: number,
  onSent: (day: string, sentAt: string) => void,
) {
  const insert = db.prepare<{ data: string; at: string }>(
    `INSERT INTO deliveries (channel, event, data, status, next_at, created_at)
     VALUES ('digest', 'digest.daily', @data, 'pending', @at, @at)`,
  );
  // An earlier day's digest still being tried (the server was down) is not sent after today's.
  const replaceEarlier = db.prepare(
    `UPDATE deliveries SET status = 'failed', next_at = NULL, error = 'A newer digest replaced it.'
     WHERE channel = 'digest' AND status = 'pending'`,
  );
  // The newest digest: found by walking back the table's ids over at most a day of deliveries.
  const newestDigest = db.prepare<[], { id: number; day: string }>(
    "SELECT id, json_extract(data, '$.day') AS day FROM deliveries WHERE channel = 'digest' ORDER BY id DESC LIMIT 1",
  );
  const dataOf = db.prepare<[number], string>('SELECT data FROM deliveries WHERE id = ?').pluck();
  const statusOf = db.prepare<[number], string>('SELECT status FROM deliveries WHERE id = ?').pluck();
  const readData = (id: number) => JSON.parse(dataOf.get(id) ?? 'null') as (DigestMail & { day: string }) | null;
  const runner = createRetryQueue({
    db,
    log,
    now: () => new Date(now()),
    columns: outboxColumns('digest'),
    what: 'morning digest',
    idKey: 'deliveryId',
    retryDelaysMs: Array.from({ length: RETRIES }, () => retryMs),
    async send(id, signal) {
      const digest = readData(id);
      if (digest) await mail.send({ subject: digest.subject, text: digest.text, signal });
    },
    onStatus(id, sentAt) {
      const digest = readData(id);
      if (digest && sentAt) onSent(digest.day, sentAt);
    },
  });
  return {
    /** The delivery of `day`'s digest, if it was queued. */
    of: (day: string): number | undefined => {
      const found = newestDigest.get();
      return found?.day === day ? found.id : undefined;
    },
    /** Queues `day`'s digest (call it inside a storage write): its delivery. */
    queue(day: string, message: DigestMail, at: string): number {
      replaceEarlier.run();
      return Number(insert.run({ data: JSON.stringify({ day, ...message }), at }).lastInsertRowid);
    },
    statusOf: (id: number) => statusOf.get(id),
    run: runner.run,
    close: runner.close,
  };
}
