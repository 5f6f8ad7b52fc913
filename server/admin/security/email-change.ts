import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import { EMAIL_CHANGE_TEXT } from '../../../shared/admin/texts.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { AdminAccount, AdminAccounts } from '../auth/admin-accounts.js';
import { signIn } from '../auth/admin-session.js';
import type { AdminNotices } from '../notices/admin-notices.js';

/** How long the link sent to the new address works. */
export const EMAIL_LINK_MINUTES = 60;
const EMAIL_PATTERN = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const EMAIL_MAX = 254;

interface EmailChangeOptions {
  accounts: AdminAccounts;
  audit: AuditLog;
  notices: AdminNotices;
  secret: string;
  siteUrl: string;
  now: () => number;
  /** The Security screen with a refusal beside the form. */
  refuse: (request: FastifyRequest, reply: FastifyReply, error: AdminSecurityPage['error'], status: number) => unknown;
}

/** What a link asks: this account, as it was when asked, to sign in with `email` until `expires`. */
interface EmailChange {
  email: string;
  expires: number;
  /** The account's updatedAt when asked: any later change of e-mail or password (this one too) ends the link. */
  asOf: string;
}

const signature = (secret: string, payload: string) =>
  createHmac('sha256', `${secret}:email-change`).update(payload).digest('base64url');

export function sealEmailChange(secret: string, change: EmailChange): string {
  const payload = Buffer.from(JSON.stringify(change)).toString('base64url');
  return `${payload}.${signature(secret, payload)}`;
}

/** The change a link asks, when its signature is right, it has not expired and the account has not changed since. */
export function openEmailChange(secret: string, token: string, account: AdminAccount, now: number): EmailChange | null {
  const [payload = '', signed = ''] = token.split('.');
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const change = JSON.parse(Buffer.from(payload, 'base64url').toString()) as EmailChange;
  return change.expires > now && change.asOf === account.updatedAt ? change : null;
}

/** Why a new sign-in e-mail is refused, or null when it is taken. */
function emailRefusal(email: string, current: string): string | null {
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) return EMAIL_CHANGE_TEXT.invalid;
  if (email.toLowerCase() === current.toLowerCase()) return EMAIL_CHANGE_TEXT.same;
  return null;
}

/**
 * Change the sign-in e-mail, on the Security screen (after "Confirm it's you"): a signed link, good
 * for an hour and once, goes to the new address; opened there (signed in), the Security screen asks to
 * confirm, and the change ends every other session. The old address and NOTIFY_TO are told; both steps
 * are audit-logged.
 */
export function registerEmailChange(admin: FastifyInstance, options: EmailChangeOptions) {
  const { accounts, audit, notices, secret } = options;
  admin.post<{ Body: { email?: unknown } }>(
    ADMIN_PATHS.securityEmail,
    { config: { access: 'redirect', risky: { what: RISKY_ACTIONS.changeEmail } } },
    async (request, reply) => {
      const account = request.adminAccount!;
      const email = typeof request.body?.email === 'string' ? request.body.email.trim() : '';
      const refused = emailRefusal(email, account.email);
      if (refused) return options.refuse(request, reply, { form: 'email', message: refused }, 400);
      const expires = options.now() + EMAIL_LINK_MINUTES * 60_000;
      const token = sealEmailChange(secret, { email, expires, asOf: account.updatedAt });
      const link = `${options.siteUrl}${ADMIN_PATHS.security}?email=${encodeURIComponent(token)}`;
      // Waited for (bounded by the mail sender's time limits): the screen says sent only when it was.
      const outcome = await notices.emailChangeLink(email, link, EMAIL_LINK_MINUTES);
      if (!outcome.sent) {
        reply.header('retry-after', '60');
        return options.refuse(request, reply, { form: 'email', message: EMAIL_CHANGE_TEXT.notSent }, 503);
      }
      audit.record(account.email, 'e-mail change asked', null, `a link sent to ${email}`);
      return reply.redirect(`${ADMIN_PATHS.security}?done=email-sent`, 303);
    },
  );

  admin.post<{ Body: { token?: unknown } }>(
    ADMIN_PATHS.securityEmailConfirm,
    { config: { access: 'redirect' } },
    async (request, reply) => {
      const account = request.adminAccount!;
      const token = typeof request.body?.token === 'string' ? request.body.token : '';
      const change = openEmailChange(secret, token, account, options.now());
      if (!change) return options.refuse(request, reply, { form: 'email', message: EMAIL_CHANGE_TEXT.expired }, 400);
      const changed = await accounts.setCredentials({ email: change.email });
      audit.record(changed.email, 'e-mail changed', null, `from ${account.email}; every session signed out`);
      void notices.emailChanged(account.email, changed.email);
      request.log.info('admin changed the sign-in e-mail');
      await signIn(request, changed, options.now());
      return reply.redirect(`${ADMIN_PATHS.security}?done=email`, 303);
    },
  );

  /** The change a link on the screen's address asks, for the screen to confirm; null when none or no longer good. */
  return (token: string | undefined, account: AdminAccount) => {
    const change = token ? openEmailChange(secret, token, account, options.now()) : null;
    return change && { token: token!, email: change.email };
  };
}
