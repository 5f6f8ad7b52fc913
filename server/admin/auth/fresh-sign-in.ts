import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONFIRM_FIELDS,
  FRESH_SIGN_IN_MINUTES,
  RISKY_ACTIONS,
  type AdminConfirmPage,
  type RiskyWhat,
} from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import { answersJson } from '../../platform/http/negotiation.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { AdminAccount, AdminAccounts } from './admin-accounts.js';
import { adminAddress } from './after-sign-in.js';
import { knownDevice } from './device-cookie.js';
import type { LoginThrottle } from './login-throttle.js';
import { rememberChallenge, takeChallenge } from './second-factor/passkey-challenge.js';
import { factorsOf, secondFactorOn, type SecondFactor } from './second-factor/second-factor.js';
import { typedCode, wrongCode, type SignInChecks } from './sign-in-checks.js';

/** A risky action, as its route names it: what it does ("export the enquiries"), and whether it is a download. */
export interface RiskyAction {
  what: RiskyWhat;
  download?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A risky action: it needs a sign-in within FRESH_SIGN_IN_MINUTES, else the admin is asked to
     * confirm it is them first. A function decides per request (null: this request is not risky).
     */
    risky?: RiskyAction | ((request: FastifyRequest) => RiskyAction | null);
  }
  interface FastifyRequest {
    /** The password (and code) a confirming form sent with the action, taken out of its body. */
    confirmation: { password: string; code: string } | null;
    /** The action's form values as sent, to send again after confirming (null: not a risky action). */
    sentFields: [string, string][] | null;
  }
}

const FRESH_SIGN_IN_MS = FRESH_SIGN_IN_MINUTES * 60 * 1000;
/** The texts a confirming form may send back as its `what`. */
const what = { type: 'string', enum: Object.values(RISKY_ACTIONS) } as const;
const returnTo = { type: 'string', maxLength: 2000 } as const;

const CONFIRM_FAILED = { withCode: 'That password or code is not right.', passwordOnly: 'That password is not right.' };

export interface FreshSignInOptions extends SecondFactor {
  accounts: AdminAccounts;
  throttle: LoginThrottle;
  checks: SignInChecks;
  audit: AuditLog;
  pages: PageRenderer;
  timeZone: string;
  now: () => number;
}

/** A form's values as name and text pairs (a list as its name repeated); anything else is not a form's. */
const fieldsOf = (body: unknown): [string, string][] =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.entries(body).flatMap(([name, value]) =>
        [value]
          .flat()
          .filter((item) => ['string', 'number', 'boolean'].includes(typeof item))
          .map((item): [string, string] => [name, String(item)]),
      )
    : [];

/**
 * Risky actions need a fresh sign-in (OWASP's re-authentication): an admin who signed in (or last
 * confirmed) more than FRESH_SIGN_IN_MINUTES ago is shown "Confirm it's you" instead, asking for the
 * password and, when codes are on, a code. That form sends the action's own values again, so the
 * action then goes on as first asked: a form posts back to the action itself; a download posts to
 * /admin/confirm, which sends the browser on to it. Attempts count in the sign-in throttle, and each
 * confirmation or failure is audit-logged. Its preValidation hook only takes the confirming fields out
 * of the body; its preHandler hook runs after the CSRF check and the admin guard.
 */
export function registerFreshSignIn(admin: FastifyInstance, options: FreshSignInOptions): void {
  const { accounts, passkeys, throttle, checks, audit, pages, now } = options;

  const riskOf = (request: FastifyRequest): RiskyAction | null => {
    const risky = request.routeOptions.config.risky;
    return typeof risky === 'function' ? risky(request) : (risky ?? null);
  };
  const isFresh = (request: FastifyRequest) => {
    const at = request.session.get('confirmedAt');
    return at !== undefined && now() - at <= FRESH_SIGN_IN_MS && now() >= at;
  };

  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    risk: RiskyAction,
    error: string | null,
    status: number,
  ) => {
    const account = request.adminAccount!;
    const viaConfirm = request.method === 'GET';
    // Asked for at /admin/confirm itself (by a script): back to where it says, not to itself.
    const back =
      request.routeOptions.url === ADMIN_PATHS.confirm
        ? (adminAddress((request.query as { returnTo?: string }).returnTo) ?? ADMIN_PATHS.desk)
        : request.url;
    const page: AdminConfirmPage = {
      ...reply.signedIn(),
      screen: 'confirm',
      what: risk.what,
      action: viaConfirm ? ADMIN_PATHS.confirm : request.url,
      fields: viaConfirm
        ? [
            ['returnTo', back],
            ['what', risk.what],
            ['download', risk.download ? 'yes' : 'no'],
          ]
        : (request.sentFields ?? []),
      download: risk.download === true,
      factors: factorsOf(options, account.id),
      error,
    };
    return pages.sendPrivate(reply, new URL(request.url, 'http://admin.invalid').pathname, { admin: page }, status);
  };

  /** The session is fresh again, and the audit log says how and what for. */
  const confirmed = (request: FastifyRequest, account: AdminAccount, how: string) => {
    request.session.set('confirmedAt', now());
    audit.record(account.email, 'sign-in confirmed', null, how);
  };

  /** Checks the password (and code) the form sent: null when right (the session is fresh again), else the answer. */
  const confirm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: AdminAccount,
    risk: RiskyAction,
    sent: { password: string; code: string },
  ): Promise<FastifyReply | null> => {
    const keys = checks.keysOf(request, account.email);
    const verdict = checks.allowed(request, reply, keys, knownDevice(request, account));
    if (!verdict.allowed) return show(request, reply, risk, verdict.message, 429);
    const factorOn = secondFactorOn(options, account.id);
    const passwordRight = (await accounts.authenticate(account.email, sent.password)) !== null;
    const factor = passwordRight && factorOn ? checks.secondFactor(account.id, sent.code) : null;
    if (!passwordRight || (factor && !factor.right)) {
      request.log.warn({ emailHash: keys.emailHash }, 'admin confirmation failed');
      const wrong = passwordRight ? wrongCode(factor!) : 'wrong password';
      audit.record(account.email, 'sign-in failed', null, `${wrong}, confirming to ${risk.what}`);
      if (passwordRight) checks.secondFactorFailed(request, account);
      const failed = factorOn ? CONFIRM_FAILED.withCode : CONFIRM_FAILED.passwordOnly;
      return show(request, reply, risk, factor ? checks.codeRefusal(factor, failed) : failed, 401);
    }
    throttle.succeeded(verdict.counted);
    const how = !factor
      ? 'with the password'
      : factor.byApp
        ? 'with the password and an authenticator code'
        : `with the password and a recovery code (${options.recoveryCodes.unused(account.id)} left)`;
    confirmed(request, account, `${how}, to ${risk.what}`);
    return null;
  };

  admin.decorateRequest('confirmation', null);
  admin.decorateRequest('sentFields', null);

  // Before validation: the confirming fields come out of the body, so the action sees only its own.
  admin.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.risky || !request.body || typeof request.body !== 'object') return;
    const body = request.body as Record<string, unknown>;
    const {
      [CONFIRM_FIELDS.password]: password,
      [CONFIRM_FIELDS.code]: code,
      [CONFIRM_FIELDS.recoveryCode]: recoveryCode,
      _csrf: _token,
      ...own
    } = body;
    for (const field of Object.values(CONFIRM_FIELDS)) delete body[field];
    request.sentFields = fieldsOf(own);
    if (typeof password === 'string') request.confirmation = { password, code: typedCode(code, recoveryCode) };
  });

  admin.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.risky) return;
    const risk = riskOf(request);
    if (!risk) return;
    const account = request.adminAccount;
    // The guard answers a signed-out request before this; should a risky route ever be public, refuse.
    if (!account) return reply.code(401).send({ error: 'Unauthorized', message: 'Please sign in.' });
    if (isFresh(request)) return;
    if (request.confirmation) return (await confirm(request, reply, account, risk, request.confirmation)) ?? undefined;
    if (answersJson(request, 'json-body-or-accept'))
      return reply.code(401).send({
        error: 'Unauthorized',
        message: `Please confirm it's you to ${risk.what}.`,
        confirm: true,
      });
    return show(request, reply, risk, null, 401);
  });

  // A passkey alone (JSON, with JavaScript): one of the account's, which must check who holds it
  // (user verification), as for signing in with it alone. The page then sends its form, now fresh.
  admin.post(ADMIN_PATHS.confirmPasskeyOptions, async (request, reply) => {
    const challengeOptions = await passkeys.signInOptions(request.adminAccount!.id);
    rememberChallenge(request, 'confirm', challengeOptions.challenge, now());
    return reply.send(challengeOptions);
  });
  admin.post<{ Body: { response?: unknown; what: RiskyWhat } }>(
    ADMIN_PATHS.confirmPasskey,
    { schema: { body: { type: 'object', properties: { response: { type: 'object' }, what }, required: ['what'] } } },
    async (request, reply) => {
      const { what } = request.body;
      const proof = await checks.passkey(request, reply, {
        account: request.adminAccount!,
        challenge: takeChallenge(request, 'confirm', now()),
        requireUserVerification: true,
        context: `confirming to ${what}`,
      });
      if (!proof.ok) return proof.answered;
      throttle.succeeded(proof.counted);
      confirmed(request, proof.account, `with a passkey (${proof.name}), to ${what}`);
      return reply.code(204).send();
    },
  );

  // Asked for by a script (adding a passkey): the question as a page, then back to `returnTo`.
  admin.get<{ Querystring: { returnTo?: string; what: RiskyWhat } }>(
    ADMIN_PATHS.confirm,
    {
      schema: { querystring: { type: 'object', properties: { returnTo, what }, required: ['what'] } },
      config: { access: 'redirect', risky: (request) => ({ what: (request.query as { what: RiskyWhat }).what }) },
    },
    async (request, reply) => reply.redirect(adminAddress(request.query.returnTo) ?? ADMIN_PATHS.desk, 303),
  );

  // A download confirmed (or a page such as setting up codes): on to it, with the session fresh.
  admin.post<{ Body: { returnTo: string; what: RiskyWhat; download?: string } }>(
    ADMIN_PATHS.confirm,
    {
      schema: {
        body: {
          type: 'object',
          properties: { returnTo, what, download: { type: 'string', enum: ['yes', 'no'] } },
          required: ['returnTo', 'what'],
        },
      },
      config: {
        access: 'redirect',
        risky: (request) => {
          const body = request.body as { what: RiskyWhat; download?: string };
          return { what: body.what, download: body.download === 'yes' };
        },
      },
    },
    async (request, reply) => reply.redirect(adminAddress(request.body.returnTo) ?? ADMIN_PATHS.desk, 303),
  );
}
