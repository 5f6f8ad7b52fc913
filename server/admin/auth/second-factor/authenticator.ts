import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import type { DB } from '../../../platform/db/open-database.js';
import { createSecretBox } from './secret-box.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a new code every 30 seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too (a phone's clock a little off, a slow typist). */
const WINDOW = 1;
/** How long a set-up page's secret may be confirmed. */
const ENROLMENT_MS = 30 * 60 * 1000;

/** What the set-up page shows: the secret sealed for the confirming form, as text and as a QR code. */
export interface Enrolment {
  sealed: string;
  secret: string;
  qrSvg: string;
}

/** A typed code without the spaces an app shows in it; null when it cannot be a code. */
export const authenticatorCode = (typed: string): string | null => {
  const digits = typed.replace(/\s/g, '');
  return new RegExp(`^\\d{${DIGITS}}$`).test(digits) ? digits : null;
};

/**
 * Codes from an authenticator app for the one admin account. The secret is stored sealed with a key
 * derived from the server secret (secret-box.ts); the step of the last accepted code is stored too,
 * so each code signs in once. `now` is the site's clock.
 */
export function createAuthenticator(db: DB, serverSecret: string, now: () => number) {
  const box = createSecretBox(serverSecret, 'admin authenticator secret');
  const enrolmentBox = createSecretBox(serverSecret, 'admin authenticator set-up');
  const read = db.prepare<[number], { totp_secret: string | null }>('SELECT totp_secret FROM admin_users WHERE id = ?');
  const turnOn = db.prepare('UPDATE admin_users SET totp_secret = ?, totp_step = ? WHERE id = ?');
  const turnOff = db.prepare('UPDATE admin_users SET totp_secret = NULL, totp_step = 0 WHERE id = ?');
  const accept = db.prepare('UPDATE admin_users SET totp_step = ? WHERE id = ? AND totp_step < ?');

  const totp = (secret: string, label = '', issuer = '') =>
    new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: DIGITS,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(secret),
    });

  /** The 30-second step the typed code belongs to, or null when it is no code of this secret now. */
  const stepOf = (secret: string, typed: string): number | null => {
    const code = authenticatorCode(typed);
    if (code === null) return null;
    const timestamp = now();
    const delta = totp(secret).validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? null : totp(secret).counter({ timestamp }) + delta;
  };

  const secretOf = (accountId: number): string | null => {
    const sealed = read.get(accountId)?.totp_secret;
    return sealed ? box.open(sealed) : null;
  };

  /** The set-up page's QR code, and the secret sealed (with the time) for the confirming form. */
  const enrolmentOf = (secret: string, issuer: string, email: string): Enrolment => ({
    secret,
    sealed: enrolmentBox.seal(`${secret}:${now()}`),
    qrSvg: renderSVG(totp(secret, email, issuer).toString(), { border: 2 }),
  });

  return {
    isOn: (accountId: number): boolean => Boolean(read.get(accountId)?.totp_secret),

    /** A new secret to set up, for the app to list under the issuer (the company) and the admin's e-mail. */
    newEnrolment: (issuer: string, email: string): Enrolment =>
      enrolmentOf(new Secret({ size: 20 }).base32, issuer, email),

    /** The set-up page again for a secret sealed earlier (a wrong first code), or null when it is not one or too old. */
    reopen(sealed: string, issuer: string, email: string): Enrolment | null {
      const [secret, issuedAt] = enrolmentBox.open(sealed)?.split(':') ?? [];
      if (!secret || !issuedAt || now() - Number(issuedAt) > ENROLMENT_MS) return null;
      return enrolmentOf(secret, issuer, email);
    },

    /** Turns codes on when the typed code is one of the set-up secret's now; false (nothing changed) else. */
    confirm(accountId: number, secret: string, typed: string): boolean {
      const step = stepOf(secret, typed);
      if (step === null) return false;
      turnOn.run(box.seal(secret), step, accountId);
      return true;
    },

    /**
     * Whether the typed code signs in: 'right' when it is one of the account's codes now and not one
     * accepted before; 'used' when it is a code of now that signed in already (each signs in once).
     */
    verify(accountId: number, typed: string): 'right' | 'used' | 'wrong' {
      const secret = secretOf(accountId);
      const step = secret === null ? null : stepOf(secret, typed);
      if (step === null) return 'wrong';
      return accept.run(step, accountId, step).changes === 1 ? 'right' : 'used';
    },

    /** Whole seconds until the app shows its next code (1 to 30). */
    secondsToNextCode: (): number => PERIOD_SECONDS - (Math.floor(now() / 1000) % PERIOD_SECONDS),

    turnOff: (accountId: number): void => void turnOff.run(accountId),
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
