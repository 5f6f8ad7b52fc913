import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFIRM_FIELDS, FRESH_SIGN_IN_MINUTES } from '../../../shared/admin/confirm.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { showConfirmPage, type RiskyAction } from './confirm-page.js';
import { registerConfirmRoutes } from './confirm-routes.js';
import { confirmWithPassword, type ConfirmationOptions } from './confirmation.js';
import { typedCode } from './sign-in-checks.js';

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
export function registerFreshSignIn(admin: FastifyInstance, options: ConfirmationOptions): void {
  const { now } = options;

  const riskOf = (request: FastifyRequest): RiskyAction | null => {
    const risky = request.routeOptions.config.risky;
    return typeof risky === 'function' ? risky(request) : (risky ?? null);
  };
  const isFresh = (request: FastifyRequest) => {
    const at = request.session.get('confirmedAt');
    return at !== undefined && now() - at <= FRESH_SIGN_IN_MS && now() >= at;
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
    if (request.confirmation)
      return (await confirmWithPassword(options, request, reply, account, risk, request.confirmation)) ?? undefined;
    if (answersJson(request, 'json-body-or-accept'))
      return reply.code(401).send({
        error: 'Unauthorized',
        message: `Please confirm it's you to ${risk.what}.`,
        confirm: true,
      });
    return showConfirmPage(options, request, reply, risk, null, 401);
  });

  registerConfirmRoutes(admin, options);
}
