import type { DB } from '../../platform/db/open-database.js';
import { boundedValue, MAX_MENTIONS } from './bounded-headers.js';

/** What decides which enquiry a message from the mailbox belongs to. */
export interface ReplyHeaders {
  /** In-Reply-To, then References: message ids without angle brackets. */
  mentions: string[];
  subject: string;
  /** Every address in From (a message is matched only when there is exactly one). */
  from: string[];
}

/** What the matching asks of the database. */
export interface ThreadLookups {
  /** The enquiry a stored message (sent or received) belongs to. */
  enquiryOfMessage(messageId: string): number | undefined;
  /** An existing enquiry's e-mail address (null when it has none); undefined when there is no such enquiry. */
  emailOf(enquiryId: number): string | null | undefined;
}

/** A message id as stored: without its angle brackets or surrounding space. */
export function bareMessageId(value: string): string {
  return value.trim().replace(/^<|>$/g, '').trim();
}

/**
 * Every message id in In-Reply-To and References headers (`<a@x> <b@y>`, or mailparser's array), once
 * each: at most the last MAX_MENTIONS, read from at most the last MAX_FIELD_CHARS of each value. A
 * header of 40,000 ids costs what one of 100 does (a Set, never a search of the list).
 */
export function messageIdsIn(...headers: (string | string[] | undefined)[]): string[] {
  const ids = new Set<string>();
  for (const header of headers) {
    const values = Array.isArray(header) ? header.slice(-MAX_MENTIONS) : header ? [header] : [];
    for (const value of values) {
      const bounded = boundedValue(value, true);
      const bracketed = bounded.match(/<[^<>\s]+>/g);
      for (const id of bracketed ?? bounded.split(/\s+/)) {
        const bare = bareMessageId(id);
        if (bare) ids.add(bare);
      }
    }
  }
  return [...ids].slice(-MAX_MENTIONS);
}

/**
 * The enquiry a message names, whoever sent it: the thread of a message its In-Reply-To or References
 * names (the most recent such id); or, failing that (a forward loses those headers), the enquiry the
 * last `[#n]` in its subject names. Undefined: it names none.
 */
export function namedEnquiry(headers: Omit<ReplyHeaders, 'from'>, lookups: ThreadLookups): number | undefined {
  // The most recent ones (References lists the thread oldest first; a long one is cut to its end).
  for (const id of headers.mentions.slice(-MAX_MENTIONS)) {
    const enquiryId = lookups.enquiryOfMessage(id);
    if (enquiryId !== undefined) return enquiryId;
  }
  // The last `[#n]` only (a forward adds its own prefix before it): a subject of many is not tried tag by tag.
  const number = [...headers.subject.matchAll(/\[#(\d{1,12})\]/g)].at(-1)?.[1];
  const enquiryId = number === undefined ? undefined : Number(number);
  return enquiryId !== undefined && lookups.emailOf(enquiryId) !== undefined ? enquiryId : undefined;
}

/**
 * The enquiry a message replies to: the one it names (namedEnquiry), when it comes from that enquiry's
 * own e-mail address (in any case) and from it alone. A thread's headers or a tag in a message from
 * anyone else, or with two addresses in From, match nothing here: a forged From or a colleague's reply
 * is never put in the buyer's thread (the poller keeps it aside for the admin). Undefined: not a reply we take.
 */
export function matchReply(headers: ReplyHeaders, lookups: ThreadLookups): number | undefined {
  const enquiryId = namedEnquiry(headers, lookups);
  return enquiryId !== undefined && isFromBuyer(enquiryId, headers.from, lookups) ? enquiryId : undefined;
}

/** Whether `from` is exactly one address, enquiry #`enquiryId`'s own (in any case). */
export function isFromBuyer(enquiryId: number, from: string[], lookups: ThreadLookups): boolean {
  const sender = from.length === 1 ? from[0]!.trim().toLowerCase() : undefined;
  return !!sender && lookups.emailOf(enquiryId)?.trim().toLowerCase() === sender;
}

/** The lookups, on the site's database. */
export function threadLookups(db: DB): ThreadLookups {
  const ofMessage = db
    .prepare<[string], number>('SELECT enquiry_id FROM enquiry_messages WHERE message_id = ?')
    .pluck();
  const email = db.prepare<[number], { email: string | null }>('SELECT email FROM enquiries WHERE id = ?');
  return {
    enquiryOfMessage: (messageId) => ofMessage.get(messageId),
    emailOf: (enquiryId) => {
      const row = email.get(enquiryId);
      return row ? row.email : undefined;
    },
  };
}
