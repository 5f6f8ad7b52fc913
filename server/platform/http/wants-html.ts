import type { FastifyRequest } from 'fastify';

/** Pages for people, JSON for scripts (the APIs, and any request that sent JSON). */
export function wantsHtml(request: FastifyRequest): boolean {
  if (request.url.startsWith('/api/') || request.url.startsWith('/admin/api/')) return false;
  if (request.headers['content-type']?.startsWith('application/json')) return false;
  return request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST';
}

/** An admin script's request (a JSON body, or Accept: application/json): answered with JSON, not a page. */
export function answersJson(request: FastifyRequest): boolean {
  return request.headers['content-type']?.startsWith('application/json') === true || /application\/json/.test(request.headers.accept ?? '');
}
