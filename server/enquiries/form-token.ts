import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { FORM_TOKEN_LIFETIME_MS } from '../../shared/enquiry/form-token.js';

/** Faster than this, no person has filled in the form. */
const MIN_FILL_MS = 3000;
/** A form left open longer than this sends an expired token (its nonce is no longer remembered). */
export const TOKEN_LIFETIME_MS = FORM_TOKEN_LIFETIME_MS;
/** An expired token is renewed only for a form opened less than this long ago (a tab left open for days, not months). */
const RENEWABLE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a token says about the form it came with. `missing` and `expired` are weak signs (a page
 * restored from an old cache, a tab left open), `forged` and `too-fast` strong ones: see spam-rules.ts.
 */
export type TokenCheck =
  | { ok: true; nonce: string; ageMs: number }
  /** Not stored as used when `nonce` is null; otherwise a token this site signed, sent too soon or too late. */
  | { ok: false; kind: 'missing' | 'forged' | 'expired' | 'too-fast'; reason: string; nonce: string | null };

export interface FormTokens {
  /** A new token for a form shown now: when it was issued, a random nonce, and a signature. */
  issue(): string;
  /**
   * The token a form should send instead of `token`: the same while it is valid; for an expired one
   * of this site, a new one that keeps when the form was opened (its nonce derived from the old
   * one, so all renewals of one token count as one form: a second enquiry with them is a replay);
   * for anything else, a new one.
   */
  renew(token: unknown): string;
  check(token: unknown): TokenCheck;
}

const base36 = (time: number) => Math.max(0, Math.floor(time)).toString(36);
/** `opened.nonce.mac` as issued, or `opened.issued.nonce.mac` once renewed (issued: when the renewal was made). */
const TOKEN = /^([0-9a-z]{1,11})(?:\.([0-9a-z]{1,11}))?\.([\w-]{16})\.([\w-]{22})$/;

/**
 * Signed, timestamped form tokens: the contact form carries one (spliced into the server-rendered
 * page, or fetched by the form itself after a client-side route change), so the server can tell,
 * without JavaScript, how long the form was open, and a token sent twice (a replayed form) is seen
 * as such. Keyed by the server secret; the HMAC key is set up once.
 */
export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const key: KeyObject = createSecretKey(createHmac('sha256', secret).update('form-token').digest());
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  const sign = (payload: string) => `${payload}.${mac(payload).subarray(0, 16).toString('base64url')}`;
  const fresh = () => sign(`${base36(now())}.${randomBytes(12).toString('base64url')}`);

  /** The token's parts when this site signed it; null otherwise (or when it is not a token at all: `missing`). */
  function parse(token: unknown): { opened: number; issued: number; nonce: string } | 'missing' | 'forged' {
    const match = typeof token === 'string' ? TOKEN.exec(token) : null;
    if (!match) return 'missing';
    const [, opened, issued, nonce, given] = match as unknown as [string, string, string | undefined, string, string];
    const payload = issued === undefined ? `${opened}.${nonce}` : `${opened}.${issued}.${nonce}`;
    // As text, not decoded: the last base64url character has spare bits (two spellings, one signature).
    const expected = Buffer.from(mac(payload).subarray(0, 16).toString('base64url'));
    const sent = Buffer.from(given);
    if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'forged';
    return { opened: parseInt(opened, 36), issued: parseInt(issued ?? opened, 36), nonce };
  }

  return {
    issue: fresh,
    renew(token) {
      const parts = parse(token);
      if (typeof parts === 'string') return fresh();
      const time = now();
      if (time - parts.issued <= TOKEN_LIFETIME_MS) return token as string;
      if (time - parts.opened > RENEWABLE_MS) return fresh();
      const nonce = mac(`renewed.${parts.nonce}`).subarray(0, 12).toString('base64url');
      return sign(`${base36(parts.opened)}.${base36(time)}.${nonce}`);
    },
    check(token) {
      const parts = parse(token);
      if (parts === 'missing')
        return {
          ok: false,
          kind: 'missing',
          reason: "Sent without the form's token (not from the site's form).",
          nonce: null,
        };
      if (parts === 'forged')
        return { ok: false, kind: 'forged', reason: 'The form token was not issued by this site.', nonce: null };
      const time = now();
      const { nonce } = parts;
      if (time - parts.issued > TOKEN_LIFETIME_MS) {
        return {
          ok: false,
          kind: 'expired',
          reason: 'The form was opened more than 7 days before it was sent.',
          nonce,
        };
      }
      const ageMs = time - parts.opened;
      if (ageMs < MIN_FILL_MS) {
        return {
          ok: false,
          kind: 'too-fast',
          reason: `The form was filled in ${(Math.max(ageMs, 0) / 1000).toFixed(1)} s, faster than a person can.`,
          nonce,
        };
      }
      return { ok: true, nonce, ageMs };
    },
  };
}
