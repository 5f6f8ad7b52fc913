import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Faster than this, no person has filled in the form. */
const MIN_FILL_MS = 3000;
/** A form left open longer than this sends an expired token (its nonce is no longer remembered). */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type TokenCheck =
  | { ok: true; nonce: string; ageMs: number }
  /** A token this site signed, but sent too soon or too late: `nonce` still marks it used. */
  | { ok: false; reason: string; nonce: string | null };

export interface FormTokens {
  /** A new token for a form shown now: when it was issued, a random nonce, and a signature. */
  issue(): string;
  check(token: unknown): TokenCheck;
}

/**
 * Signed, timestamped form tokens: the contact form carries one (spliced into the cached page per
 * request), so the server can tell, without JavaScript, how long the form was open, and a token
 * sent twice (a replayed form) is seen as such. Keyed by the server secret.
 */
export function createFormTokens(secret: string, now: () => number = Date.now): FormTokens {
  const key = createHmac('sha256', secret).update('form-token').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);
  return {
    issue() {
      const payload = `${now().toString(36)}.${randomBytes(12).toString('base64url')}`;
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    check(token) {
      const match = typeof token === 'string' ? /^([0-9a-z]{1,11})\.([\w-]{16})\.([\w-]{22})$/.exec(token) : null;
      if (!match) return { ok: false, reason: "Sent without the form's token (not from the site's form).", nonce: null };
      const [, time, nonce, mac] = match as unknown as [string, string, string, string];
      const expected = sign(`${time}.${nonce}`);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'The form token was not issued by this site.', nonce: null };
      }
      const ageMs = now() - parseInt(time, 36);
      if (ageMs > TOKEN_LIFETIME_MS) return { ok: false, reason: 'The form was opened more than 7 days before it was sent.', nonce };
      if (ageMs < MIN_FILL_MS) {
        return { ok: false, reason: `The form was filled in ${(Math.max(ageMs, 0) / 1000).toFixed(1)} s, faster than a person can.`, nonce };
      }
      return { ok: true, nonce, ageMs };
    },
  };
}
