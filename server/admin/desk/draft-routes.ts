import type { FastifyInstance } from 'fastify';
import { filterSearch } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { MAX_COPIES_TYPED } from '../../../shared/admin/reply-copies.js';
import {
  MAX_REPLY_LENGTH,
  MAX_SIGNATURE_LENGTH,
  REPLY_FIELDS,
  type DraftSaved,
  type TypedReply,
} from '../../../shared/admin/reply.js';
import { REPLY_TEXT } from '../../../shared/admin/texts.js';
import type { ReplyDrafts } from '../../enquiries/replies/reply-drafts.js';
import { answersJson } from '../../platform/http/negotiation.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../../platform/storage/storage-error.js';
import { filterOf, filterQuerySchema, type FilterQuery } from './filter-query.js';

/** A form field as text (the first, when it came twice). */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) ? textOf(value[0]) : '';

/**
 * The reply form's text, signature and copies as typed (a browser sends a textarea's line breaks as
 * CRLF: kept as LF). The copies are kept as typed, checked only when the reply is sent.
 */
export function typedReply(fields: Record<string, unknown>): TypedReply {
  const signature = fields[REPLY_FIELDS.signature];
  return {
    body: textOf(fields[REPLY_FIELDS.body]).replace(/\r\n?/g, '\n'),
    signature: signature === undefined ? null : textOf(signature).replace(/\r\n?/g, '\n'),
    cc: textOf(fields[REPLY_FIELDS.cc]),
    bcc: textOf(fields[REPLY_FIELDS.bcc]),
  };
}

/**
 * POST /admin/enquiries/:id/draft: the reply being written, kept as the enquiry's one draft. With
 * JavaScript the reply form sends its text as it is typed (a pause after the last key) and gets
 * `{ savedAt }`; without it, the form's "Save draft" button sends the whole form (its files are not
 * kept) and comes back to the page with the draft in the form. Registered in the reply routes' scope,
 * which reads multipart; CSRF-checked like every change of the admin.
 */
export function draftRoutes(admin: FastifyInstance, drafts: ReplyDrafts, usualSignature: () => string) {
  admin.post<{ Params: { id: number }; Querystring: FilterQuery; Body: unknown }>(
    ADMIN_PATHS.replyDraft,
    {
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        querystring: filterQuerySchema,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const typed = typedReply((request.body ?? {}) as Record<string, unknown>);
      // The usual signature is not this reply's own: the draft follows a change of the usual one.
      if (typed.signature === usualSignature()) typed.signature = null;
      if (
        typed.body.length > MAX_REPLY_LENGTH ||
        (typed.signature?.length ?? 0) > MAX_SIGNATURE_LENGTH ||
        Math.max(typed.cc.length, typed.bcc.length) > MAX_COPIES_TYPED
      )
        return reply.code(400).send({ error: 'Bad Request', message: REPLY_TEXT.draftTooLong });
      let savedAt: string | null;
      try {
        savedAt = drafts.save(id, typed, request.adminAccount!.email);
      } catch (error) {
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: failure.cause ?? failure, reason: failure.reason }, 'draft NOT kept: answered 503');
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
        return reply.code(503).send({ error: 'Service Unavailable', message: REPLY_TEXT.draftNotSaved });
      }
      if (savedAt === null) return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      if (answersJson(request, 'json-body-or-accept')) return reply.send({ savedAt } satisfies DraftSaved);
      const back = `${pathTo(ADMIN_PATHS.enquiryPage, { id })}${filterSearch(filterOf(request.query), request.query.after)}`;
      request.session.set('done', { at: back, done: { message: REPLY_TEXT.draftSaved, undo: null } });
      return reply.redirect(`${back}#enquiry-${id}-reply`, 303);
    },
  );
}
