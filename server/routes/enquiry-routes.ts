import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THANK_YOU_PATH } from '../../shared/content/pages.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import {
  formValuesOf,
  HONEYPOT_FIELD,
  storageFailureMessage,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../shared/enquiry/validation.js';
import type { EnquiryStore } from '../db/enquiry-store.js';
import { TOO_MANY_REQUESTS_MESSAGE } from '../http/error-handler.js';
import type { PageRenderer } from '../render/page-renderer.js';
import { createAllowance } from '../security/allowance.js';
import { hashClientIp } from '../security/server-secret.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../storage/storage-error.js';

export interface EnquiryRouteOptions {
  store: EnquiryStore;
  pages: PageRenderer;
  secret: string;
  /** Valid enquiries accepted per client per minute, both endpoints together. */
  ratePerMinute: number;
  /** The site's contact e-mail, named in the message when an enquiry could not be stored. */
  contactEmail: string;
  onStored?: (enquiry: Enquiry) => void;
}

/** How one endpoint answers: the form with pages and redirects, the API with JSON. */
interface Answers {
  accepted(reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  invalid(reply: FastifyReply, values: EnquiryFormValues, errors: EnquiryFieldErrors): FastifyReply | Promise<FastifyReply>;
  /** Valid, but not stored (429, 503): the visitor keeps what they typed and reads why. */
  notStored(reply: FastifyReply, status: 429 | 503, values: EnquiryFormValues, message: string): FastifyReply | Promise<FastifyReply>;
}

const RETRY_AFTER_SECONDS = { 429: 60, 503: STORAGE_RETRY_AFTER_SECONDS } as const;

function isSpam(body: unknown): boolean {
  const trap = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

/**
 * POST /contact (urlencoded form, works without JavaScript) and POST /api/enquiries (JSON, used by
 * the enhanced form): one flow, validated with the shared schema, one allowance per client for both;
 * success is answered only after the row is committed to the database file.
 */
export function registerEnquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): void {
  const { store, pages, secret } = options;
  const allowance = createAllowance(options.ratePerMinute, 60_000);

  const submit = (answers: Answers) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSpam(request.body)) {
      request.log.info('honeypot filled: enquiry dropped');
      return answers.accepted(reply);
    }
    const result = validateEnquiry(request.body);
    if (!result.ok) return answers.invalid(reply, result.values, result.errors);
    const notStored = (status: 429 | 503, message: string) => {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS[status]));
      return answers.notStored(reply, status, formValuesOf(request.body), message);
    };

    const clientIpHash = hashClientIp(secret, request.ip);
    if (!allowance.take(clientIpHash)) return notStored(429, TOO_MANY_REQUESTS_MESSAGE);
    let stored: Enquiry;
    try {
      stored = store.create(result.enquiry, { clientIpHash, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null });
    } catch (error) {
      const failure = asStorageFailure(error);
      if (!failure) throw error;
      allowance.giveBack(clientIpHash);
      request.log.error({ err: failure.cause ?? failure, reason: failure.reason }, 'enquiry NOT stored: answered 503');
      return notStored(503, storageFailureMessage(options.contactEmail));
    }
    request.log.info({ enquiryId: stored.id }, 'enquiry stored');
    options.onStored?.(stored);
    return answers.accepted(reply);
  };

  app.post('/contact', submit({
    accepted: (reply) => reply.redirect(THANK_YOU_PATH, 303),
    invalid: (reply, values, errors) => pages.sendPrivate(reply, '/contact', { contact: { values, errors } }, 400),
    notStored: (reply, status, values, message) =>
      pages.sendPrivate(reply, '/contact', { contact: { values, errors: {}, formError: message } }, status),
  }));

  app.post('/api/enquiries', submit({
    accepted: (reply) => reply.code(201).send({ ok: true }),
    invalid: (reply, _values, errors) =>
      reply.code(400).send({ error: 'Bad Request', message: 'Please correct the highlighted fields.', errors }),
    notStored: (reply, status, _values, message) =>
      reply.code(status).send({ error: status === 429 ? 'Too Many Requests' : 'Service Unavailable', message }),
  }));
}
