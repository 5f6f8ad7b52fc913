import type { AddressObject, ParsedMail } from 'mailparser';
import { boundedMessage } from './bounded-headers.js';
import { messageIdsIn } from './reply-matching.js';
import { plainLine, replyText } from './reply-text.js';

/** A message as the mailbox reader read it: what the thread stores of a reply. */
export interface ParsedReply {
  /** Message-ID as written (null without one). */
  messageId: string | null;
  inReplyTo: string | null;
  /** References: at most the last 100 ids. */
  refs: string[];
  /** Every From address. */
  from: string[];
  to: string | null;
  subject: string;
  body: string;
  attachments: { filename: string | undefined; size: number; content: Buffer }[];
}

/** A message mailparser could not read (over its own limits). */
export class UnreadableMessageError extends Error {}

export function addressesIn(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = Array.isArray(field) ? field : field ? [field] : [];
  return objects.flatMap((object) => object.value.flatMap((entry) => (entry.address ? [entry.address] : [])));
}

/** Reads one message with mailparser (its top-level header block bounded first). */
export async function readReply(
  simpleParser: (source: Buffer) => Promise<ParsedMail>,
  source: Buffer,
): Promise<ParsedReply> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(boundedMessage(source));
  } catch (error) {
    throw new UnreadableMessageError(error instanceof Error ? error.message : String(error));
  }
  return {
    messageId: mail.messageId ?? null,
    inReplyTo: mail.inReplyTo ? (messageIdsIn(mail.inReplyTo)[0] ?? null) : null,
    refs: messageIdsIn(mail.references),
    from: addressesIn(mail.from),
    to: addressesIn(mail.to)[0] ?? null,
    subject: plainLine(mail.subject ?? ''),
    body: replyText(mail),
    // Images the HTML shows in place (a signature's logo) are part of the text, not drawings sent.
    attachments: mail.attachments
      .filter((attachment) => !attachment.related)
      .map(({ filename, size, content }) => ({ filename, size, content })),
  };
}
