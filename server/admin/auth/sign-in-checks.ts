import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_TEXT, codeUsedAlready, tooManyLogins } from '../../../shared/admin/texts.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { hashClientIp } from '../../platform/security/server-secret.js';
import type { AdminAccount } from './admin-accounts.js';
import { knownDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';
import { seenFrom } from './seen-from.js';
import { authenticatorCode } from './second-factor/authenticator.js';
import type { SecondFactor } from './second-factor/second-factor.js';
import type { AdminNotices } from '../notices/admin-notices.js';

/**
 * The code a second-step form sent: the app's field, else the recovery code's (folded under "Use a
 * recovery code instead", as the app's field brings up a keypad of digits on a phone).
 */
export function typedCode(appCode: unknown, recoveryCode: unknown): string {
  const app = typeof appCode === 'string' ? appCode.trim() : '';
  return app || (typeof recoveryCode === 'string' ? recoveryCode.trim() : '');
}

/** The audit log's words for a refused code. */
export const wrongCode = (factor: { byApp: boolean; used: boolean }): string =>
  factor.used ? 'authenticator code used already' : factor.byApp ? 'wrong authenticator code' : 'wrong recovery code';

export interface SignInCheckOptions extends SecondFactor {
  throttle: LoginThrottle;
  secret: string;
  audit: AuditLog;
  now: () => number;
  notices: AdminNotices;
}

/** Wrong second factors after a right password, within an hour, that e-mail the owner (once per series). */
export const SECOND_FACTOR_FAILURES_NOTICED = 3;
const FAILURES_WITHIN_MS = 60 * 60 * 1000;

/**
 * What signing in and confirming it is you (fresh-sign-in.ts) both check: the throttle, counted by
 * keyed hashes (the throttle table and the log hold no address and no typed e-mail), and a code of
 * the second factor.
 */
export function createSignInChecks(options: SignInCheckOptions) {
  const { throttle, secret, authenticator, recoveryCodes, passkeys, audit, now } = options;
  const keysOf = (request: FastifyRequest, email: string) => {
    const emailHash = hashClientIp(secret, email.toLowerCase());
    return {
      ipKey: `ip:${hashClientIp(secret, clientNetwork(request.ip))}`,
      emailHash,
      accountKey: `account:${emailHash}`,
    };
  };

  /** The attempt may go on (counted until `throttle.succeeded`), or is refused with 429 and why. */
  const allowed = (
    request: FastifyRequest,
    reply: FastifyReply,
    keys: ReturnType<typeof keysOf>,
    device: string | null,
  ) => {
    const verdict = throttle.begin(keys.ipKey, keys.accountKey, device && `device:${hashClientIp(secret, device)}`);
    if (verdict.allowed) return verdict;
    const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    request.log.warn({ emailHash: keys.emailHash, retryAfter: seconds }, 'admin sign-in refused: too many failures');
    reply.header('retry-after', String(seconds));
    return { allowed: false as const, message: tooManyLogins(seconds) };
  };

  /** When the second factor failed after a right password (site clock), in the last hour. */
  let failures: number[] = [];

  return {
    keysOf,
    allowed,
    /**
     * A wrong code or passkey after a right password (signing in, or confirming it is you): on the
     * SECOND_FACTOR_FAILURES_NOTICED-th within an hour, the owner is e-mailed (in the background).
     */
    secondFactorFailed(request: FastifyRequest, account: AdminAccount): void {
      failures = [...failures.filter((at) => now() - at < FAILURES_WITHIN_MS), now()];
      if (failures.length === SECOND_FACTOR_FAILURES_NOTICED)
        void options.notices.secondFactorFailures(account, failures.length, request.ip);
    },
    /**
     * A passkey's answer to the challenge given out (null: none, or too old), counted in the throttle
     * like a password: the passkey's name and the keys counted on, for `throttle.succeeded`; or the
     * answer already sent (429, or 401 with the failure logged and audit-logged, `context` saying when).
     */
    async passkey(
      request: FastifyRequest,
      reply: FastifyReply,
      {
        account,
        challenge,
        requireUserVerification,
        context,
      }: {
        account: AdminAccount | undefined;
        challenge: string | null;
        requireUserVerification: boolean;
        context: string;
      },
    ): Promise<
      { ok: true; account: AdminAccount; name: string; counted: string[] } | { ok: false; answered: FastifyReply }
    > {
      const keys = keysOf(request, account?.email ?? '');
      const verdict = allowed(request, reply, keys, knownDevice(request, account));
      if (!verdict.allowed)
        return {
          ok: false,
          answered: reply.code(429).send({ error: 'Too Many Requests', message: verdict.message }),
        };
      const refused = (reason: string) => {
        request.log.warn({ emailHash: keys.emailHash, reason }, `admin ${context} with a passkey failed`);
        audit.record(
          account?.email ?? 'unknown',
          'sign-in failed',
          null,
          `passkey not accepted (${reason}), ${context}`,
          seenFrom(request),
        );
        return {
          ok: false as const,
          answered: reply.code(401).send({ error: 'Unauthorized', message: ADMIN_TEXT.passkeyFailed }),
        };
      };
      if (!account) return refused('no admin account');
      if (challenge === null) return refused('no challenge given, or an old one');
      const response = (request.body as { response?: unknown } | undefined)?.response as AuthenticationResponseJSON;
      const at = new Date(now());
      const result = await passkeys.verifySignIn(response, challenge, {
        accountId: account.id,
        requireUserVerification,
        at,
      });
      if (!result.ok) return refused(result.reason);
      return { ok: true, account, name: result.name, counted: verdict.counted };
    },
    /**
     * Whether the typed code is one of the account's now: the app's (once), or a recovery code (used
     * up). `used`: the app's code of now, typed again after it signed in (the message says to wait).
     */
    secondFactor(accountId: number, typed: string): { right: boolean; byApp: boolean; used: boolean } {
      const value = typed.trim();
      const byApp = authenticatorCode(value) !== null;
      const verdict = byApp ? authenticator.verify(accountId, value) : null;
      const right = byApp ? verdict === 'right' : value !== '' && recoveryCodes.use(accountId, value, new Date(now()));
      return { right, byApp, used: verdict === 'used' };
    },

    /** What a refused code is told: the app's code used already says when the next one comes. */
    codeRefusal(factor: { used: boolean }, otherwise: string): string {
      return factor.used ? codeUsedAlready(authenticator.secondsToNextCode()) : otherwise;
    },
  };
}

export type SignInChecks = ReturnType<typeof createSignInChecks>;
