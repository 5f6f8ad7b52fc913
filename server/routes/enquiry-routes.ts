import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { THANK_YOU_PATH } from '../../shared/routes.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import {
  FORM_TOKEN_FIELD,
  formValuesOf,
  HONEYPOT_FIELD,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../shared/enquiry/validation.js';
import { storageFailureMessage } from '../../shared/enquiry/messages.js';
import type { EnquiryStore, NewDrawing } from '../db/enquiry-store.js';
import type { NotificationQueue } from '../notify/notification-queue.js';
import { TOO_MANY_REQUESTS_MESSAGE } from '../http/error-handler.js';
import type { PageRenderer } from '../render/page-renderer.js';
import { createAllowance } from '../security/allowance.js';
import { hashClientIp } from '../security/server-secret.js';
import type { FormTokens } from '../spam/form-token.js';
import { spamReason } from '../spam/spam-reason.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../storage/storage-error.js';
import type { DrawingFiles, ReceivedDrawing } from '../uploads/drawing-files.js';
import { MULTIPART_LIMITS, readSubmission } from '../uploads/read-submission.js';

export interface EnquiryRouteOptions {
  store: EnquiryStore;
  drawings: DrawingFiles;
  pages: PageRenderer;
  secret: string;
  formTokens: FormTokens;
  /** Valid enquiries accepted per client per minute, both endpoints together. */
  ratePerMinute: number;
  /** The site's contact e-mail, named in the message when an enquiry could not be stored. */
  /** The published contact e-mail, named in messages when an enquiry cannot be stored. */
  contactEmail: () => string;
  /** Set when e-mail notification is configured: each stored enquiry is queued, then the queue runs. */
  notifications?: NotificationQueue;
}

type Refused = 400 | 413 | 429 | 503;

/** How a request is answered: pages and redirects for a browser's form post, JSON for scripts. */
interface Answers {
  /** Stored (or counted as a repeat); `formToken` is for the next enquiry from the same page. */
  accepted(reply: FastifyReply, formToken: string): FastifyReply | Promise<FastifyReply>;
  /** Not stored: the visitor keeps what they typed (drawings must be chosen again) and reads why. */
  refused(
    reply: FastifyReply,
    status: Refused,
    values: EnquiryFormValues,
    errors: EnquiryFieldErrors,
    formToken: string,
    formError?: string,
  ): FastifyReply | Promise<FastifyReply>;
}

const RETRY_AFTER_SECONDS: Partial<Record<Refused, number>> = { 429: 60, 503: STORAGE_RETRY_AFTER_SECONDS };
const CHOOSE_AGAIN = 'Please choose your drawings again: files are not kept when a form is sent back.';

function trapFilled(body: unknown): boolean {
  const trap = (body as Record<string, unknown> | null)?.[HONEYPOT_FIELD];
  return typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null;
}

const prefersJson = (request: FastifyRequest) =>
  /application\/json/.test(request.headers.accept ?? '') && !/text\/html/.test(request.headers.accept ?? '');

/**
 * POST /contact: the enquiry form, multipart with drawings (or urlencoded), from a browser without
 * JavaScript (pages, 303) or with it (the same form data, answered as JSON); POST /api/enquiries:
 * JSON for scripts. One flow: validated with the shared schema, one allowance per client for both,
 * answered only after the enquiry and its drawings are committed to disk.
 */
export async function enquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): Promise<void> {
  const { store, pages, secret, drawings, formTokens } = options;
  const allowance = createAllowance(options.ratePerMinute, 60_000);
  // Multipart only here, with the drawing limits; the rest of the site keeps its small body limit.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  const pageAnswers: Answers = {
    accepted: (reply) => reply.redirect(THANK_YOU_PATH, 303),
    refused: (reply, status, values, errors, formToken, formError) =>
      pages.sendPrivate(reply, '/contact', { contact: { values, errors, ...(formError && { formError }) }, formToken }, status),
  };
  const jsonAnswers: Answers = {
    accepted: (reply, formToken) => reply.code(201).send({ ok: true, formToken }),
    refused: (reply, status, _values, errors, _formToken, formError) =>
      reply.code(status).send({
        error: { 400: 'Bad Request', 413: 'Content Too Large', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status],
        message: formError ?? 'Please correct the highlighted fields.',
        ...(Object.keys(errors).length > 0 && { errors }),
      }),
  };

  async function submit(request: FastifyRequest, reply: FastifyReply, answers: Answers) {
    const { fields, drawings: received, refusal } = request.isMultipart()
      ? await readSubmission(request, drawings)
      : { fields: request.body, drawings: [] as ReceivedDrawing[], refusal: null };
    const values = formValuesOf(fields);
    const sentToken = (fields as Record<string, unknown> | null)?.[FORM_TOKEN_FIELD];
    const token = formTokens.check(sentToken);
    // A form sent back keeps its token (and so how long it has been open), unless it had none of ours.
    const formTokenBack = token.nonce ? String(sentToken) : formTokens.issue();
    const refuse = async (status: Refused, errors: EnquiryFieldErrors, formError?: string) => {
      await drawings.discard(received);
      const retryAfter = RETRY_AFTER_SECONDS[status];
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      if (received.length > 0 && !errors.drawings) errors = { ...errors, drawings: CHOOSE_AGAIN };
      return answers.refused(reply, status, values, errors, formTokenBack, formError);
    };

    if (trapFilled(fields)) {
      await drawings.discard(received);
      request.log.info('honeypot filled: enquiry dropped');
      return answers.accepted(reply, formTokens.issue());
    }
    const result = validateEnquiry(fields);
    if (refusal?.status === 503) {
      request.log.error({ reason: refusal.message }, 'enquiry NOT stored (a drawing could not be written): answered 503');
      return refuse(503, { drawings: CHOOSE_AGAIN }, storageFailureMessage(options.contactEmail()));
    }
    if (refusal) {
      return refuse(refusal.status, { ...(result.ok ? {} : result.errors), drawings: `${refusal.message} ${CHOOSE_AGAIN}` });
    }
    if (!result.ok) return refuse(400, result.errors);

    const clientIpHash = hashClientIp(secret, request.ip);
    if (!allowance.take(clientIpHash)) return refuse(429, {}, TOO_MANY_REQUESTS_MESSAGE);
    let kept: NewDrawing[] = [];
    let stored: Enquiry;
    try {
      kept = await drawings.keep(received);
      const origin = { clientIpHash, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
      const { enquiry, repeated } = store.create(result.enquiry, {
        origin,
        drawings: kept,
        notify: options.notifications !== undefined,
        spamReason: spamReason(result.enquiry, token),
        tokenNonce: token.nonce,
      });
      if (repeated) {
        await drawings.remove(kept.map((drawing) => drawing.storedName));
        request.log.info({ enquiryId: enquiry.id, repeats: enquiry.repeats }, 'the same enquiry again: counted as a repeat, not stored twice');
        return answers.accepted(reply, formTokens.issue());
      }
      stored = enquiry;
    } catch (error) {
      const failure = asStorageFailure(error);
      if (!failure) throw error;
      await drawings.remove(kept.map((drawing) => drawing.storedName));
      allowance.giveBack(clientIpHash);
      request.log.error({ err: failure.cause ?? failure, reason: failure.reason }, 'enquiry NOT stored: answered 503');
      return refuse(503, {}, storageFailureMessage(options.contactEmail()));
    }
    if (stored.spamReason) {
      request.log.info({ enquiryId: stored.id, reason: stored.spamReason }, 'enquiry stored in Spam (no notification)');
    } else {
      request.log.info({ enquiryId: stored.id, drawings: stored.drawings.length }, 'enquiry stored');
      void options.notifications?.run();
    }
    return answers.accepted(reply, formTokens.issue());
  }

  app.post('/contact', (request, reply) => submit(request, reply, prefersJson(request) ? jsonAnswers : pageAnswers));
  app.post('/api/enquiries', (request, reply) => submit(request, reply, jsonAnswers));
}
