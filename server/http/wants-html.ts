import type { FastifyRequest } from 'fastify';

/** Pages for people, JSON for scripts (the APIs, and any request that sent JSON). */
export function wantsHtml(request: FastifyRequest): boolean {
  if (request.url.startsWith('/api/') || request.url.startsWith('/admin/api/')) return false;
  if (request.headers['content-type']?.startsWith('application/json')) return false;
  return request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST';
}
