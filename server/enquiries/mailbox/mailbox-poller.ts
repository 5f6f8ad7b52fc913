import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { ParsedMail } from 'mailparser';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import type { MailboxStatus } from '../../../shared/enquiry/mailbox-status.js';
import { CLOSE_GRACE_MS, settledWithin } from '../../platform/mail/stop-when-closing.js';
import { withoutPassword, type MailboxSettings } from './mailbox-config.js';
import type { ReplyImport } from './reply-import.js';
import type { KeptAside } from './kept-aside.js';
import { AUTO_REPLY_FIELDS, dmarcFailed, isAutomaticReply } from './auto-reply.js';
import { boundedHeaders } from './bounded-headers.js';
import { bareMessageId, isFromBuyer, messageIdsIn, namedEnquiry, type ThreadLookups } from './reply-matching.js';
import { addressesIn, UnreadableMessageError, type ParsedReply } from './read-reply.js';
import { createReplyReader } from './reply-reader.js';
import { unreadableReply } from './unreadable-reply.js';

/** The keyword a message imported into a thread gets on the server: never imported twice. */
export const IMPORTED_KEYWORD = '$ForgeImported';
/** The keyword a message that matched no enquiry gets: judged once, never read again (nor marked seen). */
export const PASSED_OVER_KEYWORD = '$ForgePassedOver';
/** The header fields matching reads (fetched alone: a message's other headers are never parsed to match it). */
const MATCH_FIELDS = ['from', 'date', 'subject', 'message-id', 'in-reply-to', 'references', ...AUTO_REPLY_FIELDS];
/**
 * The most of a message that is fetched: the drawings a buyer may send (25 MB) in base64, plus room for
 * the text. A larger message is read only this far: its text is kept, its attachments are not.
 */
export const MAX_FETCH_BYTES = Math.ceil((DRAWING_LIMITS.totalBytes * 4) / 3) + 1024 * 1024;
/**
 * imapflow and mailparser (about 20 MB with what they load), loaded before the first connection, not
 * with the site: a failure to load them fails that poll like an unreachable server.
 */
const mailLibraries = async () => {
  const [{ ImapFlow }, { simpleParser }] = await Promise.all([import('imapflow'), import('mailparser')]);
  return { ImapFlow, simpleParser };
};

/** Messages whose headers are fetched at once. */
const HEADER_BATCH = 200;
/** Unmatched messages remembered as judged (then forgotten all at once, and judged again). */
const MAX_PASSED_OVER = 100_000;
/** Polls a reply that matched an enquiry is tried in, while it cannot be imported (then passed over until a restart). */
const MAX_TRIES = 5;
/** The first retry after a failure; each next one waits twice as long, at most the poll interval. */
const FIRST_RETRY_MS = 5_000;

export type MailboxPoller = ReturnType<typeof createMailboxPoller>;

/** How one poll went (tests read it; the log says the same). */
export interface PollResult {
  imported: number;
  /** Matched no enquiry: flagged, left unread. */
  unmatched: number;
  /** Named an enquiry but were not from its buyer alone: kept aside for the admin (kept-aside.ts), flagged, left unread. */
  keptAside: number;
  /** Could not be read or stored: left unflagged, tried again at the next poll. */
  failed: number;
}

function errorText(error: unknown): string {
  const { responseText, code, message } = error as { responseText?: string; code?: string; message?: string };
  const text = responseText || message || String(error);
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/**
 * Reads the mailbox buyers reply to (IMAP_URL) with imapflow: every IMAP_POLL_SECONDS, and at once when
 * the server says new mail came (imapflow IDLEs between polls where the server supports it). A message
 * whose headers match an enquiry (reply-matching.ts) is fetched, parsed, stored (reply-import.ts) and
 * then flagged $ForgeImported; one that matches nothing is not fetched, flagged or marked seen. An
 * unreachable server or a refused login is kept in `status()` for the desk and /healthz (never with
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
  const { settings, replies, lookups } = options;
  const now = options.now ?? Date.now;
  const log = options.log.child({ mailbox: settings.safeUrl });
  const safe = (text: string) => withoutPassword(text, settings.password);
  const status: MailboxStatus = { configured: true, lastSuccessAt: null, lastError: null, lastErrorAt: null };
  let client: ImapFlow | undefined;
  /** A connection still being opened (cut by stop when the mail server never greets). */
  let connecting: ImapFlow | undefined;
  /** mailparser's parser, there from the first connection on (every message is read after one). */
  let simpleParser: Awaited<ReturnType<typeof mailLibraries>>['simpleParser'];
  let running: Promise<PollResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Stopped (the server closes): a poll waiting for the one under way does not start. */
  let closed = false;
  /** How often a reply that matched could not be imported, by message (validity:uid). */
  const failedTries = new Map<string, number>();
  let failures = 0;
  let keywordsRefused = false;
  const passedOver = new Set<string>();
  /** Messages are read (parts decoded, attachments taken out) on a thread of their own, never on the event loop. */
  const reader = createReplyReader({ log });

  const dropClient = () => {
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    old?.close();
  };

  async function connected(): Promise<ImapFlow> {
    if (client?.usable) return client;
    dropClient();
    const libraries = await mailLibraries();
    simpleParser = libraries.simpleParser;
    const fresh = new libraries.ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.password },
      // imapflow's own log would carry the login: nothing of it is logged.
      logger: false,
      connectionTimeout: 30_000,
      greetingTimeout: 15_000,
      socketTimeout: 5 * 60_000,
      // A poll's commands follow each other at once: IDLE soon after the last one, to hear of new mail.
      autoIdleDelay: 1_000,
    });
    fresh.on('error', (error: unknown) => log.warn(`mailbox connection error: ${safe(errorText(error))}`));
    // New mail while IDLE: read it now rather than at the next interval.
    fresh.on('exists', () => {
      if (!stopped) schedule(0);
    });
    connecting = fresh;
    try {
      await fresh.connect();
    } catch (error) {
      fresh.removeAllListeners();
      fresh.on('error', () => {});
      fresh.close();
      throw error;
    } finally {
      connecting = undefined;
    }
    if (closed) {
      fresh.close();
      throw new Error('the server is stopping');
    }
    client = fresh;
    return fresh;
  }

  /** The headers matching needs, each cut to a few KB, parsed; undefined for headers mailparser cannot read. */
  async function headersOf(raw: Buffer): Promise<ParsedMail | undefined> {
    try {
      return await simpleParser(Buffer.concat([boundedHeaders(raw), Buffer.from('\r\n')]), { skipHtmlToText: true });
    } catch {
      return undefined;
    }
  }

  /** The message read on the reader thread; one it cannot read, as text with a note (stored once, never tried again). */
  async function parsed(source: Buffer, headers: ParsedMail, size: number): Promise<ParsedReply> {
    try {
      return await reader.read(source);
    } catch (error) {
      if (!(error instanceof UnreadableMessageError)) throw error;
      log.warn(`a reply could not be read whole (${error.message}): its text is kept as received`);
      return unreadableReply(source, headers, size, error.message);
    }
  }

  /** One message fetched (at most MAX_FETCH_BYTES of it) and read; `cut` when it was larger. */
  async function fetchMessage(imap: ImapFlow, uid: number, headers: ParsedMail) {
    const message = await imap.fetchOne(
      String(uid),
      { uid: true, size: true, source: { maxLength: MAX_FETCH_BYTES } },
      { uid: true },
    );
    if (!message || !message.source) throw new Error(`message ${uid} is gone`);
    const cut = (message.size ?? 0) > MAX_FETCH_BYTES;
    const mail = await parsed(message.source, headers, message.size ?? message.source.length);
    const messageId = mail.messageId
      ? bareMessageId(mail.messageId)
      : `${createHash('sha256').update(message.source).digest('hex')}@forge-imported.invalid`;
    return { mail, messageId, cut };
  }

  async function importOne(imap: ImapFlow, uid: number, enquiryId: number, headers: ParsedMail): Promise<boolean> {
    const { mail, messageId, cut } = await fetchMessage(imap, uid, headers);
    const outcome = await replies.importReply({
      enquiryId,
      messageId,
      inReplyTo: mail.inReplyTo,
      refs: mail.refs,
      sender: mail.from[0] ?? '',
      recipient: mail.to ?? settings.user,
      subject: mail.subject,
      body: mail.body,
      attachments: mail.attachments,
      cut,
      automatic: isAutomaticReply(headers),
      dmarcFailed: dmarcFailed(headers),
    });
    if (outcome.outcome === 'imported')
      log.info(
        { enquiry: enquiryId, drawings: outcome.drawings, refused: outcome.refused },
        `a reply to enquiry #${enquiryId} came in`,
      );
    return outcome.outcome !== 'gone';
  }

  async function flag(imap: ImapFlow, uid: number, keyword = IMPORTED_KEYWORD): Promise<void> {
    if (keywordsRefused) return;
    const flagged = await imap.messageFlagsAdd(String(uid), [keyword], { uid: true });
    if (!flagged) {
      // Without keywords, the thread's unique Message-ID alone keeps a message from being imported twice.
      keywordsRefused = true;
      log.warn(`the mail server does not keep the ${IMPORTED_KEYWORD} keyword: imported mail stays unflagged`);
    }
  }

  /**
   * Matches one message by its headers: a reply to an enquiry is imported and flagged; one naming an
   * enquiry from someone else is kept aside; anything else is passed over.
   */
  async function take(imap: ImapFlow, head: FetchMessageObject, result: PollResult, key: string): Promise<void> {
    const headers = head.headers && (await headersOf(head.headers));
    if (!headers) return passOverUnmatched(imap, head.uid, result, key);
    const names = { mentions: messageIdsIn(headers.inReplyTo, headers.references), subject: headers.subject ?? '' };
    const enquiryId = namedEnquiry(names, lookups);
    if (enquiryId === undefined) return passOverUnmatched(imap, head.uid, result, key);
    if (!isFromBuyer(enquiryId, addressesIn(headers.from), lookups))
      return keepAside(imap, head.uid, enquiryId, headers, result, key);
    try {
      const known = headers.messageId !== undefined && replies.isKnown(bareMessageId(headers.messageId));
      if (known || (await importOne(imap, head.uid, enquiryId, headers))) {
        if (!known) result.imported += 1;
        await flag(imap, head.uid);
        // Unflagged (the server keeps no keywords): stored once all the same, and not fetched again.
        if (keywordsRefused) passOver(key);
      } else passOver(key);
    } catch (error) {
      if (!imap.usable) throw error;
      // Tried again at the next polls (storage may be back by then), up to MAX_TRIES while the server runs.
      result.failed += 1;
      const tries = (failedTries.get(key) ?? 0) + 1;
      failedTries.set(key, tries);
      if (tries >= MAX_TRIES) passOver(key);
      log.error(
        `a reply to enquiry #${enquiryId} could not be imported (try ${tries} of ${MAX_TRIES}): ${safe(errorText(error))}`,
      );
    }
  }

  async function passOverUnmatched(imap: ImapFlow, uid: number, result: PollResult, key: string): Promise<void> {
    result.unmatched += 1;
    passOver(key);
    await flag(imap, uid, PASSED_OVER_KEYWORD);
  }

  /**
   * A message naming enquiry #`enquiryId` from someone other than its buyer: stored aside for the admin
   * to attach or discard, then flagged as passed over (read once). A failure leaves it unflagged, tried
   * again at the next poll like a reply.
   */
  async function keepAside(
    imap: ImapFlow,
    uid: number,
    enquiryId: number,
    headers: ParsedMail,
    result: PollResult,
    key: string,
  ): Promise<void> {
    try {
      const { mail, messageId } = await fetchMessage(imap, uid, headers);
      if (options.keptAside.keep({ enquiryId, messageId, mail, sentAt: headers.date })) result.keptAside += 1;
      log.info({ enquiry: enquiryId }, `a message naming enquiry #${enquiryId}, not from its buyer, was kept aside`);
    } catch (error) {
      if (!imap.usable) throw error;
      result.failed += 1;
      log.error(`a message naming enquiry #${enquiryId} could not be kept aside: ${safe(errorText(error))}`);
      return;
    }
    passOver(key);
    await flag(imap, uid, PASSED_OVER_KEYWORD);
  }

  /** Mail that matched nothing is left alone, and not judged again while the server runs. */
  function passOver(key: string) {
    failedTries.delete(key);
    if (passedOver.size >= MAX_PASSED_OVER) passedOver.clear();
    passedOver.add(key);
  }

  async function poll(): Promise<PollResult> {
    const result: PollResult = { imported: 0, unmatched: 0, keptAside: 0, failed: 0 };
    try {
      const imap = await connected();
      const lock = await imap.getMailboxLock(settings.mailbox);
      try {
        const validity = String(imap.mailbox ? imap.mailbox.uidValidity : '');
        const unread = { unKeyword: IMPORTED_KEYWORD, not: { keyword: PASSED_OVER_KEYWORD } };
        const uids = ((await imap.search(unread, { uid: true })) || []).filter(
          (uid) => !passedOver.has(`${validity}:${uid}`),
        );
        // Headers only, a batch at a time: a large mailbox is never held in memory at once.
        for (let from = 0; from < uids.length; from += HEADER_BATCH) {
          const batch = uids.slice(from, from + HEADER_BATCH);
          const heads = await imap.fetchAll(batch, { uid: true, headers: MATCH_FIELDS }, { uid: true });
          for (const head of heads) await take(imap, head, result, `${validity}:${head.uid}`);
        }
      } finally {
        lock.release();
      }
      failures = 0;
      status.lastSuccessAt = new Date(now()).toISOString();
      status.lastError = null;
      status.lastErrorAt = null;
      return result;
    } catch (error) {
      failures += 1;
      dropClient();
      status.lastError = safe(errorText(error));
      status.lastErrorAt = new Date(now()).toISOString();
      if (!closed) log.warn(`the mailbox could not be read: ${status.lastError}`);
      return result;
    }
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
    if (closed) return { imported: 0, unmatched: 0, keptAside: 0, failed: 0 };
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
          if (client?.usable) await client.logout().catch(() => {});
        })(),
        CLOSE_GRACE_MS,
      );
      connecting?.close();
      dropClient();
      await reader.close();
    },
  };
}
