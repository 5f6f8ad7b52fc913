import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { formValuesOf } from '../../shared/enquiry/validation.js';
import type { PageRenderer } from '../render/page-renderer.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Something Went Wrong',
};

function messageFor(status: number, error: FastifyError): string {
  switch (status) {
    case 413:
      return 'What you sent is too large. Please shorten it and try again.';
    case 415:
      return 'This kind of content is not accepted here.';
    case 429:
      return 'Too many requests from your connection. Please wait a minute and try again.';
    default:
      return status >= 500 ? 'Something went wrong on our side. Please try again in a moment.' : error.message;
  }
}

/** Pages for people, JSON for scripts (the APIs, and any request that sent JSON). */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.url.startsWith('/api/') || request.url.startsWith('/admin/api/')) return false;
  if (request.headers['content-type']?.startsWith('application/json')) return false;
  return request.method === 'GET' || request.method === 'HEAD' || request.method === 'POST';
}

/**
 * One place that turns errors into answers: the status the error carries (4xx) or 500, never a
 * stack trace to the client, the full error in the log.
 */
export function registerErrorHandler(app: FastifyInstance, pages: PageRenderer): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: error.code, reason: error.message }, 'request refused');
    const title = TITLES[status] ?? (status >= 500 ? TITLES[500]! : TITLES[400]!);
    const message = messageFor(status, error);
    if (!wantsHtml(request)) return reply.code(status).send({ error: title, message });
    const path = request.url.split('?')[0]!;
    if (path === '/contact' && request.method === 'POST' && status === 429) {
      // Keep what the visitor typed, and say why it was not sent.
      const contact = { values: formValuesOf(request.body), errors: {}, formError: message };
      return pages.sendPrivate(reply, '/contact', { contact }, status);
    }
    return pages.sendPrivate(reply, path, { error: { status, title, message } }, status);
  });
}
