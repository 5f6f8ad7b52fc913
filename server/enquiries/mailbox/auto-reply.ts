import type { ParsedMail } from 'mailparser';

/** The header fields that mark a message as sent by a program, or its From as failing DMARC, read with those matching reads. */
export const AUTO_REPLY_FIELDS = [
  'auto-submitted',
  'precedence',
  'x-autoreply',
  'x-autorespond',
  'authentication-results',
];

/** The common out-of-office subjects (Outlook, Gmail, Exchange in several languages), at the subject's start. */
const OUT_OF_OFFICE =
  /^\s*(auto(matic)?[\s_-]*(reply|response|antwort)|autoreply|out of (the )?office|abwesenheitsnotiz|réponse automatique|respuesta automática|risposta automatica|automatisch antwoord|autosvar)/i;

function field(headers: ParsedMail['headers'], name: string): string {
  const value = headers.get(name);
  if (value === undefined) return '';
  return (typeof value === 'string' ? value : JSON.stringify(value)).trim().toLowerCase();
}

/**
 * Whether the receiving server judged the message's From forged: its `Authentication-Results` (the
 * first one, the one our own server added on top) says `dmarc=fail`. Without the header: false.
 */
export function dmarcFailed(mail: Pick<ParsedMail, 'headers'>): boolean {
  const value = mail.headers.get('authentication-results');
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && /(^|[\s;])dmarc\s*=\s*fail\b/i.test(first);
}

/**
 * Whether a message is an automatic reply (an out-of-office, a vacation notice, an autoresponder):
 * `Auto-Submitted` other than `no` (RFC 3834), `Precedence: bulk`, `auto_reply`, `junk` or `list`,
 * `X-Autoreply` or `X-Autorespond`, or a subject that starts as the common out-of-office ones do.
 * Such a message is recorded in the thread as an automatic reply, never as the buyer's answer.
 */
export function isAutomaticReply(mail: Pick<ParsedMail, 'headers' | 'subject'>): boolean {
  const submitted = field(mail.headers, 'auto-submitted');
  if (submitted !== '' && !submitted.startsWith('no')) return true;
  if (/^"?(bulk|auto_reply|junk|list)"?$/.test(field(mail.headers, 'precedence'))) return true;
  if (field(mail.headers, 'x-autoreply') !== '' || field(mail.headers, 'x-autorespond') !== '') return true;
  return OUT_OF_OFFICE.test(mail.subject ?? '');
}
