import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a buyer's link names: one revision (its row id), usable until the end of its validity day. */
export interface QuotationLink {
  revisionId: number;
  /** YYYY-MM-DD: the link works to the end of this day in the site's time zone. */
  validUntil: string;
}

const TOKEN = /^(\d{1,12})\.(\d{4}-\d\d-\d\d)\.([\w-]{22})$/;

const signature = (secret: string, payload: string) =>
  createHmac('sha256', `${secret}:quotation-link`).update(payload).digest().subarray(0, 16);

/** `<revision id>.<valid until>.<HMAC>`: no account, nothing but this revision reachable with it. */
export function sealQuotationLink(secret: string, link: QuotationLink): string {
  const payload = `${link.revisionId}.${link.validUntil}`;
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** The link a token names when this server signed it (expired or not); null for anything else. */
export function openQuotationLink(secret: string, token: string): QuotationLink | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, id, validUntil] = match as unknown as [string, string, string, string];
  // Compared as text: base64url's last character carries spare bits, so two spellings decode to the same bytes.
  const expected = Buffer.from(signature(secret, `${id}.${validUntil}`).toString('base64url'));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { revisionId: Number(id), validUntil };
}
