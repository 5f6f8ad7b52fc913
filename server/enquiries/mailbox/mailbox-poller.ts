import type { FastifyBaseLogger } from 'fastify';
import type { MailboxStatus } from '../../../shared/enquiry/mailbox-status.js';
import { CLOSE_GRACE_MS, settledWithin } from '../../platform/mail/stop-when-closing.js';
import { withoutPassword, type MailboxSettings } from './mailbox-config.js';
import { createMailboxConnection, errorText, type MailboxConnection } from './mailbox-connection.js';
import type { ReplyImport } from './reply-import.js';
import type { KeptAside } from './kept-aside.js';
import {
  createMessageTaker,
  IMPORTED_KEYWORD,
  MATCH_FIELDS,
  PASSED_OVER_KEYWORD,
  type MessageTaker,
  type PollResult,
} from './message-taker.js';
import type { ThreadLookups } from './reply-matching.js';
import { createReplyReader } from './reply-reader.js';

/** Messages whose headers are fetched at once. */
const HEADER_BATCH = 200;
/** The first retry after a failure; each next one waits twice as long, at most the poll interval. */
const FIRST_RETRY_MS = 5_000;

const nothingDone = (): PollResult => ({ imported: 0, unmatched: 0, keptAside: 0, failed: 0 });

/** Takes every unread message not judged yet, reading headers a batch at a time. */
async function readMailbox(
  connection: MailboxConnection,
  taker: MessageTaker,
  mailbox: string,
  result: PollResult,
): Promise<void> {
  const imap = await connection.connected();
  const lock = await imap.getMailboxLock(mailbox);
  try {
    const validity = String(imap.mailbox ? imap.mailbox.uidValidity : '');
    const unread = { unKeyword: IMPORTED_KEYWORD, not: { keyword: PASSED_OVER_KEYWORD } };
    const uids = ((await imap.search(unread, { uid: true })) || []).filter(
      (uid) => !taker.passedOver(`${validity}:${uid}`),
    );
    // Headers only, a batch at a time: a large mailbox is never held in memory at once.
    for (let from = 0; from < uids.length; from += HEADER_BATCH) {
      const batch = uids.slice(from, from + HEADER_BATCH);
      const heads = await imap.fetchAll(batch, { uid: true, headers: MATCH_FIELDS }, { uid: true });
      for (const head of heads) await taker.take(imap, head, result, `${validity}:${head.uid}`);
    }
  } finally {
    lock.release();
  }
}

export type MailboxPoller = ReturnType<typeof createMailboxPoller>;

/**
 * Reads the mailbox buyers reply to (IMAP_URL) with imapflow: every IMAP_POLL_SECONDS, and at once when
 * the server says new mail came (imapflow IDLEs between polls where the server supports it). Each
 * unread message is matched by its headers and imported, kept aside or passed over (message-taker.ts).
 * An unreachable server or a refused login is kept in `status()` for the desk and /healthz (never with
 * the password) and retried with backoff; the site goes on.
 */
export function createMailboxPoller(options: {
  settings: MailboxSettings;
  replies: ReplyImport;
  keptAside: KeptAside;
  lookups: ThreadLookups;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { settings } = options;
  const now = options.now ?? Date.now;
  const log = options.log.child({ mailbox: settings.safeUrl });
  const status: MailboxStatus = { configured: true, lastSuccessAt: null, lastError: null, lastErrorAt: null };
  let running: Promise<PollResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Stopped (the server closes): a poll waiting for the one under way does not start. */
  let closed = false;
  let failures = 0;
  /** Messages are read (parts decoded, attachments taken out) on a thread of their own, never on the event loop. */
  const reader = createReplyReader({ log });
  const connection = createMailboxConnection({
    settings,
    log,
    onNewMail: () => {
      if (!stopped) schedule(0);
    },
    closed: () => closed,
  });
  const taker = createMessageTaker({ ...options, log, reader, parser: connection.parser });

  async function poll(): Promise<PollResult> {
    const result = nothingDone();
    try {
      await readMailbox(connection, taker, settings.mailbox, result);
      failures = 0;
      status.lastSuccessAt = new Date(now()).toISOString();
      status.lastError = null;
      status.lastErrorAt = null;
    } catch (error) {
      failures += 1;
      connection.drop();
      status.lastError = withoutPassword(errorText(error), settings.password);
      status.lastErrorAt = new Date(now()).toISOString();
      if (!closed) log.warn(`the mailbox could not be read: ${status.lastError}`);
    }
    return result;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void pollOnce().then(() => {
        if (stopped) return;
        schedule(failures === 0 ? settings.pollMs : Math.min(settings.pollMs, FIRST_RETRY_MS * 2 ** (failures - 1)));
      });
    }, delayMs);
    timer.unref();
  }

  /** Reads the mailbox once (after the poll under way, if any); never throws. Nothing once stopped. */
  async function pollOnce(): Promise<PollResult> {
    while (running) await running;
    if (closed) return nothingDone();
    running = poll();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    pollOnce,
    /** What the desk and /healthz show: the last successful read, the last error (without the password). */
    status(): MailboxStatus {
      return { ...status };
    },
    /** Reads the mailbox now, then every IMAP_POLL_SECONDS. */
    start(): void {
      stopped = false;
      closed = false;
      schedule(0);
    },
    /**
     * Stops reading: a poll under way and the logout get CLOSE_GRACE_MS together; then the connection
     * is cut (one being opened too), so a mail server that never answers cannot hold the shutdown.
     */
    async stop(): Promise<void> {
      stopped = true;
      closed = true;
      clearTimeout(timer);
      await settledWithin(
        (async () => {
          while (running) await running.catch(() => {});
          await connection.logout();
        })(),
        CLOSE_GRACE_MS,
      );
      connection.cut();
      await reader.close();
    },
  };
}
