import type { Enquiry } from '../enquiry/enquiry.js';

/** The most of the message a reply quotes, and the longest link: some mail programs cut or refuse longer ones. */
export const REPLY_QUOTE_CHARS = 500;
export const REPLY_LINK_MAX = 1800;

/** "Re: <subject> [#58]": the number lets a reply be told apart and found again. */
export const replySubject = (enquiry: Pick<Enquiry, 'id' | 'subject'>) => `Re: ${enquiry.subject} [#${enquiry.id}]`;

/**
 * "Reply by e-mail" as a mailto: link (RFC 6068: every part encoded, CRLF line breaks), quoting the
 * start of the message: at most 500 characters, fewer when the encoded link would pass 1,800 (a
 * character of Gujarati or Arabic takes 6 to 9 encoded), with "…" where it was cut.
 */
export function replyMailto(enquiry: Pick<Enquiry, 'id' | 'name' | 'email' | 'subject' | 'message'>): string {
  const to = encodeURIComponent(enquiry.email ?? '').replace(/%40/g, '@');
  const subject = encodeURIComponent(replySubject(enquiry));
  const characters = [...enquiry.message.trim()];
  const link = (length: number) => {
    const cut = length < characters.length;
    const quoted = `${characters.slice(0, length).join('').trimEnd()}${cut ? ' …' : ''}`
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\r\n');
    const body = `\r\n\r\n${enquiry.name} wrote:\r\n${quoted}`;
    return `mailto:${to}?subject=${subject}&body=${encodeURIComponent(body)}`;
  };
  // A long subject and name in a script that encodes long (150 and 100 characters of Gujarati) can
  // leave no room for any quote: then the link has the subject alone, shortened ("…") if need be.
  if (link(0).length > REPLY_LINK_MAX) {
    const text = [...enquiry.subject];
    const alone = (length: number) => {
      const cut = length < text.length ? `${text.slice(0, length).join('').trimEnd()}…` : enquiry.subject;
      return `mailto:${to}?subject=${encodeURIComponent(replySubject({ id: enquiry.id, subject: cut }))}`;
    };
    let fits = text.length;
    while (fits > 0 && alone(fits).length > REPLY_LINK_MAX) fits--;
    return alone(fits);
  }
  // The longest quote that fits (the link grows with the quote, so a binary search finds it).
  let low = 0;
  let high = Math.min(characters.length, REPLY_QUOTE_CHARS);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (link(middle).length <= REPLY_LINK_MAX) low = middle;
    else high = middle - 1;
  }
  return link(low);
}
