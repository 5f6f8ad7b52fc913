import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/area.js';
import type { AdminAccount } from './admin-accounts.js';

export const DEVICE_COOKIE = 'forge_device';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A browser that has signed in before carries a signed, httpOnly cookie naming the account (OWASP's
 * "device cookie"): failures from elsewhere cannot make it wait to sign in. It is no key: the
 * password is still needed.
 */
export function rememberDevice(reply: FastifyReply, account: AdminAccount): void {
  reply.setCookie(DEVICE_COOKIE, `${account.id}.${randomBytes(12).toString('base64url')}`, {
    path: ADMIN_AREA,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    signed: true,
    maxAge: ONE_YEAR_SECONDS,
  });
}

/** The browser's device id when it has signed in to this account before, else null. */
export function knownDevice(request: FastifyRequest, account: AdminAccount | undefined): string | null {
  const cookie = request.cookies[DEVICE_COOKIE];
  if (!account || !cookie) return null;
  const { valid, value } = request.unsignCookie(cookie);
  return valid && value !== null && value.startsWith(`${account.id}.`) ? value : null;
}
