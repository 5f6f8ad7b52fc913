import type { FastifyInstance } from 'fastify';
import { ADMIN_TEXT, tooManyLogins } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import { hashClientIp } from '../../platform/security/server-secret.js';
import type { AdminAccounts } from './admin-accounts.js';
import { signIn, signOut } from './admin-session.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { knownDevice, rememberDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';

export interface LoginRouteOptions {
  accounts: AdminAccounts;
  throttle: LoginThrottle;
  pages: PageRenderer;
  secret: string;
  audit: AuditLog;
}

/** POST /admin/login (JSON from the enhanced form, or the form itself without JavaScript) and POST /admin/logout. */
export function registerLoginRoutes(
  admin: FastifyInstance,
  { accounts, throttle, pages, secret, audit }: LoginRouteOptions,
): void {
  admin.post<{ Body: { email?: unknown; password?: unknown } }>(
    ADMIN_PATHS.login,
    { config: { access: 'public' } },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      // Keyed hashes: the throttle table and the log hold no address and no typed e-mail.
      const ipKey = `ip:${hashClientIp(secret, clientNetwork(request.ip))}`;
      const emailHash = hashClientIp(secret, email.toLowerCase());
      const accountKey = `account:${emailHash}`;
      const refuse = (status: number, message: string) =>
        answersJson(request, 'json-body')
          ? reply.code(status).send({ error: status === 429 ? 'Too Many Requests' : 'Unauthorized', message })
          : pages.sendPrivate(
              reply,
              ADMIN_PATHS.desk,
              { admin: { signedIn: false, csrfToken: reply.csrfToken(), email, loginError: message } },
              status,
            );

      const owner = accounts.get();
      const device = owner?.email.toLowerCase() === email.toLowerCase() ? knownDevice(request, owner) : null;
      const verdict = throttle.begin(ipKey, accountKey, device && `device:${hashClientIp(secret, device)}`);
      if (!verdict.allowed) {
        const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
        request.log.warn({ emailHash, retryAfter: seconds }, 'admin sign-in refused: too many failures');
        reply.header('retry-after', String(seconds));
        return refuse(429, tooManyLogins(seconds));
      }
      const account = email && password ? await accounts.authenticate(email, password) : null;
      if (!account) {
        request.log.warn({ emailHash }, 'admin sign-in failed');
        // Never the typed e-mail itself (it may be a password typed in the wrong box).
        const known = owner?.email.toLowerCase() === email.toLowerCase();
        audit.record(
          known ? owner.email : 'unknown',
          'sign-in failed',
          null,
          known ? 'wrong password' : 'not the admin e-mail address',
        );
        return refuse(401, ADMIN_TEXT.loginFailed);
      }
      throttle.succeeded(verdict.counted);
      await signIn(request, account);
      rememberDevice(reply, account);
      request.log.info({ emailHash }, 'admin signed in');
      audit.record(account.email, 'sign-in');
      return answersJson(request, 'json-body') ? reply.send({ ok: true }) : reply.redirect(ADMIN_PATHS.desk, 303);
    },
  );

  // Its CSRF token is checked only when signed in (admin-auth.ts).
  admin.post(ADMIN_PATHS.logout, { config: { access: 'public' } }, async (request, reply) => {
    await signOut(request, reply);
    return answersJson(request, 'json-body') ? reply.code(204).send() : reply.redirect(ADMIN_PATHS.desk, 303);
  });
}
