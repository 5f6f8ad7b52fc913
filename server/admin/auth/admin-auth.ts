import { createHmac } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import csrfProtection from '@fastify/csrf-protection';
import fastifySession from '@fastify/session';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_AREA } from '../../../shared/admin/area.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { SignedIn } from '../../../shared/admin/session.js';
import type { DB } from '../../platform/db/open-database.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { AdminAccounts } from './admin-accounts.js';
import { adminGuard } from './admin-guard.js';
import {
  awaitingSecondStep,
  LONGEST_SESSION_MS,
  resolveAdmin,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
} from './admin-session.js';
import { createLoginThrottle } from './login-throttle.js';
import { registerLoginRoutes } from './login-routes.js';
import { registerFreshSignIn } from './fresh-sign-in.js';
import { registerPasswordReset } from './password-reset-routes.js';
import { createSignInChecks } from './sign-in-checks.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import { isSameOrigin } from '../../platform/security/same-origin.js';
import { createSqliteSessionStore } from './session-store.js';
import type { AdminNotices } from '../notices/admin-notices.js';
import { codeStepOf, type SecondFactor } from './second-factor/second-factor.js';
import type { ServerConfig } from '../../config/load-config.js';
import { warnOnceOverPlainHttp } from '../../platform/http/plain-http-warning.js';

declare module 'fastify' {
  interface FastifyReply {
    /** A CSRF token for the page being sent: bound to the session once signed in. */
    csrfToken(): string;
    /** Sends the sign-in form: the code step when this browser gave the right password a moment ago. */
    sendSignIn(): Promise<FastifyReply>;
    /** What every signed-in screen carries (its CSRF token, the account, the unread count of the header). */
    signedIn(): SignedIn;
  }
}

export interface AdminAuthOptions extends SecondFactor {
  db: DB;
  /** The clock sign-in attempts are counted and delayed by. */
  now: () => number;
  accounts: AdminAccounts;
  pages: PageRenderer;
  secret: string;
  audit: AuditLog;
  /** The site's time zone (the confirming screen is a signed-in screen). */
  timeZone: string;
  notices: AdminNotices;
  /** In production, a request over plain HTTP is logged once (the cookies cannot be Secure); SITE_URL for the reset links. */
  config: Pick<ServerConfig, 'mode' | 'site'>;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a CSRF token is bound to (besides the secret in the signed cookie): the session of a signed-in
 * admin, so that a cookie and token obtained by someone else, even planted in the admin's browser,
 * are refused. A signed-out visitor's tokens are good for signing in only (nothing else is allowed
 * signed out), and the login form's token stays good for signing in whatever the session.
 */
const csrfBinding = (request: FastifyRequest) =>
  request.adminAccount && request.routeOptions.url !== ADMIN_PATHS.login
    ? `session:${request.session.sessionId}`
    : 'signed-out';

/**
 * Authentication under /admin, as one plugin: the cookies, the session, CSRF tokens, the same-origin
 * check, the admin guard, sign-in and sign-out. It is not encapsulated (fastify-plugin), so its hooks
 * apply to the admin's feature routes registered beside it; the public site, registered outside,
 * sees none of it. A request to the admin goes through, in order:
 * - onRequest: no-store and noindex; a change from another site refused (403); the session resolved;
 * - preValidation: a signed-out upload (multipart) answered by the guard before its body is read;
 *   a risky action's confirming fields (password, code) taken out of its body;
 * - preHandler: a change (POST, DELETE …) refused without its page's CSRF token (403), then any
 *   other signed-out request answered by the guard (401 or back to sign-in, by route: admin-guard.ts),
 *   then a risky action asks to confirm it is you when the sign-in is older than 10 minutes
 *   (fresh-sign-in.ts).
 * So a forged change is refused as such whether or not the sender is signed in.
 */
async function adminAuth(admin: FastifyInstance, options: AdminAuthOptions): Promise<void> {
  const { secret } = options;
  const sessionStore = createSqliteSessionStore(options.db, {
    defaultMaxAgeMs: SESSION_IDLE_MS,
    absoluteMaxAgeMs: LONGEST_SESSION_MS,
    log: admin.log,
  });
  const throttle = createLoginThrottle(options.db, options.now);
  throttle.sweep();
  const sweep = setInterval(() => throttle.sweep(), SWEEP_EVERY_MS).unref();
  admin.addHook('onClose', async () => {
    sessionStore.close();
    clearInterval(sweep);
  });

  const privateCookie = { path: ADMIN_AREA, httpOnly: true, sameSite: 'strict', secure: 'auto' } as const;
  await admin.register(fastifyCookie, { secret });
  // rolling: false: a session is written when it changes (sign-in, the last-seen minute), not on every
  // request. No maxAge: each write sets the cookie's Expires to the session's end (admin-session.ts).
  await admin.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    store: sessionStore,
    saveUninitialized: false,
    rolling: false,
    cookie: { ...privateCookie },
  });
  // CSRF secrets in a signed cookie, not in the session: a visitor who is not signed in writes nothing.
  await admin.register(csrfProtection, {
    cookieKey: 'forge_csrf',
    cookieOpts: { ...privateCookie, signed: true },
    getUserInfo: csrfBinding,
    csrfOpts: { hmacKey: createHmac('sha256', secret).update('admin CSRF tokens').digest() },
  });
  admin.decorateReply('csrfToken', function (this: FastifyReply) {
    return this.generateCsrf({ userInfo: csrfBinding(this.request) });
  });

  // From the counts the triggers keep (a few dozen rows): cheap enough for every admin page.
  const unread = options.db
    .prepare<[], number>("SELECT coalesce(sum(n), 0) FROM enquiry_counts WHERE view = 'unread'")
    .pluck();
  // From the partial index of failed replies (enquiries_reply_failed): a handful of rows at most.
  const repliesNotSent = options.db
    .prepare<[], number>("SELECT count(*) FROM enquiries WHERE reply_status = 'failed' AND trashed_at IS NULL")
    .pluck();
  admin.decorateReply('signedIn', function (this: FastifyReply): SignedIn {
    return {
      signedIn: true,
      csrfToken: this.csrfToken(),
      email: this.request.adminAccount!.email,
      timeZone: options.timeZone,
      unread: unread.get() ?? 0,
      repliesNotSent: repliesNotSent.get() ?? 0,
    };
  });

  admin.decorateReply('sendSignIn', function (this: FastifyReply) {
    const pending = awaitingSecondStep(this.request, options.accounts, options.now());
    const form = pending ? codeStepOf(options, pending) : {};
    return options.pages.sendPrivate(this, ADMIN_PATHS.desk, {
      admin: { signedIn: false, csrfToken: this.csrfToken(), ...form },
    });
  });

  if (options.config.mode === 'production') admin.addHook('onRequest', warnOnceOverPlainHttp(admin.log));
  admin.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    // A change sent from another site is refused before anything else (the CSRF token is checked too);
    // the error handler answers a form with a page and a script with JSON.
    if (MUTATING.has(request.method) && !isSameOrigin(request)) {
      throw Object.assign(new Error('This request came from another site.'), { statusCode: 403 }) as FastifyError;
    }
  });
  admin.decorateRequest('adminAccount', null);
  admin.addHook('onRequest', resolveAdmin(options.accounts));

  // A signed-out upload is answered before its body is read: its files would go to disk first.
  admin.addHook('preValidation', async (request, reply) => {
    if (request.headers['content-type']?.startsWith('multipart/')) return adminGuard(request, reply);
  });
  // Signed out already (the session ended while the page was open), Logout has nothing to protect:
  // the page's token belonged to the ended session, and the answer is the same as signed in.
  const checkCsrf: preHandlerHookHandler = (request, reply, done) => {
    if (!MUTATING.has(request.method) || (request.routeOptions.url === ADMIN_PATHS.logout && !request.adminAccount))
      return done();
    admin.csrfProtection(request, reply, done);
  };
  admin.addHook('preHandler', checkCsrf);
  admin.addHook('preHandler', adminGuard);

  const checks = createSignInChecks({ ...options, throttle });
  registerFreshSignIn(admin, { ...options, throttle, checks });
  registerLoginRoutes(admin, { ...options, throttle, checks });
  registerPasswordReset(admin, { ...options, throttle, checks });
}

export default fp(adminAuth, { name: 'admin-auth', fastify: '5.x' });
