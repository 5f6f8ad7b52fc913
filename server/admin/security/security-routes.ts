import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { RISKY_ACTIONS, type RiskyWhat } from '../../../shared/admin/confirm.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import { PASSKEY_NAME_MAX, type AdminSecurityPage } from '../../../shared/admin/security.js';
import type { AuditAction, AuditLog } from '../../platform/db/audit-log.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import { rememberChallenge, takeChallenge } from '../auth/second-factor/passkey-challenge.js';
import { RECOVERY_CODE_COUNT } from '../auth/second-factor/recovery-codes.js';
import { afterFactorRemoved, secondFactorOn, type SecondFactor } from '../auth/second-factor/second-factor.js';
import type { AdminNotices } from '../notices/admin-notices.js';
import type { DB } from '../../platform/db/open-database.js';
import type { OffSiteCopies } from '../../off-site/off-site-copies.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import { EMAIL_CHANGE_TEXT } from '../../../shared/admin/texts.js';
import { registerEmailChange } from './email-change.js';
import { registerPasswordChange } from './password-change.js';
import { registerSignOutEverywhere } from './sign-out-everywhere.js';

export interface SecurityRouteOptions extends SecondFactor {
  db: DB;
  /** Signs the links that change the sign-in e-mail. */
  secret: string;
  config: { site: { siteUrl: string } };
  accounts: AdminAccounts;
  /** The off-site copies, shown on the screen's Backups card. */
  offSite: OffSiteCopies;
  audit: AuditLog;
  notices: AdminNotices;
  pages: PageRenderer;
  content: SiteContentService;
  timeZone: string;
  now: () => number;
}

const STILL_ASKED = 'after your password, signing in asks for a passkey or a recovery code';
const DONE = {
  off: 'Authenticator codes are off. Your password alone signs in again.',
  'off-passkeys-stay': `Authenticator codes are off. Your passkeys still sign in, and ${STILL_ASKED}.`,
  codes: 'New recovery codes are below; the old ones no longer work.',
  'passkey-removed': 'The passkey was removed.',
  'passkeys-off': 'The passkey was removed. Your password alone signs in again, and the recovery codes no longer work.',
  drill: 'The restore drill has run: its result is on the Backups card below.',
  password: 'Your password is changed. Every other browser or phone signed in to the admin was signed out.',
  'email-sent': EMAIL_CHANGE_TEXT.sent,
  email: EMAIL_CHANGE_TEXT.done,
} as const;
const PASSKEY_SETUP_EXPIRED = 'Adding the passkey took too long, or was started on another page. Please try again.';
const PASSKEY_REFUSED = 'That passkey could not be added. Please try again.';
const PASSKEY_NAME_TOO_LONG = `A passkey’s name can be at most ${PASSKEY_NAME_MAX} characters.`;
const FIRST_CODE_WRONG = 'That code is not right. Type the 6 digits your app shows now for this site.';
const SETUP_EXPIRED = 'The set-up took too long. Please scan the new QR code below.';

const code = { type: 'string', maxLength: 40 } as const;
const CODES_MADE = `${RECOVERY_CODE_COUNT} recovery codes made`;
/** What a recovery code looks like when the page sends it back to download: xxxxx-xxxxx. */
const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-[a-z2-9]{5}$/;

/**
 * /admin/security: turning authenticator codes on (a QR code and the secret as text, then the first
 * code confirms) and off, passkeys added (with JavaScript: WebAuthn needs it) and removed, and the
 * recovery codes (shown once, downloadable as a text file, made anew). Everything but adding a passkey
 * is a plain form: it works the same without JavaScript. Every change needs a fresh sign-in
 * (fresh-sign-in.ts; adding a passkey at its first step, the challenge), is written to the audit log
 * and e-mailed to NOTIFY_TO.
 */
export default async function securityRoutes(admin: FastifyInstance, options: SecurityRouteOptions) {
  const { authenticator, passkeys, recoveryCodes, audit, notices, pages } = options;
  const issuer = () => options.content.current().content.company.name;
  registerSignOutEverywhere(admin, options);

  /** A change to the second factor: in the audit log, and e-mailed to the owner (in the background). */
  const changed = (email: string, action: AuditAction, detail: string | null, notice: string) => {
    audit.record(email, action, null, detail);
    void notices.factorChanged({ email }, notice);
  };

  /** The screen's data now, with what the last change left to show. */
  const pageData = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Partial<Pick<AdminSecurityPage, 'enrolment' | 'newRecoveryCodes' | 'emailChange' | 'message' | 'error'>>,
  ): AdminSecurityPage => {
    const account = request.adminAccount!;
    return {
      ...reply.signedIn(),
      screen: 'security',
      authenticatorOn: authenticator.isOn(account.id),
      passkeys: passkeys.list(account.id),
      recoveryCodesLeft: recoveryCodes.unused(account.id),
      backups: options.offSite.status(),
      now: options.now(),
      enrolment: null,
      newRecoveryCodes: null,
      emailChange: null,
      message: null,
      error: null,
      ...page,
    };
  };
  const show = (request: FastifyRequest, reply: FastifyReply, page: Parameters<typeof pageData>[2], status = 200) =>
    pages.sendPrivate(reply, ADMIN_PATHS.security, { admin: pageData(request, reply, page) }, status);

  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AdminSecurityPage['error'], status: number) =>
    show(request, reply, { error }, status);
  registerPasswordChange(admin, { ...options, refuse });
  const emailChangeAsked = registerEmailChange(admin, { ...options, siteUrl: options.config.site.siteUrl, refuse });

  /** The first factor turned on makes the recovery codes, shown this once; a second one keeps them. */
  const codesIfFirst = (accountId: number, first: boolean) => (first ? recoveryCodes.replace(accountId) : null);

  admin.get<{ Querystring: { setup?: string; done?: keyof typeof DONE; email?: string } }>(
    ADMIN_PATHS.security,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            setup: { type: 'string', enum: ['authenticator'] },
            done: { type: 'string', enum: Object.keys(DONE) },
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
        message: request.query.done ? DONE[request.query.done] : null,
        error: linkGone ? { form: 'email', message: EMAIL_CHANGE_TEXT.expired } : null,
      });
    },
  );

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

  /**
   * A change to the second factor, with a fresh sign-in (fresh-sign-in.ts); back to the screen when
   * there is nothing to change (`applies` is false).
   */
  const changeOf = (
    path: string,
    what: RiskyWhat,
    applies: (accountId: number) => boolean,
    change: (request: FastifyRequest, reply: FastifyReply, accountId: number, email: string) => Promise<FastifyReply>,
  ) =>
    admin.post(path, { config: { access: 'redirect', risky: { what } } }, async (request, reply) => {
      const account = request.adminAccount!;
      if (!applies(account.id)) return reply.redirect(ADMIN_PATHS.security, 303);
      return change(request, reply, account.id, account.email);
    });

  const turnOff = RISKY_ACTIONS.turnOffCodes;
  changeOf(ADMIN_PATHS.securityAuthenticatorOff, turnOff, authenticator.isOn, async (request, reply, id, email) => {
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
    const done: keyof typeof DONE = still ? 'off-passkeys-stay' : 'off';
    return reply.redirect(`${ADMIN_PATHS.security}?done=${done}`, 303);
  });

  // New codes replace the old ones.
  const anyFactorOn = (accountId: number) => secondFactorOn(options, accountId);
  const renew = RISKY_ACTIONS.renewCodes;
  changeOf(ADMIN_PATHS.securityRecoveryCodes, renew, anyFactorOn, async (request, reply, accountId, email) => {
    const codes = recoveryCodes.replace(accountId);
    changed(
      email,
      'recovery codes made anew',
      `${RECOVERY_CODE_COUNT} recovery codes`,
      `${RECOVERY_CODE_COUNT} new recovery codes made; the old ones no longer work`,
    );
    return show(request, reply, { newRecoveryCodes: codes, message: DONE.codes });
  });

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
        'Each code signs in once, in place of a code from your authenticator app or a passkey. Keep them somewhere safe.',
        '',
        ...codes,
        '',
      ].join('\n');
      return sendAttachment(reply, { name: 'recovery-codes.txt', type: 'text/plain; charset=utf-8' }, text);
    },
  );
}
