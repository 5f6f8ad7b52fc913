import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageRenderer } from './page-renderer.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../platform/storage/storage-error.js';
import { isClientAbort } from '../platform/http/client-abort.js';
import { answersJson } from '../platform/http/negotiation.js';
import { ANSWER_TEXTS, type AnswerTexts, type ErrorStatus } from '../../shared/i18n/answer-texts.js';
import { pageAddress } from '../../shared/i18n/page-address.js';

/** A JSON error: `{ error: title, message }`. */
const renameTitle = ({ title, message }: { title: string; message: string }) => ({ error: title, message });

/** The path as the page renderer reads it: decoded, or '/' when it is not valid percent-encoding. */
function decodedPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return '/';
  }
}

/** The error's title and message in the language of the page asked for (English unless it is published). */
function textsFor(status: number, error: FastifyError, texts: AnswerTexts): { title: string; message: string } {
  const titled = (status in texts.errorTitles ? status : status >= 500 ? 500 : 400) as ErrorStatus;
  return { title: texts.errorTitles[titled], message: messageFor(status, error, texts) };
}

function messageFor(status: number, error: FastifyError, texts: AnswerTexts): string {
  switch (status) {
    case 413:
      return texts.tooLarge;
    case 415:
      return texts.unsupported;
    case 429:
      return texts.tooManyRequests;
    case 503:
      return texts.storageFailure;
    default:
      return status >= 500 ? texts.serverError : error.message;
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
      return reply
        .code(400)
        .send({ error: ANSWER_TEXTS.en.errorTitles[400], message: 'The request ended before it was complete.' });
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
    if (answersJson(request, 'not-a-page'))
      return reply.code(status).send(renameTitle(textsFor(status, error, ANSWER_TEXTS.en)));
    const path = decodedPath(request.url.split('?')[0]!);
    const { lang } = pageAddress(path);
    const texts = ANSWER_TEXTS[pages.languages.isPublished(lang) ? lang : 'en'];
    return pages.sendPrivate(reply, path, { error: { status, ...textsFor(status, error, texts) } }, status);
  });
}

export const errorPages = fp(errorPagesPlugin, { name: 'error-pages', fastify: '5.x' });
