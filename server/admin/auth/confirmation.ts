import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { AdminAccount, AdminAccounts } from './admin-accounts.js';
import { showConfirmPage, type RiskyAction } from './confirm-page.js';
import { knownDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';
import { secondFactorOn, type SecondFactor } from './second-factor/second-factor.js';
import { wrongCode, type SignInChecks } from './sign-in-checks.js';

const CONFIRM_FAILED = { withCode: 'That password or code is not right.', passwordOnly: 'That password is not right.' };

/** What confirming it is you uses: the accounts and their second factors, the sign-in checks, the audit log, the pages. */
export interface ConfirmationOptions extends SecondFactor {
  accounts: AdminAccounts;
  throttle: LoginThrottle;
  checks: SignInChecks;
  audit: AuditLog;
  pages: PageRenderer;
  now: () => number;
}

/** The session is fresh again, and the audit log says how and what for. */
export function confirmed(
  { audit, now }: Pick<ConfirmationOptions, 'audit' | 'now'>,
  request: FastifyRequest,
  account: AdminAccount,
  how: string,
) {
  request.session.set('confirmedAt', now());
  audit.record(account.email, 'sign-in confirmed', null, how);
}

/** Checks the password (and code) the form sent: null when right (the session is fresh again), else the answer. */
export async function confirmWithPassword(
  options: ConfirmationOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AdminAccount,
  risk: RiskyAction,
  sent: { password: string; code: string },
): Promise<FastifyReply | null> {
  const { accounts, throttle, checks, audit } = options;
  const keys = checks.keysOf(request, account.email);
  const verdict = checks.allowed(request, reply, keys, knownDevice(request, account));
  if (!verdict.allowed) return showConfirmPage(options, request, reply, risk, verdict.message, 429);
  const factorOn = secondFactorOn(options, account.id);
  const passwordRight = (await accounts.authenticate(account.email, sent.password)) !== null;
  const factor = passwordRight && factorOn ? checks.secondFactor(account.id, sent.code) : null;
  if (!passwordRight || (factor && !factor.right)) {
    request.log.warn({ emailHash: keys.emailHash }, 'admin confirmation failed');
    const wrong = passwordRight ? wrongCode(factor!) : 'wrong password';
    audit.record(account.email, 'sign-in failed', null, `${wrong}, confirming to ${risk.what}`);
    if (passwordRight) checks.secondFactorFailed(request, account);
    const failed = factorOn ? CONFIRM_FAILED.withCode : CONFIRM_FAILED.passwordOnly;
    return showConfirmPage(options, request, reply, risk, factor ? checks.codeRefusal(factor, failed) : failed, 401);
  }
  throttle.succeeded(verdict.counted);
  const how = !factor
    ? 'with the password'
    : factor.byApp
      ? 'with the password and an authenticator code'
      : `with the password and a recovery code (${options.recoveryCodes.unused(account.id)} left)`;
  confirmed(options, request, account, `${how}, to ${risk.what}`);
  return null;
}
