import type { ParsedMail } from 'mailparser';

/** The longest reply text kept; past it the text is cut (a runaway message must not fill the database). */
export const MAX_REPLY_TEXT = 100_000;

/**
 * A reply's text as stored and shown (always as text, never as HTML): its plain-text part, or, for a
 * message with HTML only, the HTML reduced to text (mailparser derives it: tags, scripts and styles
 * removed, entities decoded). Control characters other than line breaks and tabs are dropped; the
 * quoted history is kept (shared/enquiry/quoted-text.ts folds it when shown).
 */
export function replyText(mail: Pick<ParsedMail, 'text'>): string {
  const text = (mail.text ?? '')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();
  return text.length > MAX_REPLY_TEXT ? `${text.slice(0, MAX_REPLY_TEXT)}\n[…]` : text;
}
