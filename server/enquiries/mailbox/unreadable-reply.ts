import type { ParsedMail } from 'mailparser';
import { addressesIn, type ParsedReply } from './read-reply.js';
import { messageIdsIn } from './reply-matching.js';
import { plainLine, replyText } from './reply-text.js';

/** The most of an unreadable message's raw body kept as its text. */
const RAW_TEXT_BYTES = 100_000;

/** The text shown above a message that could not be read whole. */
export function unreadableNote(reason: string, size: number): string {
  return `[This message (${Math.ceil(size / 1024)} KB) could not be read whole: ${reason}. Its text is shown as it came; none of its attachments were kept.]`;
}

/**
 * A message mailparser could not read (over its limits, too slow, too large), as a reply all the
 * same: its matched headers, and the start of its raw body as text under a note that says so. It is
 * stored once like any reply, so it is never read again.
 */
export function unreadableReply(source: Buffer, headers: ParsedMail, size: number, reason: string): ParsedReply {
  const end = source.indexOf('\r\n\r\n');
  const raw = source.subarray(end < 0 ? 0 : end + 4, (end < 0 ? 0 : end + 4) + RAW_TEXT_BYTES).toString('utf8');
  return {
    messageId: headers.messageId ?? null,
    inReplyTo: headers.inReplyTo ? (messageIdsIn(headers.inReplyTo)[0] ?? null) : null,
    refs: messageIdsIn(headers.references),
    from: addressesIn(headers.from),
    to: null,
    subject: plainLine(headers.subject ?? ''),
    body: `${unreadableNote(reason, size)}\n\n${replyText({ text: raw })}`,
    attachments: [],
  };
}
