import { createHmac } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey } from '../../../../shared/admin/security.js';
import type { DB } from '../../../platform/db/open-database.js';

/** How long the browser may take over a passkey (the challenge's time limit, passkey-challenge.ts). */
export const PASSKEY_CEREMONY_MS = 5 * 60 * 1000;
/** The longest name the admin may give a passkey. */

interface Row {
  id: number;
  credential_id: string;
  account_id: number;
  public_key: Buffer;
  counter: number;
  transports: string;
  name: string;
}

/** @simplewebauthn/server and its certificate parsers (about 13 MB), loaded with the first passkey ceremony, not with the site. */
const webAuthn = () => import('@simplewebauthn/server');

/** Why a passkey was refused, for the log and the audit log (never shown as more than "not accepted"). */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** A stored passkey as @simplewebauthn/server checks a signature with it. */
const credentialOf = (row: Row) => ({
  id: row.credential_id,
  publicKey: new Uint8Array(row.public_key),
  counter: row.counter,
  transports: JSON.parse(row.transports) as [],
});

/** The passkeys' statements, and the ledger that makes each challenge good once. */
function passkeyStatements(db: DB) {
  const list = db.prepare<[number], { id: number; name: string; createdAt: string; lastUsedAt: string | null }>(
    'SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt FROM admin_passkeys WHERE account_id = ? ORDER BY id',
  );
  const ofAccount = db.prepare<[number], Row>('SELECT * FROM admin_passkeys WHERE account_id = ? ORDER BY id');
  const byCredential = db.prepare<[string], Row>('SELECT * FROM admin_passkeys WHERE credential_id = ?');
  const count = db.prepare<[number], number>('SELECT count(*) FROM admin_passkeys WHERE account_id = ?').pluck();
  const insert = db.prepare(
    `INSERT INTO admin_passkeys (credential_id, account_id, public_key, counter, transports, name, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const used = db.prepare('UPDATE admin_passkeys SET counter = ?, last_used_at = ? WHERE id = ?');
  const remove = db.prepare<[number, number], { name: string }>(
    'DELETE FROM admin_passkeys WHERE id = ? AND account_id = ? RETURNING name',
  );
  const spend = db.prepare('INSERT OR IGNORE INTO passkey_challenges_spent (challenge, spent_at) VALUES (?, ?)');
  const forget = db.prepare('DELETE FROM passkey_challenges_spent WHERE spent_at < ?');
  /**
   * Spends a challenge, synchronously, before anything is awaited: true for its first answer only.
   * The session keeps the challenge, and requests sent at once with the same cookie each read it; this
   * row, not the session, makes it good once.
   */
  const spentFirst = (challenge: string, at: Date): boolean => {
    forget.run(at.getTime() - 2 * PASSKEY_CEREMONY_MS);
    return spend.run(challenge, at.getTime()).changes === 1;
  };
  return { list, ofAccount, byCredential, count, insert, used, remove, spentFirst };
}

/**
 * The admin's passkeys (WebAuthn, through @simplewebauthn/server), bound to SITE_URL: its host name is
 * the relying party's ID and its origin the only one accepted, so a passkey made for one domain is
 * never offered or accepted on another. Only public keys are stored; the challenges live in the
 * session (passkey-challenge.ts), and each verification here is given the one it expects.
 */
export function createPasskeys(db: DB, { siteUrl, secret }: { siteUrl: string; secret: string }) {
  const { hostname: rpID, origin } = new URL(siteUrl);
  const { list, ofAccount, byCredential, count, insert, used, remove, spentFirst } = passkeyStatements(db);

  /**
   * The account's WebAuthn user handle: stable, opaque (no e-mail address on the authenticator's
   * user.id), so a passkey made again on the same device replaces the earlier one there.
   */
  const userHandle = (accountId: number) =>
    createHmac('sha256', secret).update(`passkey user handle:${accountId}`).digest().subarray(0, 32);
  const descriptorsOf = (accountId: number) =>
    ofAccount.all(accountId).map((row) => ({ id: row.credential_id, transports: JSON.parse(row.transports) as [] }));

  return {
    list: (accountId: number): Passkey[] => list.all(accountId),
    count: (accountId: number): number => count.get(accountId)!,

    /** For navigator.credentials.create(): a discoverable passkey, not one the device holds already. */
    async registrationOptions(account: { id: number; email: string }, rpName: string) {
      const { generateRegistrationOptions } = await webAuthn();
      return generateRegistrationOptions({
        rpName,
        rpID,
        userID: new Uint8Array(userHandle(account.id)),
        userName: account.email,
        userDisplayName: account.email,
        timeout: PASSKEY_CEREMONY_MS,
        attestationType: 'none',
        excludeCredentials: descriptorsOf(account.id),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
    },

    /**
     * Checks what the browser made against the challenge given out, SITE_URL's origin and RP ID, and
     * stores the passkey under `name`. The reason when it is refused.
     */
    async register(
      accountId: number,
      response: RegistrationResponseJSON,
      expectedChallenge: string,
      name: string,
      at: Date,
    ): Promise<{ ok: true } | { ok: false; reason: string }> {
      if (!spentFirst(expectedChallenge, at)) return { ok: false, reason: 'challenge already answered' };
      // Outside the try: a library that fails to load is the server's error, not a passkey refused.
      const { verifyRegistrationResponse } = await webAuthn();
      try {
        // Signed in already: a passkey without its own check (a security key without a PIN) may still
        // be added, and is then good as a second step after the password (verifySignIn).
        const expected = { expectedChallenge, expectedOrigin: origin, expectedRPID: rpID };
        const result = await verifyRegistrationResponse({ response, ...expected, requireUserVerification: false });
        if (!result.verified) return { ok: false, reason: 'not verified' };
        const { credential } = result.registrationInfo;
        if (byCredential.get(credential.id)) return { ok: false, reason: 'already registered' };
        const transports = JSON.stringify(credential.transports ?? []);
        const publicKey = Buffer.from(credential.publicKey);
        insert.run(credential.id, accountId, publicKey, credential.counter, transports, name, at.toISOString());
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
    },

    /**
     * For navigator.credentials.get(): any passkey of this site (discoverable: no e-mail asked), or,
     * after the password, the account's own.
     */
    async signInOptions(accountId?: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { generateAuthenticationOptions } = await webAuthn();
      return generateAuthenticationOptions({
        rpID,
        timeout: PASSKEY_CEREMONY_MS,
        userVerification: 'preferred',
        allowCredentials: accountId === undefined ? [] : descriptorsOf(accountId),
      });
    },

    /**
     * Checks a passkey's signature of the challenge given out; on success its counter and last use are
     * written. Signing in with the passkey alone asks that it checked who holds it (fingerprint, face,
     * PIN: `userVerified`); after a right password, its presence is enough. It must be `accountId`'s.
     */
    async verifySignIn(
      response: AuthenticationResponseJSON,
      expectedChallenge: string,
      { accountId, requireUserVerification, at }: { accountId: number; requireUserVerification: boolean; at: Date },
    ): Promise<{ ok: true; name: string } | { ok: false; reason: string }> {
      const row = typeof response?.id === 'string' ? byCredential.get(response.id) : undefined;
      if (!spentFirst(expectedChallenge, at)) return { ok: false, reason: 'challenge already answered' };
      if (!row) return { ok: false, reason: 'unknown passkey' };
      if (row.account_id !== accountId) return { ok: false, reason: "another account's passkey" };
      const handle = response.response?.userHandle;
      if (handle && handle !== Buffer.from(userHandle(row.account_id)).toString('base64url'))
        return { ok: false, reason: 'user handle does not match' };
      const { verifyAuthenticationResponse } = await webAuthn();
      try {
        const expected = { expectedChallenge, expectedOrigin: origin, expectedRPID: rpID };
        const credential = credentialOf(row);
        const result = await verifyAuthenticationResponse({
          response,
          ...expected,
          requireUserVerification,
          credential,
        });
        if (!result.verified) return { ok: false, reason: 'not verified' };
        used.run(result.authenticationInfo.newCounter, at.toISOString(), row.id);
        return { ok: true, name: row.name };
      } catch (error) {
        return { ok: false, reason: reasonOf(error) };
      }
    },

    /** Removes one of the account's passkeys: its name, or null when it had none of that id. */
    remove: (accountId: number, id: number): string | null => remove.get(id, accountId)?.name ?? null,
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
