import type { Enquiry } from './enquiry/enquiry.js';

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
} as const;

/** The panel's views: the inbox (not in Trash), what is unread or starred in it, and Trash. */
export const ADMIN_VIEWS = ['inbox', 'unread', 'starred', 'trash'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];
export const VIEW_LABELS: Record<AdminView, string> = { inbox: 'Inbox', unread: 'Unread', starred: 'Starred', trash: 'Trash' };

/** What the admin can do to one enquiry (POST /admin/enquiries/:id/:action). */
export const ENQUIRY_ACTIONS = ['read', 'unread', 'star', 'unstar', 'trash', 'restore', 'purge', 'resend'] as const;
export type EnquiryAction = (typeof ENQUIRY_ACTIONS)[number];

export interface EnquiryList {
  /** In the inbox (not in Trash): the spec's Total Enquiries. */
  total: number;
  /** In the current view and search: the spec's Filtered Results. */
  filtered: number;
  unread: number;
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

export interface AdminSignedIn extends EnquiryList {
  signedIn: true;
  csrfToken: string;
  email: string;
  query: string;
  view: AdminView;
  /** Cursor this page starts after (a later page of the list), when not the first page. */
  after: string | null;
}

export type AdminPageData = AdminSignedOut | AdminSignedIn;

/** Date of an enquiry as the panel shows it, in Indian time; N/A when there is none. */
export function formatEnquiryDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
}
