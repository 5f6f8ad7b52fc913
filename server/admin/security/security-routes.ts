import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import type { AuditAction, AuditLog } from '../../platform/db/audit-log.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { Authenticator } from '../auth/second-factor/authenticator.js';
import { RECOVERY_CODE_COUNT, type RecoveryCodes } from '../auth/second-factor/recovery-codes.js';
import type { AdminNotices } from '../notices/admin-notices.js';

export interface SecurityRouteOptions {
  authenticator: Authenticator;
  recoveryCodes: RecoveryCodes;
  audit: AuditLog;
  notices: AdminNotices;
  pages: PageRenderer;
  content: SiteContentService;
  timeZone: string;
  now: () => number;
}

const DONE = {
  off: 'Authenticator codes are off. Your password alone signs in again.',
  codes: 'New recovery codes are below; the old ones no longer work.',
} as const;
const FIRST_CODE_WRONG = 'That code is not right. Type the 6 digits your app shows now for this site.';
const SETUP_EXPIRED = 'The set-up took too long. Please scan the new QR code below.';

const code = { type: 'string', maxLength: 40 } as const;
/** What a recovery code looks like when the page sends it back to download: xxxxx-xxxxx. */
const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

/**
 * /admin/security: turning authenticator codes on (a QR code and the secret as text, then the first
 * code confirms) and off, and the recovery codes (shown once, downloadable as a text file, made anew).
 * Plain forms: they work the same without JavaScript. Every change is written to the audit log and
 * e-mailed to NOTIFY_TO.
 */
export default async function securityRoutes(admin: FastifyInstance, options: SecurityRouteOptions) {
  const { authenticator, recoveryCodes, audit, notices, pages } = options;
  const issuer = () => options.content.current().content.company.name;

  /** A change to the second factor: in the audit log, and e-mailed to the owner (in the background). */
  const changed = (email: string, action: AuditAction, detail: string | null, notice: string) => {
    audit.record(email, action, null, detail);
    void notices.factorChanged({ email }, notice);
  };

  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Partial<Pick<AdminSecurityPage, 'enrolment' | 'newRecoveryCodes' | 'message' | 'error'>>,
    status = 200,
  ) => {
    const account = request.adminAccount!;
    const data: AdminSecurityPage = {
      signedIn: true,
      screen: 'security',
      csrfToken: reply.csrfToken(),
      email: account.email,
      timeZone: options.timeZone,
      authenticatorOn: authenticator.isOn(account.id),
      recoveryCodesLeft: recoveryCodes.unused(account.id),
      enrolment: null,
      newRecoveryCodes: null,
      message: null,
      error: null,
      ...page,
    };
    return pages.sendPrivate(reply, ADMIN_PATHS.security, { admin: data }, status);
  };

  admin.get<{ Querystring: { setup?: string; done?: keyof typeof DONE } }>(
    ADMIN_PATHS.security,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            setup: { type: 'string', enum: ['authenticator'] },
            done: { type: 'string', enum: Object.keys(DONE) },
          },
        },
      },
      config: {
        access: 'redirect',
        risky: (request) =>
          (request.query as { setup?: string }).setup === 'authenticator'
            ? { what: 'set up authenticator codes' }
            : null,
      },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      const setup = request.query.setup === 'authenticator' && !authenticator.isOn(account.id);
      return show(request, reply, {
        enrolment: setup ? authenticator.newEnrolment(issuer(), account.email) : null,
        message: request.query.done ? DONE[request.query.done] : null,
      });
    },
  );

  // The first code confirms the set-up; then the recovery codes are made and shown this once.
  admin.post<{ Body: { sealed?: string; code?: string } }>(
    ADMIN_PATHS.securityAuthenticator,
    {
      schema: { body: { type: 'object', properties: { sealed: { type: 'string', maxLength: 400 }, code } } },
      config: { access: 'redirect', risky: { what: 'turn on authenticator codes' } },
    },
    async (request, reply) => {
      const account = request.adminAccount!;
      if (authenticator.isOn(account.id)) return reply.redirect(ADMIN_PATHS.security, 303);
      const enrolment = authenticator.reopen(request.body.sealed ?? '', issuer(), account.email);
      if (!enrolment) {
        const fresh = authenticator.newEnrolment(issuer(), account.email);
        return show(request, reply, { enrolment: fresh, error: { form: 'setup', message: SETUP_EXPIRED } }, 400);
      }
      if (!authenticator.confirm(account.id, enrolment.secret, request.body.code ?? '')) {
        return show(request, reply, { enrolment, error: { form: 'setup', message: FIRST_CODE_WRONG } }, 400);
      }
      const codes = recoveryCodes.replace(account.id);
      changed(
        account.email,
        'authenticator codes turned on',
        `${RECOVERY_CODE_COUNT} recovery codes made`,
        `Authenticator codes turned on, with ${RECOVERY_CODE_COUNT} new recovery codes`,
      );
      request.log.info('admin turned authenticator codes on');
      return show(request, reply, {
        newRecoveryCodes: codes,
        message: 'Authenticator codes are on. From now on, signing in asks for a code after your password.',
      });
    },
  );

  /** A change to the second factor, with a fresh sign-in (fresh-sign-in.ts); only while codes are on. */
  const changeOf = (
    path: string,
    what: string,
    change: (request: FastifyRequest, reply: FastifyReply, accountId: number, email: string) => Promise<FastifyReply>,
  ) =>
    admin.post(path, { config: { access: 'redirect', risky: { what } } }, async (request, reply) => {
      const account = request.adminAccount!;
      if (!authenticator.isOn(account.id)) return reply.redirect(ADMIN_PATHS.security, 303);
      return change(request, reply, account.id, account.email);
    });

  changeOf(
    ADMIN_PATHS.securityAuthenticatorOff,
    'turn authenticator codes off',
    async (request, reply, accountId, email) => {
      authenticator.turnOff(accountId);
      recoveryCodes.removeAll(accountId);
      changed(
        email,
        'authenticator codes turned off',
        null,
        'Authenticator codes turned off; the recovery codes no longer work',
      );
      request.log.info('admin turned authenticator codes off');
      return reply.redirect(`${ADMIN_PATHS.security}?done=off`, 303);
    },
  );

  // New codes replace the old ones.
  changeOf(ADMIN_PATHS.securityRecoveryCodes, 'make new recovery codes', async (request, reply, accountId, email) => {
    const codes = recoveryCodes.replace(accountId);
    changed(
      email,
      'recovery codes made anew',
      `${RECOVERY_CODE_COUNT} recovery codes`,
      `${RECOVERY_CODE_COUNT} new recovery codes made; the old ones no longer work`,
    );
    return show(request, reply, { newRecoveryCodes: codes, message: DONE.codes });
  });

  // The codes the page shows, as a text file: the server keeps only their hashes, so the page sends them.
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
        'Each code signs in once, in place of a code from your authenticator app. Keep them somewhere safe.',
        '',
        ...codes,
        '',
      ].join('\n');
      return sendAttachment(reply, { name: 'recovery-codes.txt', type: 'text/plain; charset=utf-8' }, text);
    },
  );
}
