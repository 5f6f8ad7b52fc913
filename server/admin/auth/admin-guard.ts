import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { rememberAfterSignIn } from './after-sign-in.js';

/**
 * Who may use a route under /admin, and what a signed-out request gets instead:
 * - 'public': anyone (the desk's address, which shows the sign-in form; signing in and out);
 * - 'redirect': 303 to the sign-in form (the screens, and the erasure form);
 * - 'unauthorized': 401 JSON (the desk's JSON API and the downloads);
 * - 'negotiated', the default: 401 JSON for a script, 303 to the sign-in form for a form posted
 *   without JavaScript (the changes the enhanced screens also fetch).
 */
export type AdminAccess = 'public' | 'redirect' | 'unauthorized' | 'negotiated';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may use this admin route (see AdminAccess); signed in only when not set. */
    access?: AdminAccess;
  }
}

const UNAUTHORIZED = { error: 'Unauthorized', message: `Please sign in at ${ADMIN_PATHS.desk}.` };

/**
 * The admin guard, a hook of the whole admin scope: a signed-out request to a route that is not
 * public is answered here, before any handler runs (see AdminAccess for how).
 */
export async function adminGuard(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.adminAccount) return;
  const access = request.routeOptions.config.access ?? 'negotiated';
  if (access === 'public') return;
  const json = access === 'unauthorized' || (access === 'negotiated' && answersJson(request, 'json-body-or-accept'));
  if (json) return reply.code(401).send(UNAUTHORIZED);
  rememberAfterSignIn(request, reply);
  return reply.redirect(ADMIN_PATHS.desk, 303);
}
