import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Done } from '../../../shared/admin/desk.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { answersJson } from '../../platform/http/negotiation.js';

declare module 'fastify' {
  interface Session {
    /** What the last action did, for the page the form went back to (`at`) to say once, with its Undo. */
    done?: { at: string; done: Done };
  }
}

/** Where a form goes back to after an action: the list or an enquiry's page, nothing else. */
// Printable ASCII only in its query (the pages write it percent-encoded): nothing that could break
// the Location header.
const DESK_ADDRESS = new RegExp(`^${ADMIN_PATHS.desk}(/enquiries/\\d+)?(\\?[\\x21\\x22\\x24-\\x7e]*)?$`);
const LIST_ADDRESS = new RegExp(`^${ADMIN_PATHS.desk}(\\?|$)`);
/** The address to go back to, at the row acted on when it is the list (the row's id is its fragment). */
export function backTo(value: unknown, ids: readonly number[] = []): string {
  const back = typeof value === 'string' && DESK_ADDRESS.test(value) ? value : ADMIN_PATHS.desk;
  return ids.length === 1 && LIST_ADDRESS.test(back) ? `${back}#enquiry-${ids[0]}` : back;
}
/** Whether the form is an Undo's (what it does is not offered to be undone again). */
export const undoing = (body: { undo?: unknown } | undefined) => body?.undo !== undefined;

/**
 * What the last action did, shown once by the page its form went back to (not by another tab's
 * page, nor by a HEAD request, which only asks).
 */
export function takeDone(request: FastifyRequest): Done | null {
  const kept = request.session.get('done');
  if (!kept || kept.at !== request.url || request.method !== 'GET') return null;
  request.session.set('done', undefined);
  return kept.done;
}

/**
 * Answers a change: JSON for the enhanced desk (what it did, with its Undo; 404 when there was no
 * such enquiry), otherwise 303 back to the page the form was on, at the row acted on, where the
 * status message and its Undo show once.
 */
export const answer = (
  request: FastifyRequest<{ Body: { back?: unknown } }>,
  reply: FastifyReply,
  done: Done | null,
  ids: readonly number[],
  extra: Record<string, unknown> = {},
) => {
  if (!answersJson(request, 'json-body-or-accept')) {
    const back = backTo(request.body?.back, ids);
    if (done) request.session.set('done', { at: back.split('#')[0]!, done });
    return reply.redirect(back, 303);
  }
  if (!done) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
  return reply.code(200).send({ ...extra, done });
};
