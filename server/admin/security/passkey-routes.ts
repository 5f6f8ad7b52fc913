import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { PASSKEY_NAME_MAX } from '../../../shared/admin/security.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import { rememberChallenge, takeChallenge } from '../auth/second-factor/passkey-challenge.js';
import { RECOVERY_CODE_COUNT } from '../auth/second-factor/recovery-codes.js';
import { afterFactorRemoved, secondFactorOn } from '../auth/second-factor/second-factor.js';
import { CODES_MADE, STILL_ASKED, type SecurityKit, type SecurityRouteOptions } from './security-kit.js';

const PASSKEY_SETUP_EXPIRED = 'Adding the passkey took too long, or was started on another page. Please try again.';
const PASSKEY_REFUSED = 'That passkey could not be added. Please try again.';
const PASSKEY_NAME_TOO_LONG = `A passkey’s name can be at most ${PASSKEY_NAME_MAX} characters.`;

/**
 * Passkeys added (JSON, with JavaScript: WebAuthn needs it; the first factor makes the recovery codes)
 * and removed (a plain form; the last factor gone takes the recovery codes with it).
 */
export function passkeyRoutes(
  admin: FastifyInstance,
  options: Pick<SecurityRouteOptions, 'authenticator' | 'passkeys' | 'recoveryCodes' | 'now' | 'timeZone'>,
  kit: SecurityKit,
) {
  const { passkeys } = options;
  const { issuer, changed, pageData, codesIfFirst } = kit;

  // Adding a passkey (JSON, with JavaScript): the options for navigator.credentials.create(), with a
  // challenge kept in the session (good once, for 5 minutes); then the browser's answer and the name.
  admin.post(
    ADMIN_PATHS.securityPasskeyOptions,
    { config: { risky: { what: RISKY_ACTIONS.addPasskey } } },
    async (request, reply) => {
      const account = request.adminAccount!;
      const creation = await passkeys.registrationOptions(account, issuer());
      rememberChallenge(request, 'register', creation.challenge, options.now());
      return reply.send(creation);
    },
  );

  // The first factor turned on makes the recovery codes, shown this once: the answer is the screen's
  // data after the change, for the page to show in place.
  admin.post<{ Body: { name?: string; response?: RegistrationResponseJSON } }>(
    ADMIN_PATHS.securityPasskeys,
    {
      schema: {
        body: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 200 }, response: { type: 'object' } },
        },
      },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      const challenge = takeChallenge(request, 'register', options.now());
      const refuse = (message: string, reason: string) => {
        request.log.warn({ reason }, 'admin passkey not added');
        return reply.code(400).send({ error: 'Bad Request', message });
      };
      if (challenge === null) return refuse(PASSKEY_SETUP_EXPIRED, 'no challenge given, or an old one');
      const at = new Date(options.now());
      const name = request.body.name?.trim() || `Passkey added ${dayInZone(at, options.timeZone)}`;
      if (name.length > PASSKEY_NAME_MAX) return refuse(PASSKEY_NAME_TOO_LONG, 'name too long');
      const first = !secondFactorOn(options, account.id);
      const added = await passkeys.register(account.id, request.body.response!, challenge, name, at);
      if (!added.ok) return refuse(PASSKEY_REFUSED, added.reason);
      const codes = codesIfFirst(account.id, first);
      changed(
        account.email,
        'passkey added',
        codes ? `${name}; ${CODES_MADE}` : name,
        codes ? `Passkey “${name}” added, with ${RECOVERY_CODE_COUNT} new recovery codes` : `Passkey “${name}” added`,
      );
      request.log.info('admin added a passkey');
      return reply.send(
        pageData(request, reply, {
          newRecoveryCodes: codes,
          message: codes
            ? `The passkey “${name}” is added: it signs in on its own. Your password alone no longer does: ${STILL_ASKED}.`
            : `The passkey “${name}” is added.`,
        }),
      );
    },
  );

  // Removing a passkey: a plain form. The last factor gone takes the recovery codes with it.
  admin.post<{ Params: { id: number } }>(
    ADMIN_PATHS.securityPasskeyRemove,
    {
      schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } },
      config: { access: 'redirect', risky: { what: RISKY_ACTIONS.removePasskey } },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      const name = passkeys.remove(account.id, request.params.id);
      if (name === null) return reply.redirect(ADMIN_PATHS.security, 303);
      afterFactorRemoved(options, account.id);
      const last = !secondFactorOn(options, account.id);
      changed(
        account.email,
        'passkey removed',
        last ? `${name}; the recovery codes removed` : name,
        last ? `Passkey “${name}” removed; the recovery codes no longer work` : `Passkey “${name}” removed`,
      );
      request.log.info('admin removed a passkey');
      return reply.redirect(`${ADMIN_PATHS.security}?done=${last ? 'passkeys-off' : 'passkey-removed'}`, 303);
    },
  );
}
