import type { AuditEntry } from '../../../shared/admin/audit.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';
import type { DB } from './open-database.js';

/** What the audit log records (India's DPDP Rules ask for logs of access to personal data). */
export type AuditAction =
  | 'sign-in'
  | 'sign-in failed'
  | 'sign-in confirmed'
  | 'export'
  | 'moved to Trash'
  | 'restored'
  | 'deleted permanently'
  | 'emptied from Trash'
  | 'emptied from Spam'
  | 'deleted by retention'
  | 'erased'
  | 'downloaded personal data'
  | 'authenticator codes turned on'
  | 'authenticator codes turned off'
  | 'recovery codes made anew'
  | 'passkey added'
  | 'passkey removed'
  | 'signed out everywhere'
  | 'password changed'
  | 'password reset asked'
  | 'password reset'
  | 'password reset refused'
  | 'e-mail change asked'
  | 'e-mail changed'
  | 'mail attached to the thread'
  | 'mail discarded';

/** Where a sign-in came from, as the audit log shows it (never the full address). */
export interface SeenFrom {
  browser: string;
  network: string;
}

export interface AuditLog {
  /** Committed before it returns; inside a storage write, together with the change it records. */
  record(actor: string, action: AuditAction, enquiryId?: number | null, detail?: string | null, seen?: SeenFrom): void;
  /** Newest first, `limit` at a time; `before` is the id of the last entry of the previous page. */
  list(limit: number, before?: number): { entries: AuditEntry[]; next: number | null };
  /** Forgets entries older than `before` (kept one year). */
  prune(before: Date): number;
}

/** The actor of what the server does by itself (retention, emptying Trash and Spam). */
export const SYSTEM_ACTOR = 'system';

export function createAuditLog(db: DB, storage: StorageMonitor, now: () => Date = () => new Date()): AuditLog {
  const insert = db.prepare('INSERT INTO audit_log (at, actor, action, enquiry_id, detail) VALUES (?, ?, ?, ?, ?)');
  const insertSeen = db.prepare('INSERT INTO audit_seen_from (audit_id, browser, network) VALUES (?, ?, ?)');
  const page = db.prepare<[number, number], AuditEntry>(
    `SELECT id, at, actor, action, enquiry_id AS enquiryId, detail, browser, network
     FROM audit_log LEFT JOIN audit_seen_from ON audit_id = id WHERE id < ? ORDER BY id DESC LIMIT ?`,
  );
  const prune = db.prepare('DELETE FROM audit_log WHERE at < ?');
  return {
    record(actor, action, enquiryId = null, detail = null, seen) {
      const at = now().toISOString();
      // Inside another storage write (the change it records), this joins that transaction.
      storage.write(() => {
        const { lastInsertRowid } = insert.run(at, actor, action, enquiryId, detail);
        if (seen) insertSeen.run(lastInsertRowid, seen.browser, seen.network);
      });
    },
    list(limit, before = Number.MAX_SAFE_INTEGER) {
      const rows = page.all(before, limit + 1);
      const entries = rows.slice(0, limit);
      return { entries, next: rows.length > limit ? entries[entries.length - 1]!.id : null };
    },
    prune(before) {
      return storage.write(() => prune.run(before.toISOString()).changes);
    },
  };
}
