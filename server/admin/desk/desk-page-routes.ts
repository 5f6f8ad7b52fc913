import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AdminSignedIn, EnquiryList } from '../../../shared/admin/desk.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { replyingOf } from '../../../shared/admin/reply.js';
import { clientNetwork } from '../../platform/security/client-network.js';
import { takeDone } from './desk-answer.js';
import type { EnquiryDeskOptions } from './desk-options.js';
import { idParam } from './desk-schemas.js';
import { enquiryPageData } from './enquiry-page-data.js';
import { filterOf, filterQuerySchema, type FilterQuery } from './filter-query.js';
import type { ReadingLimits } from './reading-limits.js';
import { replyStart } from './reply-start.js';

type DeskPageOptions = Pick<
  EnquiryDeskOptions,
  | 'store'
  | 'pages'
  | 'reader'
  | 'now'
  | 'mailbox'
  | 'setup'
  | 'replies'
  | 'quotations'
  | 'replyTemplates'
  | 'replySignature'
  | 'replyDrafts'
  | 'content'
>;

/**
 * The desk's reads: the list's page (/admin), an enquiry's page and the list as JSON, each read on
 * the desk's reader thread and limited as reading-limits.ts says.
 */
export function deskPageRoutes(admin: FastifyInstance, options: DeskPageOptions, limits: ReadingLimits) {
  const { store, pages, reader } = options;
  const { unavailable, listRead, enquiryRead, tooFast } = limits;

  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.desk,
    {
      schema: { querystring: filterQuerySchema },
      config: {
        access: 'public',
        rateLimit: { max: 120, timeWindow: 60_000, keyGenerator: (request) => clientNetwork(request.ip) },
        risky: listRead,
      },
    },
    async (request, reply) => {
      if (!request.adminAccount) return reply.sendSignIn();
      const refused = tooFast(request, reply, 'laterPage');
      if (refused) return refused;
      const filter = filterOf(request.query);
      const after = request.query.after || null;
      let list: EnquiryList;
      try {
        list = await reader.list(filter, after ?? undefined);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const data: AdminSignedIn = {
        ...reply.signedIn(),
        screen: 'enquiries',
        filter,
        after,
        selectAll: request.query.select === 'all',
        done: takeDone(request),
        now: new Date(options.now()).toISOString(),
        mailbox: options.mailbox?.status() ?? null,
        setup: options.setup?.card() ?? null,
        ...list,
      };
      return pages.sendPrivate(reply, ADMIN_PATHS.desk, { admin: data });
    },
  );

  // One enquiry, whole; opening it marks it read. The list's filter and page follow in the query
  // string: Back returns to them, and Newer/Older go through the same list.
  admin.get<{ Params: { id: number }; Querystring: FilterQuery }>(
    ADMIN_PATHS.enquiryPage,
    { schema: { params: idParam, querystring: filterQuerySchema }, config: { access: 'redirect', risky: enquiryRead } },
    async (request, reply) => {
      const refused = tooFast(request, reply, 'enquiry');
      if (refused) return refused;
      const filter = filterOf(request.query);
      let opened: Awaited<ReturnType<typeof reader.enquiry>>;
      try {
        opened = await reader.enquiry(filter, request.params.id);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const path = new URL(request.url, 'http://admin.invalid').pathname;
      if (!opened) return pages.sendPrivate(reply, path, { notFound: true }, 404);
      const { enquiry } = opened;
      // Opening it marks it read; coming back here after an action (Mark as unread …) does not.
      const done = takeDone(request);
      if (!enquiry.read && !done && request.method === 'GET') {
        try {
          store.mark(enquiry.id, 'read');
          enquiry.read = true;
        } catch (error) {
          // Shown as it is on disk (unread) when the mark could not be written.
          request.log.warn({ err: error, enquiryId: enquiry.id }, 'opening an enquiry could not mark it read');
        }
      }
      const key = randomUUID();
      const data = enquiryPageData(request, reply.signedIn(), opened, {
        done,
        replying: replyingOf(enquiry, options.replies !== undefined, key),
        ...replyStart(options, opened, request.query, key),
        quotations: options.quotations.revisions(enquiry.id),
      });
      return pages.sendPrivate(reply, path, { admin: data });
    },
  );

  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.enquiries,
    { schema: { querystring: filterQuerySchema }, config: { access: 'unauthorized', risky: listRead } },
    async (request, reply) =>
      tooFast(request, reply, 'laterPage') ??
      reader
        .list(filterOf(request.query), request.query.after)
        .catch((error: unknown) => unavailable(request, reply, error)),
  );
}
