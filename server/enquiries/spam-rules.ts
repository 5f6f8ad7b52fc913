import { HONEYPOT_FIELD, type EnquiryInput } from '../../shared/enquiry/validation.js';
import type { TokenCheck } from './form-token.js';

/**
 * Every spam rule of the enquiry form, in one place. The route asks `isTrapped` before anything else
 * (a filled honeypot: the message is dropped, and answered as if stored, so a bot learns nothing),
 * then works out `spamReason` twice, for a fresh and for a replayed form token: the writer's thread
 * takes one of them inside the transaction that records the enquiry, because only there is it known
 * whether the token was used before (a replay).
 */

const LINK = /\bhttps?:\/\/|\bwww\./gi;

export const REPLAY_REASON = 'The form was sent again with a form token already used (a replay).';

const linksIn = (enquiry: EnquiryInput) =>
  [enquiry.subject, enquiry.message, enquiry.company ?? '', enquiry.material ?? ''].join('\n').match(LINK)?.length ?? 0;

/** The hidden field a person never sees was filled: a bot. */
export function isTrapped(fields: unknown): boolean {
  const trap = (fields as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

/**
 * Why an enquiry looks like spam, or null. It is then stored in the Spam folder with this reason
 * (and no notification), never dropped, with its drawings: the admin can move it to the inbox with
 * "Not spam".
 *
 * Each of these alone is enough: a token this site did not sign, a form sent faster than a person
 * fills it, a token already used (`replayed`). A missing or expired token alone is not (a page from an
 * old cache, a tab left open): with it, a single link is enough. Links alone never are: a buyer who
 * passed the token and the timing check may send many (file-transfer links to drawings too big to
 * attach, the company's website).
 */
export function spamReason(enquiry: EnquiryInput, token: TokenCheck, replayed: boolean): string | null {
  if (token.ok) return replayed ? REPLAY_REASON : null;
  if (token.kind !== 'missing' && token.kind !== 'expired') return token.reason;
  const links = linksIn(enquiry);
  if (links > 0) return `${token.reason} With ${links === 1 ? 'a link' : `${links} links`} in it.`;
  return replayed ? REPLAY_REASON : null;
}
