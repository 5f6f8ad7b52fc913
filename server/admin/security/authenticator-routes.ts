import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { RECOVERY_CODE_COUNT } from '../auth/second-factor/recovery-codes.js';
import { afterFactorRemoved, secondFactorOn, type SecondFactor } from '../auth/second-factor/second-factor.js';
import { CODES_MADE, factorChangeRoute, type SECURITY_DONE, type SecurityKit } from './security-kit.js';

const FIRST_CODE_WRONG = 'That code is not right. Type the 6 digits your app shows now for this site.';
const SETUP_EXPIRED = 'The set-up took too long. Please scan the new QR code below.';
const code = { type: 'string', maxLength: 40 } as const;

/**
 * Authenticator codes turned on (the first code confirms the set-up; the first factor's recovery
 * codes are shown this once) and off (the last factor gone takes the recovery codes with it).
 */
export function authenticatorRoutes(admin: FastifyInstance, options: SecondFactor, kit: SecurityKit) {
  const { authenticator } = options;
  const { issuer, changed, show, codesIfFirst } = kit;

  // The first code confirms the set-up; then the recovery codes are made and shown this once.
  admin.post<{ Body: { sealed?: string; code?: string } }>(
    ADMIN_PATHS.securityAuthenticator,
    {
      schema: { body: { type: 'object', properties: { sealed: { type: 'string', maxLength: 400 }, code } } },
      config: { access: 'redirect', risky: { what: RISKY_ACTIONS.turnOnCodes } },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      if (authenticator.isOn(account.id)) return reply.redirect(ADMIN_PATHS.security, 303);
      const enrolment = authenticator.reopen(request.body.sealed ?? '', issuer(), account.email);
      if (!enrolment) {
        const fresh = authenticator.newEnrolment(issuer(), account.email);
        return show(request, reply, { enrolment: fresh, error: { form: 'setup', message: SETUP_EXPIRED } }, 400);
      }
      const first = !secondFactorOn(options, account.id);
      if (!authenticator.confirm(account.id, enrolment.secret, request.body.code ?? '')) {
        return show(request, reply, { enrolment, error: { form: 'setup', message: FIRST_CODE_WRONG } }, 400);
      }
      const codes = codesIfFirst(account.id, first);
      changed(
        account.email,
        'authenticator codes turned on',
        codes && CODES_MADE,
        codes
          ? `Authenticator codes turned on, with ${RECOVERY_CODE_COUNT} new recovery codes`
          : 'Authenticator codes turned on',
      );
      request.log.info('admin turned authenticator codes on');
      return show(request, reply, {
        newRecoveryCodes: codes,
        message: 'Authenticator codes are on. From now on, signing in asks for a code after your password.',
      });
    },
  );

  const turnOff = RISKY_ACTIONS.turnOffCodes;
  factorChangeRoute(
    admin,
    ADMIN_PATHS.securityAuthenticatorOff,
    turnOff,
    authenticator.isOn,
    async (request, reply, id, email) => {
      authenticator.turnOff(id);
      afterFactorRemoved(options, id);
      const still = secondFactorOn(options, id);
      changed(
        email,
        'authenticator codes turned off',
        null,
        still ? 'Authenticator codes turned off' : 'Authenticator codes turned off; the recovery codes no longer work',
      );
      request.log.info('admin turned authenticator codes off');
      const done: keyof typeof SECURITY_DONE = still ? 'off-passkeys-stay' : 'off';
      return reply.redirect(`${ADMIN_PATHS.security}?done=${done}`, 303);
    },
  );
}
