import type { SignedIn } from './session.js';

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
