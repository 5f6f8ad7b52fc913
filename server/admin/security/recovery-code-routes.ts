import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import { RECOVERY_CODE_COUNT } from '../auth/second-factor/recovery-codes.js';
import { secondFactorOn, type SecondFactor } from '../auth/second-factor/second-factor.js';
import { factorChangeRoute, SECURITY_DONE, type SecurityKit } from './security-kit.js';

/** What a recovery code looks like when the page sends it back to download: xxxxx-xxxxx. */
const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

/** New recovery codes, made anew while a factor is on: they replace the old ones, shown this once. */
export function renewRecoveryCodesRoutes(admin: FastifyInstance, options: SecondFactor, kit: SecurityKit) {
  const { recoveryCodes } = options;
  const { changed, show } = kit;
  // New codes replace the old ones.
  const anyFactorOn = (accountId: number) => secondFactorOn(options, accountId);
  const renew = RISKY_ACTIONS.renewCodes;
  factorChangeRoute(
    admin,
    ADMIN_PATHS.securityRecoveryCodes,
    renew,
    anyFactorOn,
    async (request, reply, accountId, email) => {
      const codes = recoveryCodes.replace(accountId);
      changed(
        email,
        'recovery codes made anew',
        `${RECOVERY_CODE_COUNT} recovery codes`,
        `${RECOVERY_CODE_COUNT} new recovery codes made; the old ones no longer work`,
      );
      return show(request, reply, { newRecoveryCodes: codes, message: SECURITY_DONE.codes });
    },
  );
}

/** The codes the page shows, as a text file: the server keeps only their hashes, so the page sends them. */
export function recoveryCodesFileRoutes(admin: FastifyInstance, { issuer }: Pick<SecurityKit, 'issuer'>) {
  admin.post<{ Body: { codes?: string | string[] } }>(
    ADMIN_PATHS.securityRecoveryCodesFile,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            codes: {
              anyOf: [
                { type: 'string', pattern: RECOVERY_CODE_PATTERN.source },
                {
                  type: 'array',
                  maxItems: RECOVERY_CODE_COUNT,
                  items: { type: 'string', pattern: RECOVERY_CODE_PATTERN.source },
                },
              ],
            },
          },
          required: ['codes'],
        },
      },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const codes = ([] as string[]).concat(request.body.codes ?? []);
      const text = [
        `Recovery codes for the admin of ${issuer()} (${request.adminAccount!.email})`,
        'Each code signs in once, in place of a code from your authenticator app or a passkey. Keep them somewhere safe.',
        '',
        ...codes,
        '',
      ].join('\n');
      return sendAttachment(reply, { name: 'recovery-codes.txt', type: 'text/plain; charset=utf-8' }, text);
    },
  );
}
