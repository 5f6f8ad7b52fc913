import type { FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/paths.js';

declare module 'fastify' {
  interface Session {
    /** The admin screen asked for while signed out (a link in an e-mail): opened once signed in. */
    afterSignIn?: string;
  }
}

/** An address under /admin (its path and query), never another site's; null for anything else. */
export function adminAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value, 'http://admin.invalid')) return null;
  const url = new URL(value, 'http://admin.invalid');
  const inside = url.pathname === ADMIN_AREA || url.pathname.startsWith(`${ADMIN_AREA}/`);
  return url.host === 'admin.invalid' && inside ? `${url.pathname}${url.search}` : null;
}

/** A signed-out visit to an admin screen, sent to the sign-in form: the screen is remembered for after it. */
export function rememberAfterSignIn(request: FastifyRequest): void {
  const address = request.method === 'GET' ? adminAddress(request.url) : null;
  if (address) request.session.set('afterSignIn', address);
}

/** The screen asked for while signed out, if any: signing in leads there (read before the session is renewed). */
export function afterSignIn(request: FastifyRequest): string | null {
  return adminAddress(request.session.get('afterSignIn'));
}
