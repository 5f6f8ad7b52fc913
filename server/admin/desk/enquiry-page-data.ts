import type { FastifyRequest } from 'fastify';
import type { AdminEnquiryPage } from '../../../shared/admin/desk.js';
import { THREAD_QUERY } from '../../../shared/admin/filter.js';
import type { SignedIn } from '../../../shared/admin/session.js';
import type { OpenedEnquiry } from './desk-reader.js';
import { filterOf, type FilterQuery } from './filter-query.js';

/**
 * The data of an enquiry's page (`/admin/enquiries/<n>`), the one way both its routes make it: the
 * page itself, and a reply refused without JavaScript, shown again with what was typed.
 */
export function enquiryPageData(
  request: FastifyRequest<{ Querystring: FilterQuery }>,
  signedIn: SignedIn,
  opened: OpenedEnquiry,
  page: Pick<AdminEnquiryPage, 'done' | 'replying' | 'replyDraft' | 'quotations' | 'replySignature'>,
): AdminEnquiryPage {
  return {
    ...signedIn,
    screen: 'enquiry',
    filter: filterOf(request.query),
    after: request.query.after || null,
    // The admin chose to make the links in the buyer's replies clickable (links=1).
    links: (request.query as { links?: unknown }).links === '1',
    // Every message of the thread open (thread=all), not only the newest.
    threadAll: (request.query as Record<string, unknown>)[THREAD_QUERY] === 'all',
    ...page,
    ...opened,
  };
}
