import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD, validateEnquiry, type EnquiryInput } from '../../shared/enquiry/validation.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import type { PageRenderer } from '../render/page-renderer.js';
import { hashClientIp } from '../security/server-secret.js';

export interface EnquiryRouteOptions {
  store: EnquiryStore;
  pages: PageRenderer;
  secret: string;
  ratePerMinute: number;
  onStored?: (enquiry: Enquiry) => void;
}

export const THANK_YOU_PATH = '/contact/thank-you';

/**
 * POST /contact (urlencoded form, works without JavaScript) and POST /api/enquiries (JSON, used by
 * the enhanced form). Both validate with the shared schema; success is answered only after the
 * row is committed.
 */
export function registerEnquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): void {
  const { store, pages, secret } = options;
  const rateLimit = { max: options.ratePerMinute, timeWindow: 60_000, hook: 'preHandler' as const };

  const isSpam = (body: unknown) => {
    const trap = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
    return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
  };

  const save = (request: FastifyRequest, enquiry: EnquiryInput) => {
    const stored = store.create(enquiry, {
      clientIpHash: hashClientIp(secret, request.ip),
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    request.log.info({ enquiryId: stored.id }, 'enquiry stored');
    options.onStored?.(stored);
  };

  app.post('/contact', { config: { rateLimit } }, async (request, reply) => {
    if (isSpam(request.body)) {
      request.log.info('honeypot filled: enquiry dropped');
      return reply.redirect(THANK_YOU_PATH, 303);
    }
    const result = validateEnquiry(request.body);
    if (!result.ok) {
      return pages.sendPrivate(reply, '/contact', { contact: { values: result.values, errors: result.errors } }, 400);
    }
    save(request, result.enquiry);
    return reply.redirect(THANK_YOU_PATH, 303);
  });

  app.post('/api/enquiries', { config: { rateLimit } }, async (request, reply) => {
    if (isSpam(request.body)) {
      request.log.info('honeypot filled: enquiry dropped');
      return reply.code(201).send({ ok: true });
    }
    const result = validateEnquiry(request.body);
    if (!result.ok) {
      return reply.code(400).send({ error: 'Bad Request', message: 'Please correct the highlighted fields.', errors: result.errors });
    }
    save(request, result.enquiry);
    return reply.code(201).send({ ok: true });
  });
}
