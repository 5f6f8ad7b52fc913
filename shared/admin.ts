import type { AdminSitePage } from './site-editor.js';
import type { Enquiry, Stage } from './enquiry/enquiry.js';
import { formatInZone } from './time/time-zone.js';

/** Texts of the admin screens, word for word from the specification. */
export const ADMIN_TEXT = {
  loginTitle: 'Admin Login',
  login: 'Login',
  loggingIn: 'Logging in...',
  loginFailed: 'Invalid email or password.',
  panelTitle: 'Admin Panel - Customer Enquiries',
  logout: 'Logout',
  searchPlaceholder: 'Search by name, email, phone, or subject...',
  refresh: 'Refresh',
  totalEnquiries: 'Total Enquiries',
  filteredResults: 'Filtered Results',
  loading: 'Loading enquiries...',
  empty: 'No enquiries found.',
  confirmDelete: 'Are you sure you want to delete this enquiry?',
  deleteFailed: 'Failed to delete enquiry.',
  actionFailed: 'That did not work. Please try again.',
  loadFailed: 'Could not load the latest enquiries. The list shows what was loaded before.',
  delete: 'Delete',
} as const;

/** The answer to a sign-in refused by the throttle, with how long to wait. */
export function tooManyLogins(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed sign-in attempts. Please try again in ${wait}.`;
}

export function exportLabel(count: number): string {
  return `Export to CSV (${count})`;
}

/** Enquiries rendered at once; older ones follow page by page. */
export const ADMIN_PAGE_SIZE = 50;

export const ADMIN_API = {
  login: '/admin/login',
  logout: '/admin/logout',
  enquiries: '/admin/api/enquiries',
  exportCsv: '/admin/export.csv',
  bulk: '/admin/enquiries/bulk',
  erase: '/admin/privacy/erase',
  download: '/admin/privacy/download',
} as const;

/** The panel's views: the inbox (neither spam nor in Trash), what is unread or starred in it, Spam and Trash. */
export const ADMIN_VIEWS = ['inbox', 'unread', 'starred', 'spam', 'trash'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];
export const VIEW_LABELS: Record<AdminView, string> = { inbox: 'Inbox', unread: 'Unread', starred: 'Starred', spam: 'Spam', trash: 'Trash' };

/** What the admin can do to one enquiry (POST /admin/enquiries/:id/:action). */
export const ENQUIRY_ACTIONS = ['read', 'unread', 'star', 'unstar', 'trash', 'restore', 'purge', 'resend', 'spam', 'notspam'] as const;
export type EnquiryAction = (typeof ENQUIRY_ACTIONS)[number];

/** What can be done to the selected cards at once, by view (POST /admin/enquiries/bulk). */
export const BULK_ACTIONS: Record<AdminView, readonly BulkAction[]> = {
  inbox: ['read', 'unread', 'trash', 'spam'],
  unread: ['read', 'unread', 'trash', 'spam'],
  starred: ['read', 'unread', 'trash', 'spam'],
  spam: ['notspam', 'trash'],
  trash: ['restore', 'purge'],
};
export type BulkAction = Exclude<EnquiryAction, 'star' | 'unstar' | 'resend'>;
export const ACTION_LABELS: Record<EnquiryAction, string> = {
  read: 'Mark as read',
  unread: 'Mark as unread',
  star: 'Star',
  unstar: 'Unstar',
  trash: 'Move to trash',
  restore: 'Restore',
  purge: 'Delete permanently',
  resend: 'Resend notification',
  spam: 'Mark as spam',
  notspam: 'Not spam',
};
export const CONFIRM_PURGE = 'Delete this enquiry permanently? It cannot be restored.';
export const confirmBulkPurge = (count: number) =>
  `Delete ${count} ${count === 1 ? 'enquiry' : 'enquiries'} permanently? ${count === 1 ? 'It' : 'They'} cannot be restored.`;

/**
 * Which enquiries the panel shows: a view, the spec's search, and filters by stage, product and the
 * day received (from/to, inclusive, in the site's time zone). It lives in the address (/admin?…).
 */
export interface EnquiryFilter {
  view: AdminView;
  query: string;
  stage: Stage | null;
  product: string | null;
  /** YYYY-MM-DD */
  from: string | null;
  to: string | null;
}
export const INBOX: EnquiryFilter = { view: 'inbox', query: '', stage: null, product: null, from: null, to: null };

/** The filter as a query string ("?view=spam&q=…", or "" for the plain inbox), plus a page cursor. */
export function filterSearch(filter: EnquiryFilter, after?: string | null): string {
  const params = new URLSearchParams();
  if (filter.view !== 'inbox') params.set('view', filter.view);
  if (filter.query) params.set('q', filter.query);
  if (filter.stage) params.set('stage', filter.stage);
  if (filter.product) params.set('product', filter.product);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (after) params.set('after', after);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Whether anything narrows the view beyond the view itself. */
export const isFiltered = (filter: EnquiryFilter) => !!(filter.query || filter.stage || filter.product || filter.from || filter.to);

/** Enquiries per week (oldest first) and per product, for the charts above the list. */
export interface EnquiryStats {
  weeks: { start: string; count: number }[];
  products: { label: string; count: number }[];
}

export interface EnquiryList {
  /** In the inbox (neither spam nor in Trash): the spec's Total Enquiries. */
  total: number;
  /** In the current view, search and filters: the spec's Filtered Results. */
  filtered: number;
  unread: number;
  /** In Spam (filed there by the site's rules or by the admin), shown beside the unread count. */
  spam: number;
  enquiries: Enquiry[];
  /** Cursor of the next (older) page, if any. */
  next: string | null;
}

export interface AdminSignedOut {
  signedIn: false;
  csrfToken: string;
  email?: string;
  loginError?: string;
}

export interface SignedIn {
  signedIn: true;
  csrfToken: string;
  email: string;
  /** The site's time zone: dates are shown in it. */
  timeZone: string;
}

/** /admin: the enquiry desk. */
export interface AdminSignedIn extends EnquiryList, SignedIn {
  screen: 'enquiries';
  filter: EnquiryFilter;
  /** Cursor this page starts after (a later page of the list), when not the first page. */
  after: string | null;
  /** Every card on the page ticked ("Select all" without JavaScript). */
  selectAll: boolean;
  stats: EnquiryStats;
}

/** One line of the audit log: who did what, when, to which enquiry (never what it said). */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  enquiryId: number | null;
  detail: string | null;
}

/** /admin/audit: the audit log, newest first. */
export interface AdminAuditPage extends SignedIn {
  screen: 'audit';
  entries: AuditEntry[];
  /** Cursor (an entry id) of the next, older page. */
  next: number | null;
}

/** /admin/privacy: find, download and erase one person's enquiries. */
export interface AdminPrivacyPage extends SignedIn {
  screen: 'privacy';
  /** The e-mail address or phone number looked up, and how many enquiries it matches. */
  lookup: { who: string; count: number } | null;
  /** What was done (after an erasure), or why the lookup was refused. */
  message: string | null;
  error: string | null;
}

export type AdminPageData = AdminSignedOut | AdminSignedIn | AdminAuditPage | AdminPrivacyPage | AdminSitePage;

export const ADMIN_SCREENS = [
  { path: '/admin', label: 'Enquiries' },
  { path: '/admin/site', label: 'Site' },
  { path: '/admin/audit', label: 'Audit log' },
  { path: '/admin/privacy', label: 'Personal data' },
] as const;

/** Date of an enquiry as the panel shows it, in the site's time zone (as in the CSV); N/A when there is none. */
export function formatEnquiryDate(iso: string | null | undefined, timeZone: string): string {
  if (!iso || Number.isNaN(new Date(iso).getTime())) return 'N/A';
  return formatInZone(iso, timeZone);
}
