import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THANK_YOU_PATH } from '../../shared/content/pages.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import {
  formValuesOf,
  HONEYPOT_FIELD,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../shared/enquiry/validation.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import { TOO_MANY_REQUESTS_MESSAGE } from '../http/error-handler.js';
import type { PageRenderer } from '../render/page-renderer.js';
import { hashClientIp } from '../security/server-secret.js';

export interface EnquiryRouteOptions {
  store: EnquiryStore;
  pages: PageRenderer;
  secret: string;
  ratePerMinute: number;
  onStored?: (enquiry: Enquiry) => void;
}

/** How one endpoint answers: the form with pages and redirects, the API with JSON. */
interface Answers {
  accepted(reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  invalid(reply: FastifyReply, values: EnquiryFormValues, errors: EnquiryFieldErrors): FastifyReply | Promise<FastifyReply>;
}

function isSpam(body: unknown): boolean {
  const trap = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

/**
 * POST /contact (urlencoded form, works without JavaScript) and POST /api/enquiries (JSON, used by
 * the enhanced form): one flow, validated with the shared schema; success is answered only after
 * the row is committed.
 */
export function registerEnquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): void {
  const { store, pages, secret } = options;
  const rateLimit = { max: options.ratePerMinute, timeWindow: 60_000, hook: 'preHandler' as const };

  const submit = (answers: Answers) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSpam(request.body)) {
      request.log.info('honeypot filled: enquiry dropped');
      return answers.accepted(reply);
    }
    const result = validateEnquiry(request.body);
    if (!result.ok) return answers.invalid(reply, result.values, result.errors);
    const stored = store.create(result.enquiry, {
      clientIpHash: hashClientIp(secret, request.ip),
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    });
    request.log.info({ enquiryId: stored.id }, 'enquiry stored');
    options.onStored?.(stored);
    return answers.accepted(reply);
  };

  app.post('/contact', {
    config: { rateLimit },
    // Over the rate limit, the form comes back with what the visitor typed and why it was not sent.
    errorHandler: (error: FastifyError, request, reply) => {
      if (error.statusCode !== 429) return app.errorHandler(error, request, reply);
      const contact = { values: formValuesOf(request.body), errors: {}, formError: TOO_MANY_REQUESTS_MESSAGE };
      return pages.sendPrivate(reply, '/contact', { contact }, 429);
    },
    handler: submit({
      accepted: (reply) => reply.redirect(THANK_YOU_PATH, 303),
      invalid: (reply, values, errors) => pages.sendPrivate(reply, '/contact', { contact: { values, errors } }, 400),
    }),
  });

  app.post('/api/enquiries', {
    config: { rateLimit },
    handler: submit({
      accepted: (reply) => reply.code(201).send({ ok: true }),
      invalid: (reply, _values, errors) =>
        reply.code(400).send({ error: 'Bad Request', message: 'Please correct the highlighted fields.', errors }),
    }),
  });
}
