import type { SignedIn } from './session.js';

/** One line of the audit log: who did what, when, to which enquiry (never what it said). */
export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  enquiryId: number | null;
  detail: string | null;
  /** A sign-in's browser, roughly ("Chrome on Android"); null on other rows. */
  browser: string | null;
  /** A sign-in's client network (203.0.113.0/24, or an IPv6 /64); null on other rows. */
  network: string | null;
}

/** /admin/audit: the audit log, newest first. */
export interface AdminAuditPage extends SignedIn {
  screen: 'audit';
  entries: AuditEntry[];
  /** Cursor (an entry id) of the next, older page. */
  next: number | null;
}
