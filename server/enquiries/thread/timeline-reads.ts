import type Database from 'better-sqlite3';
import type { Enquiry, NotificationState } from '../../../shared/enquiry/enquiry.js';
import type { EventKind, ThreadMessage, TimelineItem } from '../../../shared/enquiry/thread.js';
import { toDrawing, type DrawingRow } from '../enquiry-reads.js';

interface MessageRow {
  id: number;
  direction: ThreadMessage['direction'];
  automatic: number;
  dmarc_failed: number;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  send_status: NotificationState['status'] | null;
  send_error: string | null;
  send_tries: number;
}

/**
 * An enquiry's timeline: the enquiry as received, the replies sent and received (with their files
 * and a sent reply's delivery), its notes, and what was done to it (enquiry_events), in time order.
 * Any connection can read it (the desk's reader thread has its own).
 */
export function createTimelineReads(db: Database.Database) {
  const messages = db.prepare<[number], MessageRow>(
    `SELECT id, direction, automatic, dmarc_failed, sender, recipient, subject, body, created_at, send_status, send_error, send_tries
     FROM enquiry_messages WHERE enquiry_id = ? ORDER BY created_at, id`,
  );
  const files = db.prepare<[number], DrawingRow & { message_id: number }>(
    `SELECT m.message_id, f.id, f.enquiry_id, f.stored_name, f.name, f.size, f.type, f.sha256
     FROM enquiry_message_files m JOIN enquiry_files f ON f.id = m.file_id
     WHERE m.message_id IN (SELECT id FROM enquiry_messages WHERE enquiry_id = ?) ORDER BY f.id`,
  );
  const events = db.prepare<[number], { at: string; actor: string; kind: EventKind; detail: string | null }>(
    'SELECT at, actor, kind, detail FROM enquiry_events WHERE enquiry_id = ? ORDER BY at, id',
  );

  return {
    timeline(enquiry: Enquiry): TimelineItem[] {
      const filesOf = new Map<number, ThreadMessage['files']>();
      for (const row of files.all(enquiry.id))
        filesOf.set(row.message_id, [...(filesOf.get(row.message_id) ?? []), toDrawing(row)]);
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
            subject: row.subject,
            body: row.body,
            at: row.created_at,
            files: filesOf.get(row.id) ?? [],
            delivery:
              row.send_status === null
                ? null
                : { status: row.send_status, error: row.send_error, tries: row.send_tries },
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
