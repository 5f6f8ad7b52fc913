import type Database from 'better-sqlite3';
import type { Enquiry, NotificationState } from '../../../shared/enquiry/enquiry.js';
import type { EventKind, ThreadMessage, TimelineItem } from '../../../shared/enquiry/thread.js';
import { toDrawing, type DrawingRow } from '../enquiry-reads.js';
import { splitAddresses } from '../../../shared/admin/reply-copies.js';

interface MessageRow {
  id: number;
  direction: ThreadMessage['direction'];
  automatic: number;
  dmarc_failed: number;
  sender: string;
  recipient: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  created_at: string;
  status: NotificationState['status'] | null;
  error: string | null;
  tries: number | null;
}

/**
 * An enquiry's timeline: the enquiry as received, the replies sent and received (with their files
 * and a sent reply's delivery), its notes, and what was done to it (enquiry_events), in time order.
 * Any connection can read it (the desk's reader thread has its own).
 */
export function createTimelineReads(db: Database.Database) {
  const messages = db.prepare<[number], MessageRow>(
    `SELECT m.id, m.direction, m.automatic, m.dmarc_failed, m.sender, m.recipient, m.cc, m.bcc, m.subject, m.body,
       m.created_at, d.status, d.error, d.tries
     FROM enquiry_messages m LEFT JOIN deliveries d ON d.reply_id = m.id
     WHERE m.enquiry_id = ? ORDER BY m.created_at, m.id`,
  );
  const files = db.prepare<[number], DrawingRow & { message_id: number; ours: 0 | 1 }>(
    `SELECT m.message_id, f.id, f.enquiry_id, f.stored_name, f.name, f.size, f.type, f.sha256,
       EXISTS (SELECT 1 FROM files_sent_by_us o WHERE o.file_id = f.id) AS ours
     FROM enquiry_message_files m JOIN enquiry_files f ON f.id = m.file_id
     WHERE m.message_id IN (SELECT id FROM enquiry_messages WHERE enquiry_id = ?) ORDER BY f.id`,
  );
  const events = db.prepare<[number], { at: string; actor: string; kind: EventKind; detail: string | null }>(
    'SELECT at, actor, kind, detail FROM enquiry_events WHERE enquiry_id = ? ORDER BY at, id',
  );

  return {
    timeline(enquiry: Enquiry): TimelineItem[] {
      const filesOf = new Map<number, ThreadMessage['files']>();
      const oursOf = new Map<number, number[]>();
      for (const row of files.all(enquiry.id)) {
        filesOf.set(row.message_id, [...(filesOf.get(row.message_id) ?? []), toDrawing(row)]);
        if (row.ours) oursOf.set(row.message_id, [...(oursOf.get(row.message_id) ?? []), row.id]);
      }
      const items: TimelineItem[] = [
        { kind: 'enquiry', at: enquiry.createdAt, who: enquiry.email ?? enquiry.name },
        ...messages.all(enquiry.id).map((row): TimelineItem => ({
          kind: 'message',
          at: row.created_at,
          who: row.sender,
          message: {
            id: row.id,
            direction: row.direction,
            automatic: row.automatic === 1,
            dmarcFailed: row.dmarc_failed === 1,
            sender: row.sender,
            recipient: row.recipient,
            cc: splitAddresses(row.cc),
            bcc: splitAddresses(row.bcc),
            subject: row.subject,
            body: row.body,
            at: row.created_at,
            files: filesOf.get(row.id) ?? [],
            ...(row.direction === 'sent' && { ours: oursOf.get(row.id) ?? [] }),
            delivery: row.status === null ? null : { status: row.status, error: row.error, tries: row.tries ?? 0 },
          },
        })),
        ...enquiry.notes.map((note): TimelineItem => ({
          kind: 'note',
          at: note.createdAt,
          who: note.author,
          body: note.body,
        })),
        ...events.all(enquiry.id).map(({ at, actor, kind, detail }): TimelineItem => ({
          kind: 'event',
          at,
          who: actor,
          event: kind,
          detail,
        })),
      ];
      // Stable: at the same instant, the order above (the enquiry, messages, notes, events).
      return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    },
  };
}
