import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import type { TokenCheck } from './form-token.js';

/** More links than this in one enquiry: buyers rarely send any, spam sends many. */
const MAX_LINKS = 3;
const LINK = /\bhttps?:\/\/|\bwww\./gi;

const linksIn = (enquiry: EnquiryInput) =>
  [enquiry.subject, enquiry.message, enquiry.company ?? '', enquiry.material ?? ''].join('\n').match(LINK)?.length ?? 0;

/**
 * Why an enquiry looks like spam, or null. It is then stored in the Spam folder with this reason
 * (and no notification), never dropped: the admin can move it to the inbox with "Not spam".
 *
 * Each of these alone is enough: a token this site did not sign, a form sent faster than a person
 * fills it, more than 3 links. A missing or expired token alone is not (a page from an old cache, a
 * tab left open): with it, a single link is enough. (The honeypot is the route's, which drops the
 * message; a replayed token and a duplicate are found by the store, which knows what came before.)
 */
export function spamReason(enquiry: EnquiryInput, token: TokenCheck): string | null {
  const links = linksIn(enquiry);
  if (!token.ok && token.kind !== 'missing' && token.kind !== 'expired') return token.reason;
  if (links > MAX_LINKS) return `${links} links in the enquiry.`;
  if (!token.ok && links > 0) return `${token.reason} With ${links === 1 ? 'a link' : `${links} links`} in it.`;
  return null;
}
