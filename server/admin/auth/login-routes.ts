import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import { hashClientIp } from '../../platform/security/server-secret.js';
import type { AdminAccount, AdminAccounts } from './admin-accounts.js';
import { awaitingSecondStep, signIn, signOut } from './admin-session.js';
import { afterSignIn } from './after-sign-in.js';
import { rememberChallenge, takeChallenge } from './second-factor/passkey-challenge.js';
import { codeStepOf, secondFactorOn, type SecondFactor } from './second-factor/second-factor.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { knownDevice, rememberDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';
import { seenFrom } from './seen-from.js';
import { typedCode, wrongCode, type SignInChecks } from './sign-in-checks.js';
import type { AdminNotices } from '../notices/admin-notices.js';

/** Passkey challenges a client network may ask for: a person needs a few; each writes a session. */
const PASSKEY_OPTIONS_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) => clientNetwork(request.ip),
};

export interface LoginRouteOptions extends SecondFactor {
  accounts: AdminAccounts;
  throttle: LoginThrottle;
  pages: PageRenderer;
  secret: string;
  audit: AuditLog;
  /** E-mails the owner about a sign-in from a new browser. */
  notices: AdminNotices;
  /** The site's clock (the second step's time limit, the codes' 30-second steps). */
  now: () => number;
  checks: SignInChecks;
}

/** How a sign-in is told, as the audit log says it, and whether it is remembered for 30 days. */
interface SignInManner {
  /** null: the password alone. */
  how?: string | null;
  /** Whether a password was given (a passkey alone gives none). */
  password?: boolean;
  /** "Remember this device for 30 days" was ticked. */
  remember?: boolean;
}

/**
 * Ends a right sign-in: the session (remembered or not), the device cookie, the log and the audit log,
 * an e-mail to the owner from a new browser, then the desk (or the screen asked for before).
 */
function signInFinisher({ secret, audit, notices, now }: LoginRouteOptions) {
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: AdminAccount,
    { how = null, password = true, remember = false }: SignInManner = {},
  ) => {
    // Asked before the cookie is set: a browser without one for this account hears of it by e-mail.
    const newBrowser = knownDevice(request, account) === null;
    const next = afterSignIn(request, reply);
    await signIn(request, account, now(), remember);
    rememberDevice(reply, account);
    request.log.info(
      { emailHash: hashClientIp(secret, account.email.toLowerCase()), newBrowser, remember },
      'admin signed in',
    );
    const detail = [how, remember && ADMIN_TEXT.rememberedAudit].filter(Boolean).join(', ');
    audit.record(account.email, 'sign-in', null, detail || null, seenFrom(request));
    // In the background: a slow or silent mail server never holds the answer back.
    if (newBrowser)
      void notices.newBrowserSignIn(account, {
        how,
        password,
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
    if (answersJson(request, 'json-body')) return reply.send({ ok: true, ...(next && { next }) });
    return reply.redirect(next ?? ADMIN_PATHS.desk, 303);
  };
}

/**
 * POST /admin/login (JSON from the enhanced form, or the form itself without JavaScript), then, when a
 * second factor is on, POST /admin/login/code (a plain form) or a passkey; signing in with a passkey
 * alone (POST /admin/login/passkey/options, then /admin/login/passkey: JSON, with JavaScript); and
 * POST /admin/logout.
 */
export function registerLoginRoutes(admin: FastifyInstance, options: LoginRouteOptions): void {
  const { accounts, throttle, pages, audit, recoveryCodes, now, checks } = options;
  const { keysOf, allowed } = checks;
  /** The sign-in form again (the password step, or the code step) with why, as a page or as JSON. */
  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
    form: { email: string } & Partial<ReturnType<typeof codeStepOf>>,
  ) =>
    answersJson(request, 'json-body')
      ? reply.code(status).send({ error: status === 429 ? 'Too Many Requests' : 'Unauthorized', message })
      : pages.sendPrivate(
          reply,
          ADMIN_PATHS.desk,
          { admin: { signedIn: false, csrfToken: reply.csrfToken(), ...form, loginError: message } },
          status,
        );
  const finishSignIn = signInFinisher(options);

  admin.post<{ Body: { email?: unknown; password?: unknown; remember?: unknown } }>(
    ADMIN_PATHS.login,
    { config: { access: 'public' } },
    async (request, reply) => {
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const password = typeof request.body?.password === 'string' ? request.body.password : '';
      // A ticked checkbox without JavaScript ("on"), or true with it.
      const remember = request.body?.remember === 'on' || request.body?.remember === true;
      const keys = keysOf(request, email);
      const owner = accounts.get();
      const device = owner?.email.toLowerCase() === email.toLowerCase() ? knownDevice(request, owner) : null;
      const verdict = allowed(request, reply, keys, device);
      if (!verdict.allowed) return refuse(request, reply, 429, verdict.message, { email });
      const account = email && password ? await accounts.authenticate(email, password) : null;
      if (!account) {
        request.log.warn({ emailHash: keys.emailHash }, 'admin sign-in failed');
        // Never the typed e-mail itself (it may be a password typed in the wrong box).
        const [who, why] =
          owner?.email.toLowerCase() === email.toLowerCase()
            ? [owner.email, 'wrong password']
            : ['unknown', 'not the admin e-mail address'];
        audit.record(who, 'sign-in failed', null, why, seenFrom(request));
        return refuse(request, reply, 401, ADMIN_TEXT.loginFailed, { email });
      }
      if (!secondFactorOn(options, account.id)) {
        throttle.succeeded(verdict.counted);
        return finishSignIn(request, reply, account, { remember });
      }
      // The password alone no longer signs in: the attempt stays counted until the code is right too.
      request.session.set('passwordOk', {
        adminId: account.id,
        credentialsAt: account.updatedAt,
        at: now(),
        counted: verdict.counted,
        remember,
      });
      return answersJson(request, 'json-body')
        ? reply.send({ ok: false, step: 'code' })
        : reply.redirect(ADMIN_PATHS.desk, 303);
    },
  );

  // The second step: a code from the authenticator app, or a recovery code; counted like a password.
  admin.post<{ Body: { code?: unknown; recoveryCode?: unknown } }>(
    ADMIN_PATHS.loginCode,
    { config: { access: 'public' } },
    async (request, reply) => {
      const pending = awaitingSecondStep(request, accounts, now());
      if (!pending) {
        request.session.set('passwordOk', undefined);
        return refuse(request, reply, 401, ADMIN_TEXT.codeExpired, { email: '' });
      }
      const typed = typedCode(request.body?.code, request.body?.recoveryCode);
      const keys = keysOf(request, pending.email);
      const step = codeStepOf(options, pending);
      const verdict = allowed(request, reply, keys, knownDevice(request, pending));
      if (!verdict.allowed) return refuse(request, reply, 429, verdict.message, step);
      const factor = checks.secondFactor(pending.id, typed);
      const { byApp } = factor;
      if (!factor.right) {
        request.log.warn({ emailHash: keys.emailHash }, 'admin sign-in failed at the second step');
        audit.record(pending.email, 'sign-in failed', null, wrongCode(factor), seenFrom(request));
        checks.secondFactorFailed(request, pending);
        const failed = step.factors.authenticator ? ADMIN_TEXT.codeFailed : ADMIN_TEXT.recoveryCodeFailed;
        return refuse(request, reply, 401, checks.codeRefusal(factor, failed), step);
      }
      throttle.succeeded([...pending.counted, ...verdict.counted]);
      const { counted: _counted, remember, ...account } = pending;
      const left = recoveryCodes.unused(account.id);
      return finishSignIn(request, reply, account, {
        how: byApp ? 'with an authenticator code' : `with a recovery code (${left} left)`,
        remember,
      });
    },
  );

  passkeySignInRoutes(admin, options, finishSignIn);

  // Its CSRF token is checked only when signed in (admin-auth.ts).
  admin.post(ADMIN_PATHS.logout, { config: { access: 'public' } }, async (request, reply) => {
    await signOut(request, reply);
    return answersJson(request, 'json-body') ? reply.code(204).send() : reply.redirect(ADMIN_PATHS.desk, 303);
  });
}

/**
 * A passkey (JSON, with JavaScript): alone, a discoverable one (no e-mail asked); after a right
 * password, one of that account's. The challenge is kept in the session, good once, for 5 minutes.
 */
function passkeySignInRoutes(
  admin: FastifyInstance,
  { accounts, throttle, passkeys, now, checks }: LoginRouteOptions,
  finishSignIn: ReturnType<typeof signInFinisher>,
): void {
  admin.post(
    ADMIN_PATHS.loginPasskeyOptions,
    // Anyone may ask, and it writes a session: limited per client network like the other public work.
    { config: { access: 'public', rateLimit: PASSKEY_OPTIONS_LIMIT } },
    async (request, reply) => {
      const pending = awaitingSecondStep(request, accounts, now());
      const challengeOptions = await passkeys.signInOptions(pending?.id);
      rememberChallenge(request, pending ? 'second-step' : 'sign-in', challengeOptions.challenge, now());
      return reply.send(challengeOptions);
    },
  );

  // Counted in the throttle like a password; a passkey alone must have checked who holds it (user
  // verification), after the password its presence is enough.
  admin.post<{ Body: { response?: unknown; remember?: unknown } }>(
    ADMIN_PATHS.loginPasskey,
    { config: { access: 'public' } },
    async (request, reply) => {
      const pending = awaitingSecondStep(request, accounts, now());
      const challenge = takeChallenge(request, pending ? 'second-step' : 'sign-in', now());
      const account = accounts.get();
      const proof = await checks.passkey(request, reply, {
        account,
        challenge,
        requireUserVerification: !pending,
        context: pending ? 'signing in after the password' : 'signing in',
      });
      if (!proof.ok) {
        if (pending && proof.answered.statusCode === 401) checks.secondFactorFailed(request, pending);
        return proof.answered;
      }
      throttle.succeeded([...(pending?.counted ?? []), ...proof.counted]);
      // After the password, remembered as that step asked; a passkey alone, as its own box asks.
      return pending
        ? finishSignIn(request, reply, proof.account, {
            how: `with a passkey (${proof.name})`,
            remember: pending.remember,
          })
        : finishSignIn(request, reply, proof.account, {
            how: `with a passkey alone (${proof.name})`,
            password: false,
            remember: request.body?.remember === true,
          });
    },
  );
}
