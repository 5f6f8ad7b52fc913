import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RiskyWhat } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import { EMAIL_CHANGE_TEXT } from '../../../shared/admin/texts.js';
import type { OffSiteCopies } from '../../off-site/off-site-copies.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { AuditAction, AuditLog } from '../../platform/db/audit-log.js';
import type { DB } from '../../platform/db/open-database.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { AdminAccounts } from '../auth/admin-accounts.js';
import { RECOVERY_CODE_COUNT } from '../auth/second-factor/recovery-codes.js';
import type { SecondFactor } from '../auth/second-factor/second-factor.js';
import type { AdminNotices } from '../notices/admin-notices.js';

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

/** Said once a passkey makes the first factor: the password alone signs in no more. */
export const STILL_ASKED = 'after your password, signing in asks for a passkey or a recovery code';
/** What the screen says after a change that went back to it (`?done=`). */
export const SECURITY_DONE = {
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
/** The audit log's detail when the first factor made the recovery codes. */
export const CODES_MADE = `${RECOVERY_CODE_COUNT} recovery codes made`;

/** What the last change left for the screen to show. */
type ScreenParts = Partial<
  Pick<AdminSecurityPage, 'enrolment' | 'newRecoveryCodes' | 'emailChange' | 'message' | 'error'>
>;

/** The helpers every route of the Security screen uses: its data, answering with it, and telling of a change. */
export function securityKit(options: SecurityRouteOptions) {
  const { authenticator, passkeys, recoveryCodes, audit, notices, pages } = options;
  const issuer = () => options.content.current().content.company.name;

  /** A change to the second factor: in the audit log, and e-mailed to the owner (in the background). */
  const changed = (email: string, action: AuditAction, detail: string | null, notice: string) => {
    audit.record(email, action, null, detail);
    void notices.factorChanged({ email }, notice);
  };

  /** The screen's data now, with what the last change left to show. */
  const pageData = (request: FastifyRequest, reply: FastifyReply, page: ScreenParts): AdminSecurityPage => {
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
  const show = (request: FastifyRequest, reply: FastifyReply, page: ScreenParts, status = 200) =>
    pages.sendPrivate(reply, ADMIN_PATHS.security, { admin: pageData(request, reply, page) }, status);

  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AdminSecurityPage['error'], status: number) =>
    show(request, reply, { error }, status);

  /** The first factor turned on makes the recovery codes, shown this once; a second one keeps them. */
  const codesIfFirst = (accountId: number, first: boolean) => (first ? recoveryCodes.replace(accountId) : null);

  return { issuer, changed, pageData, show, refuse, codesIfFirst };
}

export type SecurityKit = ReturnType<typeof securityKit>;

/**
 * A change to the second factor, with a fresh sign-in (fresh-sign-in.ts); back to the screen when
 * there is nothing to change (`applies` is false).
 */
export function factorChangeRoute(
  admin: FastifyInstance,
  path: string,
  what: RiskyWhat,
  applies: (accountId: number) => boolean,
  change: (request: FastifyRequest, reply: FastifyReply, accountId: number, email: string) => Promise<FastifyReply>,
) {
  return admin.post(path, { config: { access: 'redirect', risky: { what } } }, async (request, reply) => {
    const account = request.adminAccount!;
    if (!applies(account.id)) return reply.redirect(ADMIN_PATHS.security, 303);
    return change(request, reply, account.id, account.email);
  });
}
