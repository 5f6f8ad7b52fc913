import type { EnquiryInput } from '../../shared/enquiry/validation.js';
import type { TokenCheck } from './form-token.js';

/** More links than this in one enquiry: buyers rarely send any, spam sends many. */
const MAX_LINKS = 3;
const LINK = /\bhttps?:\/\/|\bwww\./gi;

/**
 * Why an enquiry looks like spam, or null. It is then stored in the Spam folder with this reason
 * (and no notification), never dropped: the admin can move it to the inbox with "Not spam".
 * (A replayed token and a duplicate are found by the store, which knows what came before.)
 */
export function spamReason(enquiry: EnquiryInput, token: TokenCheck): string | null {
  if (!token.ok) return token.reason;
  const links = [enquiry.subject, enquiry.message, enquiry.company ?? '', enquiry.material ?? ''].join('\n').match(LINK)?.length ?? 0;
  if (links > MAX_LINKS) return `${links} links in the enquiry.`;
  return null;
}
