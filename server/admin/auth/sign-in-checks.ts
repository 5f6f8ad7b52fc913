import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyLogins } from '../../../shared/admin/texts.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { hashClientIp } from '../../platform/security/server-secret.js';
import type { LoginThrottle } from './login-throttle.js';
import { authenticatorCode, type Authenticator } from './second-factor/authenticator.js';
import type { RecoveryCodes } from './second-factor/recovery-codes.js';

export interface SignInCheckOptions {
  throttle: LoginThrottle;
  secret: string;
  authenticator: Authenticator;
  recoveryCodes: RecoveryCodes;
  now: () => number;
}

/**
 * What signing in and confirming it is you (fresh-sign-in.ts) both check: the throttle, counted by
 * keyed hashes (the throttle table and the log hold no address and no typed e-mail), and a code of
 * the second factor.
 */
export function createSignInChecks({ throttle, secret, authenticator, recoveryCodes, now }: SignInCheckOptions) {
  const keysOf = (request: FastifyRequest, email: string) => {
    const emailHash = hashClientIp(secret, email.toLowerCase());
    return {
      ipKey: `ip:${hashClientIp(secret, clientNetwork(request.ip))}`,
      emailHash,
      accountKey: `account:${emailHash}`,
    };
  };

  return {
    keysOf,
    /** The attempt may go on (counted until `throttle.succeeded`), or is refused with 429 and why. */
    allowed(request: FastifyRequest, reply: FastifyReply, keys: ReturnType<typeof keysOf>, device: string | null) {
      const verdict = throttle.begin(keys.ipKey, keys.accountKey, device && `device:${hashClientIp(secret, device)}`);
      if (verdict.allowed) return verdict;
      const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
      request.log.warn({ emailHash: keys.emailHash, retryAfter: seconds }, 'admin sign-in refused: too many failures');
      reply.header('retry-after', String(seconds));
      return { allowed: false as const, message: tooManyLogins(seconds) };
    },
    /** Whether the typed code is one of the account's now: the app's (once), or a recovery code (used up). */
    secondFactor(accountId: number, typed: string): { right: boolean; byApp: boolean } {
      const value = typed.trim();
      const byApp = authenticatorCode(value) !== null;
      const right = byApp
        ? authenticator.verify(accountId, value)
        : value !== '' && recoveryCodes.use(accountId, value, new Date(now()));
      return { right, byApp };
    },
  };
}

export type SignInChecks = ReturnType<typeof createSignInChecks>;
