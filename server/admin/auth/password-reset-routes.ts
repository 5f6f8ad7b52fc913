import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { FORGOT_TEXT } from '../../../shared/admin/texts.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { DB } from '../../platform/db/open-database.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { AdminNotices } from '../notices/admin-notices.js';
import type { AdminAccount, AdminAccounts } from './admin-accounts.js';
import { signIn } from './admin-session.js';
import { knownDevice, rememberDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';
import { createPasswordResets, RESET_LINK_MINUTES } from './password-reset.js';
import { passwordRefusal } from './password-rules.js';
import { secondFactorOn, type SecondFactor } from './second-factor/second-factor.js';
import { seenFrom } from './seen-from.js';
import type { SignInChecks } from './sign-in-checks.js';

export interface PasswordResetOptions extends SecondFactor {
  db: DB;
  secret: string;
  accounts: AdminAccounts;
  throttle: LoginThrottle;
  checks: SignInChecks;
  pages: PageRenderer;
  audit: AuditLog;
  notices: AdminNotices;
  now: () => number;
  config: { site: { siteUrl: string } };
}

type Form = { email?: unknown; recoveryCode?: unknown; password?: unknown; repeated?: unknown; token?: unknown };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const FORGOT_SENT = `${ADMIN_PATHS.loginForgot}?sent=1`;

/** After a reset: signed in here at once, or at the code step when a second factor is on. */
async function continueSignIn(
  options: PasswordResetOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AdminAccount,
): Promise<void> {
  if (!secondFactorOn(options, account.id)) {
    await signIn(request, account, options.now());
    rememberDevice(reply, account);
    return;
  }
  await request.session.regenerate();
  const pending = { adminId: account.id, credentialsAt: account.updatedAt, at: options.now(), counted: [] };
  request.session.set('passwordOk', pending);
}

/**
 * A forgotten password, from the sign-in page ("Forgot your password?"): a link sent to the account's
 * e-mail (signed, good once for 30 minutes, stored hashed: password-reset.ts), or a recovery code. Both
 * count in the sign-in throttle, per client network and per account; the page never says whether an
 * address is the admin's. The new password follows Change password's rules and ends every session; it
 * is audit-logged and e-mailed to the owner. With a second factor on, the code step follows at once.
 */
export function registerPasswordReset(admin: FastifyInstance, options: PasswordResetOptions): void {
  const { accounts, audit, notices, pages, now, checks } = options;
  const resets = createPasswordResets(options.db, options.secret);

  const page = (reply: FastifyReply, form: Omit<AdminSignedOut, 'signedIn' | 'csrfToken'>, status = 200) =>
    pages.sendPrivate(
      reply,
      form.step === 'reset' ? ADMIN_PATHS.loginReset : ADMIN_PATHS.loginForgot,
      { admin: { signedIn: false, csrfToken: reply.csrfToken(), ...form } },
      status,
    );
  /** The throttle's verdict on this attempt for the typed e-mail (counted; given back only for a right recovery code). */
  const throttled = (request: FastifyRequest, reply: FastifyReply, email: string) => {
    const owner = accounts.get();
    const device = owner?.email.toLowerCase() === email.toLowerCase() ? knownDevice(request, owner) : null;
    return checks.allowed(request, reply, checks.keysOf(request, email), device);
  };
  /** The account whose e-mail was typed, or undefined (never said on the page). */
  const accountOf = (email: string) => {
    const account = accounts.get();
    return account && email !== '' && account.email.toLowerCase() === email.toLowerCase() ? account : undefined;
  };

  /** The new password is set, audit-logged and e-mailed to the owner; then signing in goes on. */
  const passwordReset = async (request: FastifyRequest, reply: FastifyReply, password: string, how: string) => {
    const account = await accounts.setCredentials({ password });
    audit.record(account.email, 'password reset', null, `${how}; every session signed out`, seenFrom(request));
    void notices.factorChanged(account, `Password reset ${how}; every browser signed in before was signed out`);
    request.log.info('admin reset a forgotten password');
    await continueSignIn(options, request, reply, account);
    return reply.redirect(ADMIN_PATHS.desk, 303);
  };
  admin.get<{ Querystring: { sent?: string } }>(
    ADMIN_PATHS.loginForgot,
    { config: { access: 'public' } },
    async (request, reply) => page(reply, { step: 'forgot', ...(request.query.sent && { message: FORGOT_TEXT.sent }) }),
  );

  admin.post<{ Body: Form }>(ADMIN_PATHS.loginForgot, { config: { access: 'public' } }, async (request, reply) => {
    const email = text(request.body?.email).trim();
    const verdict = throttled(request, reply, email);
    if (!verdict.allowed) return page(reply, { step: 'forgot', email, loginError: verdict.message }, 429);
    const account = accountOf(email);
    if (account) {
      const token = resets.issue(account, now());
      const link = `${options.config.site.siteUrl}${ADMIN_PATHS.loginReset}?token=${encodeURIComponent(token)}`;
      audit.record(account.email, 'password reset asked', null, 'a link sent to the sign-in e-mail', seenFrom(request));
      // In the background, for any address alike: the answer's time says nothing either.
      void notices.passwordResetLink(account.email, link, RESET_LINK_MINUTES);
    }
    return reply.redirect(FORGOT_SENT, 303);
  });

  admin.post<{ Body: Form }>(
    ADMIN_PATHS.loginForgotRecovery,
    { config: { access: 'public' } },
    async (request, reply) => {
      const email = text(request.body?.email).trim();
      const password = text(request.body?.password);
      const refused = passwordRefusal(password, text(request.body?.repeated));
      if (refused) return page(reply, { step: 'forgot', email, loginError: refused }, 400);
      const verdict = throttled(request, reply, email);
      if (!verdict.allowed) return page(reply, { step: 'forgot', email, loginError: verdict.message }, 429);
      const account = accountOf(email);
      const code = text(request.body?.recoveryCode).trim();
      if (!account || code === '' || !options.recoveryCodes.use(account.id, code, new Date(now()))) {
        const who = account?.email ?? 'unknown';
        audit.record(
          who,
          'password reset refused',
          null,
          'wrong recovery code, or not the admin e-mail',
          seenFrom(request),
        );
        return page(reply, { step: 'forgot', email, loginError: FORGOT_TEXT.codeRefused }, 401);
      }
      options.throttle.succeeded(verdict.counted);
      const left = options.recoveryCodes.unused(account.id);
      return passwordReset(request, reply, password, `with a recovery code (${left} left)`);
    },
  );

  admin.get<{ Querystring: { token?: string } }>(
    ADMIN_PATHS.loginReset,
    { config: { access: 'public' } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const good = resets.good(token, accounts.get(), now());
      return page(reply, { step: 'reset', resetToken: good ? token : null }, good ? 200 : 400);
    },
  );

  admin.post<{ Body: Form }>(ADMIN_PATHS.loginReset, { config: { access: 'public' } }, async (request, reply) => {
    const token = text(request.body?.token);
    const password = text(request.body?.password);
    const account = accounts.get();
    const refused = passwordRefusal(password, text(request.body?.repeated));
    if (refused) {
      const form = resets.good(token, account, now())
        ? { resetToken: token, loginError: refused }
        : { resetToken: null };
      return page(reply, { step: 'reset', ...form }, 400);
    }
    if (!resets.use(token, account, now())) {
      request.log.warn('a password reset link was refused: not signed, expired or used');
      return page(reply, { step: 'reset', resetToken: null }, 400);
    }
    return passwordReset(request, reply, password, 'by a link sent to the sign-in e-mail');
  });
}
