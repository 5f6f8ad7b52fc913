import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS, type RiskyWhat } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { adminAddress } from './after-sign-in.js';
import { confirmed, type ConfirmationOptions } from './confirmation.js';
import { rememberChallenge, takeChallenge } from './second-factor/passkey-challenge.js';

/** The texts a confirming form may send back as its `what`. */
const what = { type: 'string', enum: Object.values(RISKY_ACTIONS) } as const;
const returnTo = { type: 'string', maxLength: 2000 } as const;

/** The routes of "Confirm it's you": with a passkey alone, and /admin/confirm for scripts and downloads. */
export function registerConfirmRoutes(admin: FastifyInstance, options: ConfirmationOptions): void {
  const { passkeys, throttle, checks, now } = options;

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
      confirmed(options, request, proof.account, `with a passkey (${proof.name}), to ${what}`);
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
