import { escapeHtml } from '../../pages/escape-html.js';

/** The buyer's message a reply answers, quoted below it. */
export interface QuotedMessage {
  /** "Ravi Kumar <ravi@buyer.example>", or the address alone. */
  from: string;
  /** When it was written (ISO 8601). */
  at: string;
  body: string;
}

/** What a reply's e-mail says: the text the admin wrote, its signature, and the buyer's message quoted. */
export interface ReplyContent {
  body: string;
  signature: string | null;
  quoted: QuotedMessage | null;
  /** A link below the text (a quotation's page), with the words that introduce it. */
  link?: { label: string; url: string };
}

/** "On 28 Nov 2026 at 10:15 UTC, Ravi Kumar <ravi@…> wrote:" */
export function quoteHeader({ from, at }: QuotedMessage): string {
  const when = new Date(at);
  const day = when.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const time = when.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `On ${day} at ${time} UTC, ${from} wrote:`;
}

/**
 * The plain-text part: the reply, the signature after the usual "-- " line, then the buyer's message
 * with each line behind "> " (as every mail program quotes).
 */
export function replyText({ body, signature, quoted, link }: ReplyContent): string {
  const parts = [body.trimEnd()];
  if (link) parts.push(`${link.label}\n${link.url}`);
  if (signature?.trim()) parts.push(`-- \n${signature.trimEnd()}`);
  if (quoted) {
    const lines = quoted.body.trimEnd().split('\n');
    parts.push(`${quoteHeader(quoted)}\n${lines.map((line) => (line ? `> ${line}` : '>')).join('\n')}`);
  }
  return `${parts.join('\n\n')}\n`;
}

/** Text as HTML paragraphs' content: escaped, its line breaks kept. */
const lines = (text: string) => escapeHtml(text.trimEnd()).replace(/\n/g, '<br>\n');

/**
 * The HTML part: the same words, escaped; the signature in its own block; the buyer's message in a
 * `blockquote type="cite"` inside a "gmail_quote" block, which mail programs fold ("…") under the reply.
 */
export function replyHtml({ body, signature, quoted, link }: ReplyContent): string {
  const parts = [`<div>${lines(body)}</div>`];
  if (link)
    parts.push(`<p>${escapeHtml(link.label)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>`);
  if (signature?.trim()) parts.push(`<div class="signature">-- <br>\n${lines(signature)}</div>`);
  if (quoted)
    parts.push(
      `<div class="gmail_quote"><div>${escapeHtml(quoteHeader(quoted))}</div>\n` +
        `<blockquote type="cite" style="margin:0 0 0 0.8ex;border-left:1px solid #ccc;padding-left:1ex">` +
        `${lines(quoted.body)}</blockquote></div>`,
    );
  return `<!doctype html>\n<html><body>\n${parts.join('\n<br>\n')}\n</body></html>\n`;
}
