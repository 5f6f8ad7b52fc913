import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import { signIn } from '../auth/admin-session.js';
import { passwordRefusal } from '../auth/password-rules.js';
import type { AdminNotices } from '../notices/admin-notices.js';

interface PasswordChangeOptions {
  accounts: AdminAccounts;
  audit: AuditLog;
  notices: AdminNotices;
  now: () => number;
  /** The Security screen with a refusal beside the form. */
  refuse: (request: FastifyRequest, reply: FastifyReply, error: AdminSecurityPage['error'], status: number) => unknown;
}

/**
 * Change password, on the Security screen (a plain form, after "Confirm it's you"): every session of
 * the admin ends, as with npm run admin:password, and this browser signs in again at once; written to
 * the audit log and e-mailed to the owner. The generated first password's file goes with it.
 */
export function registerPasswordChange(admin: FastifyInstance, options: PasswordChangeOptions) {
  const { accounts, audit, notices } = options;
  admin.post<{ Body: { password?: unknown; repeated?: unknown } }>(
    ADMIN_PATHS.securityPassword,
    { config: { access: 'redirect', risky: { what: RISKY_ACTIONS.changePassword } } },
    async (request, reply) => {
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const password = text(request.body?.password);
      const refused = passwordRefusal(password, text(request.body?.repeated));
      if (refused) return options.refuse(request, reply, { form: 'password', message: refused }, 400);
      const account = await accounts.setCredentials({ password });
      audit.record(account.email, 'password changed', null, 'on the Security screen; every session signed out');
      void notices.factorChanged(account, 'Password changed; every browser signed in before was signed out');
      request.log.info('admin changed the password');
      await signIn(request, account, options.now());
      return reply.redirect(`${ADMIN_PATHS.security}?done=password`, 303);
    },
  );
}
