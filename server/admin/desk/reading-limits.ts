import type { FastifyReply, FastifyRequest } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { createReadingMeter, type ReadingKind } from '../auth/reading-meter.js';
import { DeskReaderUnavailableError } from './desk-reader.js';
import type { FilterQuery } from './filter-query.js';

/**
 * How the desk's reads are limited: reading in bulk asks to confirm, reading faster than a person can
 * is refused (429), and a read the reader thread could not answer is 503.
 */
export function readingLimits({ now, pages }: { now: () => number; pages: PageRenderer }) {
  /** A read the reader thread could not answer (it stopped, or took too long): 503, try again. */
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof DeskReaderUnavailableError)) throw error;
    request.log.warn({ reason: error.message }, 'desk read unavailable');
    reply.code(503).header('retry-after', '5');
    if (answersJson(request, 'json-body-or-accept') || request.url.startsWith(ADMIN_PATHS.exportCsv))
      return reply.send({ error: 'Service Unavailable', message: error.message });
    return pages.sendPrivate(
      reply,
      ADMIN_PATHS.desk,
      { error: { status: 503, title: 'Service Unavailable', message: error.message } },
      503,
    );
  };

  // Reading in bulk (paging fast or far, opening many drawings) asks a session whose sign-in is older
  // than 10 minutes to confirm it is the admin; reading faster than a person can is refused (429).
  const meter = createReadingMeter(now);
  const listRead = (request: FastifyRequest) => {
    if (!request.adminAccount) return null;
    const kinds: ReadingKind[] = (request.query as FilterQuery).after ? ['list', 'laterPage'] : ['list'];
    return meter.record(request, kinds) ? { what: RISKY_ACTIONS.readPages } : null;
  };
  const enquiryRead = (request: FastifyRequest) =>
    request.method === 'GET' && meter.record(request, ['enquiry']) ? { what: RISKY_ACTIONS.readPages } : null;
  const drawingRead = (request: FastifyRequest) =>
    meter.record(request, ['drawing']) ? { what: RISKY_ACTIONS.openDrawings, download: true } : null;
  /**
   * 429 with Retry-After when the session reads `kind` faster than a person can, as JSON for the
   * desk's scripts and as a page saying to wait for a browser; null otherwise.
   */
  const tooFast = (request: FastifyRequest, reply: FastifyReply, kind: ReadingKind) => {
    if (!meter.tooFast(request, kind)) return null;
    const message = kind === 'drawing' ? ADMIN_TEXT.drawingsTooFast : ADMIN_TEXT.readingTooFast;
    reply.code(429).header('retry-after', '60');
    if (answersJson(request, 'json-body-or-accept')) return reply.send({ error: 'Too Many Requests', message });
    const error = { status: 429, title: 'Too Many Requests', message };
    return pages.sendPrivate(reply, new URL(request.url, 'http://admin.invalid').pathname, { error }, 429);
  };

  return { unavailable, listRead, enquiryRead, drawingRead, tooFast };
}

export type ReadingLimits = ReturnType<typeof readingLimits>;
