import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { EMAIL_CHANGE_TEXT } from '../../../shared/admin/texts.js';
import { authenticatorRoutes } from './authenticator-routes.js';
import { registerEmailChange } from './email-change.js';
import { passkeyRoutes } from './passkey-routes.js';
import { registerPasswordChange } from './password-change.js';
import { recoveryCodesFileRoutes, renewRecoveryCodesRoutes } from './recovery-code-routes.js';
import { SECURITY_DONE, securityKit, type SecurityRouteOptions } from './security-kit.js';
import { registerSignOutEverywhere } from './sign-out-everywhere.js';

/**
 * /admin/security: turning authenticator codes on (a QR code and the secret as text, then the first
 * code confirms) and off, passkeys added (with JavaScript: WebAuthn needs it) and removed, and the
 * recovery codes (shown once, downloadable as a text file, made anew). Everything but adding a passkey
 * is a plain form: it works the same without JavaScript. Every change needs a fresh sign-in
 * (fresh-sign-in.ts; adding a passkey at its first step, the challenge), is written to the audit log
 * and e-mailed to NOTIFY_TO.
 */
export default async function securityRoutes(admin: FastifyInstance, options: SecurityRouteOptions) {
  const { authenticator } = options;
  registerSignOutEverywhere(admin, options);

  const kit = securityKit(options);
  const { issuer, show, refuse } = kit;
  registerPasswordChange(admin, { ...options, refuse });
  const emailChangeAsked = registerEmailChange(admin, { ...options, siteUrl: options.config.site.siteUrl, refuse });

  admin.get<{ Querystring: { setup?: string; done?: keyof typeof SECURITY_DONE; email?: string } }>(
    ADMIN_PATHS.security,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            setup: { type: 'string', enum: ['authenticator'] },
            done: { type: 'string', enum: Object.keys(SECURITY_DONE) },
            email: { type: 'string', maxLength: 2000 },
          },
        },
      },
      config: {
        access: 'redirect',
        risky: (request) =>
          (request.query as { setup?: string }).setup === 'authenticator' ? { what: RISKY_ACTIONS.setUpCodes } : null,
      },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      const setup = request.query.setup === 'authenticator' && !authenticator.isOn(account.id);
      const emailChange = emailChangeAsked(request.query.email, account);
      const linkGone = request.query.email !== undefined && !emailChange;
      return show(request, reply, {
        enrolment: setup ? authenticator.newEnrolment(issuer(), account.email) : null,
        emailChange,
        message: request.query.done ? SECURITY_DONE[request.query.done] : null,
        error: linkGone ? { form: 'email', message: EMAIL_CHANGE_TEXT.expired } : null,
      });
    },
  );

  authenticatorRoutes(admin, options, kit);
  renewRecoveryCodesRoutes(admin, options, kit);
  passkeyRoutes(admin, options, kit);
  recoveryCodesFileRoutes(admin, kit);
}
