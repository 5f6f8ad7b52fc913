import type { ParsedMail } from 'mailparser';

/** The longest reply text kept; past it the text is cut (a runaway message must not fill the database). */
export const MAX_REPLY_TEXT = 100_000;

/**
 * The bidirectional controls (embeddings, overrides, isolates, the marks): one of them makes
 * `…/t2\u202Egpj.exe` show as `…/t2exe.jpg`. Removed from what is stored, so neither the text nor a
 * link made from it can show one thing and be another.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A line of a reply (its subject) without control characters or bidirectional controls. */
export function plainLine(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001F\u007F]/g, '').replace(BIDI_CONTROLS, '');
}

/**
 * A reply's text as stored and shown (always as text, never as HTML): its plain-text part, or, for a
 * message with HTML only, the HTML reduced to text (mailparser derives it: tags, scripts and styles
 * removed, entities decoded). Control characters other than line breaks and tabs, and bidirectional
 * controls, are dropped; the quoted history is kept (shared/enquiry/quoted-text.ts folds it when shown).
 */
export function replyText(mail: Pick<ParsedMail, 'text'>): string {
  const text = (mail.text ?? '')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  return text.length > MAX_REPLY_TEXT ? `${text.slice(0, MAX_REPLY_TEXT)}\n[…]` : text;
}
