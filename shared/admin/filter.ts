import type { Stage } from '../enquiry/enquiry.js';
import type { LanguageCode } from '../i18n/languages.js';

/**
 * The panel's views: the inbox (neither spam nor in Trash), what is unread or starred in it, the
 * follow-ups due today or overdue (Due), the open threads whose last message is the buyer's (Awaiting us),
 * Spam and Trash.
 */
export const ADMIN_VIEWS = ['inbox', 'unread', 'awaiting', 'starred', 'due', 'spam', 'trash'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];
export const VIEW_LABELS: Record<AdminView, string> = {
  inbox: 'Inbox',
  unread: 'Unread',
  awaiting: 'Awaiting us',
  starred: 'Starred',
  due: 'Due',
  spam: 'Spam',
  trash: 'Trash',
};

/**
 * Which enquiries the panel shows: a view, the spec's search, and filters by stage, product, the
 * buyer's language and the day received (from/to, inclusive, in the site's time zone). It lives in the address (/admin?…).
 */
export interface EnquiryFilter {
  view: AdminView;
  query: string;
  stage: Stage | null;
  product: string | null;
  /** The language of the page the buyer wrote from. */
  language: LanguageCode | null;
  /** YYYY-MM-DD */
  from: string | null;
  to: string | null;
}
export const INBOX: EnquiryFilter = {
  view: 'inbox',
  query: '',
  stage: null,
  product: null,
  language: null,
  from: null,
  to: null,
};

/** The filter as a query string ("?view=spam&q=…", or "" for the plain inbox), plus a page cursor. */
export function filterSearch(filter: EnquiryFilter, after?: string | null): string {
  const params = new URLSearchParams();
  if (filter.view !== 'inbox') params.set('view', filter.view);
  if (filter.query) params.set('q', filter.query);
  if (filter.stage) params.set('stage', filter.stage);
  if (filter.product) params.set('product', filter.product);
  if (filter.language) params.set('language', filter.language);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (after) params.set('after', after);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether anything narrows the view beyond the view itself. */
export const isFiltered = (filter: EnquiryFilter) =>
  !!(filter.query || filter.stage || filter.product || filter.language || filter.from || filter.to);

/** An address with one more query parameter (`name=value`, already encoded). */
export const withQuery = (href: string, parameter: string) => `${href}${href.includes('?') ? '&' : '?'}${parameter}`;

/** The enquiry page's parameter that opens every message of its thread (`?thread=all`), for a browser without JavaScript. */
export const THREAD_QUERY = 'thread';
