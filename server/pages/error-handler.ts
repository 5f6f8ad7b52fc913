import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageRenderer } from './page-renderer.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../platform/storage/storage-error.js';
import { isClientAbort } from '../platform/http/client-abort.js';
import { answersJson } from '../platform/http/negotiation.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Request Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Something Went Wrong',
  503: 'Service Unavailable',
};

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests from your connection. Please wait a minute and try again.';

function messageFor(status: number, error: FastifyError): string {
  switch (status) {
    case 413:
      return 'What you sent is too large. Please shorten it and try again.';
    case 415:
      return 'This kind of content is not accepted here.';
    case 429:
      return TOO_MANY_REQUESTS_MESSAGE;
    case 503:
      return 'The site cannot save anything just now. Nothing was changed: please try again in a minute.';
    default:
      return status >= 500 ? 'Something went wrong on our side. Please try again in a moment.' : error.message;
  }
}

/**
 * One place that turns errors into answers: the status the error carries (4xx) or 500, never a
 * stack trace to the client, the full error in the log. A client that hung up is logged at info.
 * Not encapsulated (fastify-plugin): it answers for the whole site.
 */
async function errorPagesPlugin(app: FastifyInstance, { pages }: { pages: PageRenderer }): Promise<void> {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    // The client hung up mid-request: nobody reads the answer, and nothing went wrong here.
    if (isClientAbort(error, request)) {
      request.log.info({ code: error.code, reason: error.message }, 'client hung up mid-request');
      return reply.code(400).send({ error: TITLES[400], message: 'The request ended before it was complete.' });
    }
    // A storage failure anywhere (disk full, lock held, file gone) is temporary: 503 with Retry-After.
    const storage = asStorageFailure(error);
    const status = storage
      ? 503
      : error.statusCode && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    if (status === 503) reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ status, code: error.code, reason: error.message }, 'request refused');
    const title = TITLES[status] ?? (status >= 500 ? TITLES[500]! : TITLES[400]!);
    const message = messageFor(status, error);
    if (answersJson(request, 'not-a-page')) return reply.code(status).send({ error: title, message });
    return pages.sendPrivate(reply, request.url.split('?')[0]!, { error: { status, title, message } }, status);
  });
}

export const errorPages = fp(errorPagesPlugin, { name: 'error-pages', fastify: '5.x' });
