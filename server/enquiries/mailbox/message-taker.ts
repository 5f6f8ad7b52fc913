import type { FastifyBaseLogger } from 'fastify';
import type { FetchMessageObject, ImapFlow } from 'imapflow';
import type { ParsedMail } from 'mailparser';
import { AUTO_REPLY_FIELDS, dmarcFailed, isAutomaticReply } from './auto-reply.js';
import type { KeptAside } from './kept-aside.js';
import { errorText, type SimpleParser } from './mailbox-connection.js';
import { withoutPassword, type MailboxSettings } from './mailbox-config.js';
import { addressesIn } from './read-reply.js';
import type { ReplyImport } from './reply-import.js';
import { bareMessageId, isFromBuyer, messageIdsIn, namedEnquiry, type ThreadLookups } from './reply-matching.js';
import type { ReplyReader } from './reply-reader.js';
import { createMessageFetch, type FetchedMessage } from './message-fetch.js';

/** The keyword a message imported into a thread gets on the server: never imported twice. */
export const IMPORTED_KEYWORD = '$ForgeImported';
/** The keyword a message that matched no enquiry gets: judged once, never read again (nor marked seen). */
export const PASSED_OVER_KEYWORD = '$ForgePassedOver';
/** The header fields matching reads (fetched alone: a message's other headers are never parsed to match it). */
export const MATCH_FIELDS = [
  'from',
  'date',
  'subject',
  'message-id',
  'in-reply-to',
  'references',
  ...AUTO_REPLY_FIELDS,
];
/** Unmatched messages remembered as judged (then forgotten all at once, and judged again). */
const MAX_PASSED_OVER = 100_000;
/** Polls a reply that matched an enquiry is tried in, while it cannot be imported (then passed over until a restart). */
const MAX_TRIES = 5;

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

/** One message in the mailbox: its UID, and its key among the messages judged (validity:uid). */
interface Message {
  uid: number;
  key: string;
}

/** A message whose headers name enquiry #`enquiryId`, on its way to the thread or aside. */
interface Matched extends Message {
  imap: ImapFlow;
  enquiryId: number;
  headers: ParsedMail;
  result: PollResult;
}

/** Stores a fetched reply in enquiry #`enquiryId`'s thread; false when the enquiry is gone. */
async function importFetched(
  to: { replies: ReplyImport; log: FastifyBaseLogger; user: string },
  enquiryId: number,
  { mail, messageId, cut }: FetchedMessage,
  headers: ParsedMail,
): Promise<boolean> {
  const outcome = await to.replies.importReply({
    enquiryId,
    messageId,
    inReplyTo: mail.inReplyTo,
    refs: mail.refs,
    sender: mail.from[0] ?? '',
    recipient: mail.to ?? to.user,
    subject: mail.subject,
    body: mail.body,
    attachments: mail.attachments,
    cut,
    automatic: isAutomaticReply(headers),
    dmarcFailed: dmarcFailed(headers),
  });
  if (outcome.outcome === 'imported')
    to.log.info(
      { enquiry: enquiryId, drawings: outcome.drawings, refused: outcome.refused },
      `a reply to enquiry #${enquiryId} came in`,
    );
  return outcome.outcome !== 'gone';
}

/**
 * What the poller does with each unread message, by its headers (reply-matching.ts): a reply to an
 * enquiry is fetched, read, imported (reply-import.ts) and flagged $ForgeImported; one naming an
 * enquiry from someone else is kept aside; anything else is flagged $ForgePassedOver, not fetched.
 */
export function createMessageTaker(options: {
  settings: MailboxSettings;
  replies: ReplyImport;
  keptAside: KeptAside;
  lookups: ThreadLookups;
  log: FastifyBaseLogger;
  reader: ReplyReader;
  parser: () => SimpleParser;
}) {
  const { settings, replies, lookups, log } = options;
  const { headersOf, fetchMessage } = createMessageFetch(options);
  const safe = (text: string) => withoutPassword(text, settings.password);
  /** How often a reply that matched could not be imported, by message (validity:uid). */
  const failedTries = new Map<string, number>();
  let keywordsRefused = false;
  const passedOver = new Set<string>();

  const importOne = async (imap: ImapFlow, uid: number, enquiryId: number, headers: ParsedMail) =>
    importFetched({ replies, log, user: settings.user }, enquiryId, await fetchMessage(imap, uid, headers), headers);

  async function flag(imap: ImapFlow, uid: number, keyword = IMPORTED_KEYWORD): Promise<void> {
    if (keywordsRefused) return;
    const flagged = await imap.messageFlagsAdd(String(uid), [keyword], { uid: true });
    if (!flagged) {
      // Without keywords, the thread's unique Message-ID alone keeps a message from being imported twice.
      keywordsRefused = true;
      log.warn(`the mail server does not keep the ${IMPORTED_KEYWORD} keyword: imported mail stays unflagged`);
    }
  }

  /** Mail that matched nothing is left alone, and not judged again while the server runs. */
  function passOver(key: string) {
    failedTries.delete(key);
    if (passedOver.size >= MAX_PASSED_OVER) passedOver.clear();
    passedOver.add(key);
  }

  async function passOverUnmatched(imap: ImapFlow, { uid, key }: Message, result: PollResult): Promise<void> {
    result.unmatched += 1;
    passOver(key);
    await flag(imap, uid, PASSED_OVER_KEYWORD);
  }

  /** A reply from the enquiry's buyer: imported and flagged, or counted as failed and tried at the next polls. */
  async function takeReply({ imap, uid, key, enquiryId, headers, result }: Matched): Promise<void> {
    try {
      const known = headers.messageId !== undefined && replies.isKnown(bareMessageId(headers.messageId));
      if (known || (await importOne(imap, uid, enquiryId, headers))) {
        if (!known) result.imported += 1;
        await flag(imap, uid);
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

  /**
   * A message naming enquiry #`enquiryId` from someone other than its buyer: stored aside for the admin
   * to attach or discard, then flagged as passed over (read once). A failure leaves it unflagged, tried
   * again at the next poll like a reply.
   */
  async function keepAside({ imap, uid, key, enquiryId, headers, result }: Matched): Promise<void> {
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

  return {
    /** Whether the message was judged already while the server runs. */
    passedOver: (key: string): boolean => passedOver.has(key),

    /**
     * Matches one message by its headers: a reply to an enquiry is imported and flagged; one naming an
     * enquiry from someone else is kept aside; anything else is passed over.
     */
    async take(imap: ImapFlow, head: FetchMessageObject, result: PollResult, key: string): Promise<void> {
      const message = { uid: head.uid, key };
      const headers = head.headers && (await headersOf(head.headers));
      if (!headers) return passOverUnmatched(imap, message, result);
      const names = { mentions: messageIdsIn(headers.inReplyTo, headers.references), subject: headers.subject ?? '' };
      const enquiryId = namedEnquiry(names, lookups);
      if (enquiryId === undefined) return passOverUnmatched(imap, message, result);
      const matched = { imap, ...message, enquiryId, headers, result };
      return isFromBuyer(enquiryId, addressesIn(headers.from), lookups) ? takeReply(matched) : keepAside(matched);
    },
  };
}

export type MessageTaker = ReturnType<typeof createMessageTaker>;
