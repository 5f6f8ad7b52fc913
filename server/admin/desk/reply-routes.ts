import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { filterSearch } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import {
  REPLY_KEY,
  MAX_REPLY_LENGTH,
  NO_SMTP_REASON,
  REPLY_FIELDS,
  replyDoneMessage,
  replyRetriedMessage,
  replyingOf,
  type ReplyDraft,
  type ReplyErrors,
  type ReplyRefused,
  type ReplySent,
} from '../../../shared/admin/reply.js';
import { copiesOf, type Copies } from '../../../shared/admin/reply-copies.js';
import { REPLY_TEXT } from '../../../shared/admin/texts.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { DeskReaderUnavailableError, type DeskReader } from './desk-reader.js';
import { filterOf, filterQuerySchema, type FilterQuery } from './filter-query.js';
import { enquiryPageData } from './enquiry-page-data.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { DB } from '../../platform/db/open-database.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../../platform/storage/storage-error.js';
import type { DrawingFiles } from '../../enquiries/drawings/drawing-files.js';
import type { EnquiryStore } from '../../enquiries/enquiry-store.js';
import { createTimelineReads } from '../../enquiries/thread/timeline-reads.js';
import type { Replies } from '../../enquiries/replies/replies.js';
import { replyUploads, type ReplyUploads } from '../../enquiries/replies/reply-uploads.js';
import type { ReplyDrafts } from '../../enquiries/replies/reply-drafts.js';
import { draftRoutes, textOf, typedReply } from './draft-routes.js';
import type { ReplySignature } from '../templates/signature-store.js';

export interface ReplyRouteOptions {
  db: DB;
  store: EnquiryStore;
  drawings: DrawingFiles;
  pages: PageRenderer;
  reader: DeskReader;
  /** Set when SMTP is configured: without it, the form is not offered and a reply is refused. */
  replies?: Replies;
  replyDrafts: ReplyDrafts;
  replySignature: ReplySignature;
}

const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;
const CHOOSE_AGAIN = 'Files are not kept when a reply is sent back: choose them again.';
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Content Too Large',
  503: 'Service Unavailable',
};

/** The form's key when it is one the server could have made; a new one otherwise. */
const keyOf = (key: string): string => (REPLY_KEY.test(key) ? key : randomUUID());
/** The drawings ticked: one value per checkbox, or a JSON list. */
const idsOf = (value: unknown): number[] =>
  [value ?? []]
    .flat()
    .map((item) =>
      typeof item === 'number' || (typeof item === 'string' && /^\d{1,12}$/.test(item)) ? Number(item) : NaN,
    );

/** A reply's CC and BCC as typed, parsed. */
interface ReplyCopies {
  cc: Copies;
  bcc: Copies;
}
const addressesOf = (copies: Copies): string[] => ('addresses' in copies ? copies.addresses : []);

/** Why a reply cannot be sent as it is, by field (none: it can). */
function replyErrors(
  body: string,
  attach: number[],
  copies: ReplyCopies,
  enquiry: Enquiry,
  upload: ReplyUploads,
): ReplyErrors {
  const errors: ReplyErrors = {};
  if ('error' in copies.cc) errors.cc = copies.cc.error;
  if ('error' in copies.bcc) errors.bcc = copies.bcc.error;
  const number = (n: number) => n.toLocaleString('en-IN');
  if (!body.trim()) errors.body = 'Write the reply first.';
  else if (body.length > MAX_REPLY_LENGTH)
    errors.body = `The reply is ${number(body.length)} characters long; it may be at most ${number(MAX_REPLY_LENGTH)}.`;
  const drawingIds = new Set(enquiry.drawings.map((drawing) => drawing.id));
  if (attach.some((fileId) => !drawingIds.has(fileId))) errors.files = 'Attach only drawings of this enquiry.';
  if (upload.refusal) errors.files = `${upload.refusal.message} ${CHOOSE_AGAIN}`;
  else if (upload.received.length > 0 && Object.keys(errors).length > 0) errors.files = CHOOSE_AGAIN;
  return errors;
}

type ReplyRequest = FastifyRequest<{ Params: { id: number }; Querystring: FilterQuery; Body: unknown }>;

/**
 * A reply refused: JSON with why, by field; or the enquiry's page again, with the text and the ticks
 * kept. Its text is kept as the enquiry's draft too (a storage failure or a missing enquiry aside).
 */
function replyRefusals(options: ReplyRouteOptions) {
  const { pages, reader, replies, replyDrafts, replySignature } = options;
  const keepDraft = (request: ReplyRequest, draft: ReplyDraft) => {
    if (!draft.body.trim()) return;
    try {
      replyDrafts.save(
        request.params.id,
        { body: draft.body, signature: draft.signature ?? null, cc: draft.cc ?? '', bcc: draft.bcc ?? '' },
        request.adminAccount!.email,
      );
    } catch (error) {
      if (!asStorageFailure(error)) throw error;
    }
  };
  return async (request: ReplyRequest, reply: FastifyReply, status: number, draft: ReplyDraft) => {
    if (status !== 404 && status !== 503) keepDraft(request, draft);
    if (status === 503) reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
    const message = Object.values(draft.errors).join(' ');
    if (answersJson(request, 'json-body-or-accept')) {
      const body: ReplyRefused = { error: STATUS_TEXT[status] ?? 'Bad Request', message, errors: draft.errors };
      return reply.code(status).send(body);
    }
    const filter = filterOf(request.query);
    const path = pathTo(ADMIN_PATHS.enquiryPage, { id: request.params.id });
    let opened: Awaited<ReturnType<DeskReader['enquiry']>>;
    try {
      opened = await reader.enquiry(filter, request.params.id);
    } catch (error) {
      // The desk's reader could not read the page back: the reply is not stored all the same; say so.
      if (!(error instanceof DeskReaderUnavailableError)) throw error;
      reply.code(503).header('retry-after', '5');
      const message = `${Object.values(draft.errors).join(' ')} The page could not be read back (${error.message}).`;
      return pages.sendPrivate(reply, path, { error: { status: 503, title: 'Service Unavailable', message } }, 503);
    }
    if (!opened) return pages.sendPrivate(reply, path, { notFound: true }, 404);
    const page = enquiryPageData(request, reply.signedIn(), opened, {
      done: null,
      replying: replyingOf(opened.enquiry, replies !== undefined, keyOf(draft.key)),
      replyDraft: draft,
      replySignature: replySignature.text(),
    });
    return pages.sendPrivate(reply, path, { admin: page }, status);
  };
}

/** The Retry of a reply that was not sent. */
function retryRoute(admin: FastifyInstance, db: DB, replies: Replies | undefined) {
  const replyOf = db.prepare<[number, number], { recipient: string; status: string | null }>(
    `SELECT m.recipient, d.status FROM enquiry_messages m LEFT JOIN deliveries d ON d.reply_id = m.id
     WHERE m.id = ? AND m.enquiry_id = ? AND m.direction = 'sent'`,
  );
  /**
   * POST /admin/enquiries/:id/replies/:replyId/retry: a reply that was not sent (failed, or waiting
   * for its next try) is tried again from the start, now; 303 back to the enquiry's page, which says so.
   */
  admin.post<{ Params: { id: number; replyId: number }; Querystring: FilterQuery }>(
    ADMIN_PATHS.replyRetry,
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, replyId: { type: 'integer', minimum: 1 } },
          required: ['id', 'replyId'],
        },
        querystring: filterQuerySchema,
      },
    },
    (request, reply) => {
      const { id, replyId } = request.params;
      const found = replyOf.get(replyId, id);
      if (!found) return reply.code(404).send({ error: 'Not Found', message: 'No such reply.' });
      if (!replies || found.status === 'sent')
        return reply.code(409).send({ error: 'Conflict', message: 'This reply is sent, or cannot be sent from here.' });
      replies.queue.resend(replyId);
      request.log.info({ enquiryId: id, replyId }, 'reply tried again by the admin');
      const back = `${pathTo(ADMIN_PATHS.enquiryPage, { id })}${filterSearch(filterOf(request.query), request.query.after)}`;
      request.session.set('done', { at: back, done: { message: replyRetriedMessage(found.recipient), undo: null } });
      return reply.redirect(back, 303);
    },
  );
}

/**
 * POST /admin/enquiries/:id/reply: the reply form of the enquiry's page. Multipart (the text, the
 * enquiry's drawings ticked, new files) from a form without JavaScript (303 back to the page, which
 * says what was done; refused: the page again with the text kept and why, by field) or with it
 * (the same form data, answered as JSON with the enquiry and its timeline as they are now). The
 * reply is stored with its files in one transaction before the answer, then delivered by the queue.
 */
export default async function replyRoutes(admin: FastifyInstance, options: ReplyRouteOptions): Promise<void> {
  const { store, replies, replySignature } = options;
  const uploads = await replyUploads(admin, options.drawings);
  const timelines = createTimelineReads(options.db);

  const refuse = replyRefusals(options);
  retryRoute(admin, options.db, replies);
  draftRoutes(admin, options.replyDrafts, () => replySignature.text());

  admin.post<{ Params: { id: number }; Querystring: FilterQuery; Body: unknown }>(
    ADMIN_PATHS.reply,
    { schema: { params: idParam, querystring: filterQuerySchema } },
    async (request, reply) => {
      const { id } = request.params;
      const fields = (request.body ?? {}) as Record<string, unknown>;
      const { body, signature, cc, bcc } = typedReply(fields);
      const attach = idsOf(fields[REPLY_FIELDS.attach]);
      const key = textOf(fields[REPLY_FIELDS.key]);
      const replaces = idsOf(fields[REPLY_FIELDS.replaces]).find(Number.isInteger) ?? null;
      const copies = { cc: copiesOf(cc, REPLY_TEXT.ccLabel), bcc: copiesOf(bcc, REPLY_TEXT.bccLabel) };
      const draft = (errors: ReplyErrors): ReplyDraft => ({
        body,
        ...(cc && { cc }),
        ...(bcc && { bcc }),
        attach: attach.filter(Number.isInteger),
        key,
        errors,
        replaces,
        ...(signature !== null && { signature }),
      });
      const upload = uploads.of(request);
      const enquiry = store.get(id);
      if (!enquiry) return refuse(request, reply, 404, draft({ form: 'No such enquiry.' }));
      const replying = replyingOf(enquiry, replies !== undefined, key);
      if (!replying.enabled || !replies)
        return refuse(request, reply, 409, draft({ form: replying.enabled ? NO_SMTP_REASON : replying.why }));

      const errors = replyErrors(body, attach, copies, enquiry, upload);
      if (Object.keys(errors).length > 0) {
        const { refusal } = upload;
        const status = refusal && refusal.status !== 400 && !errors.body ? refusal.status : 400;
        return refuse(request, reply, status, draft(errors));
      }

      let stored;
      try {
        const kept = await upload.batch.keep(upload.received);
        stored = replies.store.add({
          enquiryId: id,
          key: keyOf(key),
          sender: request.adminAccount!.email,
          body,
          attach,
          uploads: kept,
          replaces,
          signature: signature ?? replySignature.text(),
          clearsDraft: true,
          cc: addressesOf(copies.cc),
          bcc: addressesOf(copies.bcc),
        });
        // The same form sent again stores nothing new: its files are not kept either.
        if (stored && !stored.repeated) upload.batch.committed(kept.map((file) => file.storedName));
      } catch (error) {
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: failure.cause ?? failure, reason: failure.reason }, 'reply NOT stored: answered 503');
        return refuse(
          request,
          reply,
          503,
          draft({
            form: 'The reply could not be saved: storage is failing. Please try again in a minute.',
            ...(upload.received.length > 0 && { files: CHOOSE_AGAIN }),
          }),
        );
      }
      if (!stored)
        return refuse(request, reply, 409, draft({ form: 'This enquiry changed meanwhile: reload it and try again.' }));
      request.log.info(
        { enquiryId: id, replyId: stored.id, files: attach.length + upload.received.length },
        stored.repeated ? 'reply sent again by its form: stored once' : 'reply stored',
      );
      void replies.queue.run();

      const done = { message: replyDoneMessage(stored.recipient), undo: null };
      if (!answersJson(request, 'json-body-or-accept')) {
        const back = `${pathTo(ADMIN_PATHS.enquiryPage, { id })}${filterSearch(filterOf(request.query), request.query.after)}`;
        request.session.set('done', { at: back, done });
        return reply.redirect(back, 303);
      }
      const now = store.get(id) ?? enquiry;
      const sent: ReplySent = { done, enquiry: now, timeline: timelines.timeline(now), key: randomUUID() };
      return reply.code(201).send(sent);
    },
  );
}
