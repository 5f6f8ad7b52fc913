import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../platform/db/open-database.js';
import type { AdminAccount } from './admin-accounts.js';

/** How long a link to reset the password works. */
export const RESET_LINK_MINUTES = 30;
const KEEP_USED_MS = 24 * 60 * 60 * 1000;

/** What a link holds: a random nonce, when it stops working, and the account's credentials time when asked. */
interface ResetClaim {
  nonce: string;
  expires: number;
  /** Any later change of e-mail or password (another link's too) ends the link. */
  asOf: string;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', `${secret}:password-reset`).update(payload).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The claim a token holds when the server signed it, else null (never thrown: a link may be cut or changed). */
function openToken(secret: string, token: string): ResetClaim | null {
  const [payload = '', signed = ''] = token.split('.');
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString()) as ResetClaim;
  } catch {
    return null;
  }
}

/**
 * The links that reset a forgotten password: signed with the server secret, good for 30 minutes and
 * once, stored only as a hash (table password_resets, migration 52).
 */
export function createPasswordResets(db: DB, secret: string) {
  const insert = db.prepare('INSERT INTO password_resets (token_hash, expires_at) VALUES (?, ?)');
  const sweep = db.prepare('DELETE FROM password_resets WHERE expires_at < ?');
  const unused = db.prepare<[string, number], number>(
    'SELECT 1 FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  );
  const use = db.prepare(
    'UPDATE password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?',
  );

  /** The link's token when it is signed, unexpired, unused, and the account has not changed since. */
  const good = (token: string, account: AdminAccount | undefined, now: number) => {
    const claim = openToken(secret, token);
    if (!claim || !account || claim.asOf !== account.updatedAt || claim.expires <= now) return false;
    return unused.pluck().get(hashOf(token), now) !== undefined;
  };

  return {
    /** A new link's token for the account as it is now; older rows a day past their end are swept. */
    issue(account: AdminAccount, now: number): string {
      const claim: ResetClaim = {
        nonce: randomBytes(16).toString('base64url'),
        expires: now + RESET_LINK_MINUTES * 60_000,
        asOf: account.updatedAt,
      };
      const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
      const token = `${payload}.${signature(secret, payload)}`;
      db.transaction(() => {
        sweep.run(now - KEEP_USED_MS);
        insert.run(hashOf(token), claim.expires);
      })();
      return token;
    },
    /** Whether the link still works (its page shows the form). */
    good,
    /** Uses the link up, once: true for the one request that may change the password with it. */
    use(token: string, account: AdminAccount | undefined, now: number): boolean {
      return good(token, account, now) && use.run(now, hashOf(token), now).changes === 1;
    },
  };
}

export type PasswordResets = ReturnType<typeof createPasswordResets>;
