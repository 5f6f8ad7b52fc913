import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ImapFlow } from 'imapflow';
import type { ParsedMail } from 'mailparser';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import { boundedHeaders } from './bounded-headers.js';
import type { SimpleParser } from './mailbox-connection.js';
import { UnreadableMessageError, type ParsedReply } from './read-reply.js';
import { bareMessageId } from './reply-matching.js';
import type { ReplyReader } from './reply-reader.js';
import { unreadableReply } from './unreadable-reply.js';

/**
 * The most of a message that is fetched: the drawings a buyer may send (25 MB) in base64, plus room for
 * the text. A larger message is read only this far: its text is kept, its attachments are not.
 */
export const MAX_FETCH_BYTES = Math.ceil((DRAWING_LIMITS.totalBytes * 4) / 3) + 1024 * 1024;

/** A message fetched and read; `cut` when it was larger than MAX_FETCH_BYTES. */
export interface FetchedMessage {
  mail: ParsedReply;
  messageId: string;
  cut: boolean;
}

/** Reading a message from the mailbox: its headers for matching, then (when it matched) the whole of it. */
export function createMessageFetch(options: {
  log: FastifyBaseLogger;
  reader: ReplyReader;
  parser: () => SimpleParser;
}) {
  const { log, reader } = options;
  /** The headers matching needs, each cut to a few KB, parsed; undefined for headers mailparser cannot read. */
  async function headersOf(raw: Buffer): Promise<ParsedMail | undefined> {
    try {
      const parse = options.parser();
      return await parse(Buffer.concat([boundedHeaders(raw), Buffer.from('\r\n')]), { skipHtmlToText: true });
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
  async function fetchMessage(imap: ImapFlow, uid: number, headers: ParsedMail): Promise<FetchedMessage> {
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

  return { headersOf, fetchMessage };
}
