import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/area.js';

/** The admin screen asked for while signed out (a link in an e-mail): opened once signed in. */
const NEXT_COOKIE = 'forge_next';
/** Long enough to sign in, with a second factor. */
const NEXT_SECONDS = 10 * 60;

/** An address under /admin (its path and query), never another site's; null for anything else. */
export function adminAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value, 'http://admin.invalid')) return null;
  const url = new URL(value, 'http://admin.invalid');
  const inside = url.pathname === ADMIN_AREA || url.pathname.startsWith(`${ADMIN_AREA}/`);
  return url.host === 'admin.invalid' && inside ? `${url.pathname}${url.search}` : null;
}

/**
 * A signed-out visit to an admin screen, sent to the sign-in form: the screen is remembered for after
 * it, in a short-lived signed cookie (nothing is stored on the server for a visitor not signed in).
 */
export function rememberAfterSignIn(request: FastifyRequest, reply: FastifyReply): void {
  const address = request.method === 'GET' ? adminAddress(request.url) : null;
  if (!address) return;
  reply.setCookie(NEXT_COOKIE, address, {
    path: ADMIN_AREA,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    signed: true,
    maxAge: NEXT_SECONDS,
  });
}

/** The screen asked for while signed out, if any (forgotten now): signing in leads there. */
export function afterSignIn(request: FastifyRequest, reply: FastifyReply): string | null {
  const cookie = request.cookies[NEXT_COOKIE];
  if (cookie === undefined) return null;
  reply.clearCookie(NEXT_COOKIE, { path: ADMIN_AREA });
  const { valid, value } = request.unsignCookie(cookie);
  return valid ? adminAddress(value) : null;
}
