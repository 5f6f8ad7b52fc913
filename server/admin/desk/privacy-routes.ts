import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminPrivacyPage } from '../../../shared/admin/privacy.js';
import { phoneKey } from '../../enquiries/enquiry-store.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import { deleteForGood, type DeskServices } from './desk-services.js';

const who = { type: 'string', maxLength: 254 } as const;
const WHO_REQUIRED = 'Enter the e-mail address or phone number the person used.';
const WHO_INVALID = 'Enter a whole e-mail address (name@example.com) or a phone number with at least 8 digits.';

/** An e-mail address, or a phone number with enough digits to name one person; else why not. */
function checkWho(value: string | undefined): { who: string } | { error: string } {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return { error: WHO_REQUIRED };
  const valid = trimmed.includes('@') ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) : phoneKey(trimmed).length >= 8;
  return valid ? { who: trimmed } : { error: WHO_INVALID };
}

/**
 * /admin/privacy: the buyer's rights. Find how many enquiries an e-mail address or phone number
 * matches, download them as JSON, or erase them (with their notes and drawings) after confirming the
 * count. The audit log records each download and erasure, never the erased content.
 */
export default async function privacyRoutes(admin: FastifyInstance, options: DeskServices) {
  const { store, audit, pages } = options;

  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    page: Pick<AdminPrivacyPage, 'lookup' | 'message' | 'error'>,
    status = 200,
  ) =>
    pages.sendPrivate(
      reply,
      ADMIN_PATHS.privacy,
      {
        admin: {
          ...reply.signedIn(),
          screen: 'privacy',
          ...page,
        },
      },
      status,
    );

  admin.get<{ Querystring: { who?: string; erased?: number } }>(
    ADMIN_PATHS.privacy,
    {
      schema: { querystring: { type: 'object', properties: { who, erased: { type: 'integer', minimum: 0 } } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const { erased } = request.query;
      const message =
        erased === undefined
          ? null
          : `Erased ${erased} ${erased === 1 ? 'enquiry' : 'enquiries'}, with their notes and drawings.`;
      if (request.query.who === undefined) return show(request, reply, { lookup: null, message, error: null });
      const checked = checkWho(request.query.who);
      if ('error' in checked) return show(request, reply, { lookup: null, message: null, error: checked.error }, 400);
      return show(request, reply, {
        lookup: { who: checked.who, count: store.ofPerson(checked.who).length },
        message,
        error: null,
      });
    },
  );

  admin.get<{ Querystring: { who?: string } }>(
    ADMIN_PATHS.download,
    {
      schema: { querystring: { type: 'object', properties: { who }, required: ['who'] } },
      config: { access: 'unauthorized', risky: { what: RISKY_ACTIONS.downloadPerson, download: true } },
    },
    async (request, reply) => {
      const checked = checkWho(request.query.who);
      if ('error' in checked) return reply.code(400).send({ error: 'Bad Request', message: checked.error });
      const enquiries = store.ofPerson(checked.who);
      audit.record(request.adminAccount!.email, 'downloaded personal data', null, `${enquiries.length} enquiries`);
      const file = {
        name: `personal-data_${new Date().toISOString().slice(0, 10)}.json`,
        type: 'application/json; charset=utf-8',
      };
      return sendAttachment(
        reply,
        file,
        JSON.stringify(
          {
            exportedAt: new Date().toISOString(),
            matched: checked.who,
            // Each with its thread: the replies both ways, the notes and what was done to it.
            enquiries: enquiries.map((enquiry) => ({ ...enquiry, timeline: store.timeline(enquiry) })),
          },
          null,
          2,
        ),
      );
    },
  );

  // Erases what the admin saw: when the count changed meanwhile (a new enquiry), it asks again.
  admin.post<{ Body: { who?: string; count?: number } }>(
    ADMIN_PATHS.erase,
    {
      schema: {
        body: {
          type: 'object',
          properties: { who, count: { type: 'integer', minimum: 0 } },
          required: ['who', 'count'],
        },
      },
      config: { access: 'redirect', risky: { what: RISKY_ACTIONS.erasePerson } },
    },
    async (request, reply) => {
      const checked = checkWho(request.body.who);
      if ('error' in checked) return show(request, reply, { lookup: null, message: null, error: checked.error }, 400);
      const ids = store.ofPerson(checked.who).map((enquiry) => enquiry.id);
      if (ids.length !== request.body.count) {
        const error = `The number of matching enquiries changed to ${ids.length}: please confirm again.`;
        return show(request, reply, { lookup: { who: checked.who, count: ids.length }, message: null, error }, 409);
      }
      const removed = await deleteForGood(options, request.adminAccount!.email, 'erased', () => store.purge(ids));
      request.log.info({ enquiries: removed.ids.length, drawings: removed.files.length }, 'personal data erased');
      return reply.redirect(`${ADMIN_PATHS.privacy}?erased=${removed.ids.length}`, 303);
    },
  );
}
