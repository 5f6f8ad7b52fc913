import type { KeptAsideMessage } from '../../../shared/admin/desk.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { ParsedReply } from './read-reply.js';
import { plainLine } from './reply-text.js';

/** A message naming an enquiry from someone other than its buyer, as the poller read it. */
export interface MessageKeptAside {
  enquiryId: number;
  /** Message-ID without angle brackets (a stable one is made for a message without). */
  messageId: string;
  mail: Pick<ParsedReply, 'from' | 'subject' | 'body' | 'attachments'>;
  /** Its Date header, when readable. */
  sentAt: Date | undefined;
}

export type KeptAside = ReturnType<typeof createKeptAside>;

/**
 * Keeps aside a message that names an enquiry but is not from its buyer alone (issue 40 item 9): its
 * sender, subject, date, text (already bounded and cleaned by the reader) and the names and sizes of
 * its attachments, which are not stored. Once per Message-ID; none for an enquiry that is gone.
 */
export function createKeptAside(options: { db: DB; storage: StorageMonitor; now: () => number }) {
  const insert = options.db.prepare(
    `INSERT OR IGNORE INTO mail_kept_aside (enquiry_id, message_id, sender, subject, sent_at, kept_at, body, attachments)
     SELECT @enquiryId, @messageId, @sender, @subject, @sentAt, @keptAt, @body, @attachments
     WHERE EXISTS (SELECT 1 FROM enquiries WHERE id = @enquiryId)`,
  );
  const one = options.db.prepare<[number, number], KeptAsideRow>(
    `SELECT ${KEPT_ASIDE_COLUMNS}, message_id AS messageId FROM mail_kept_aside WHERE id = ? AND enquiry_id = ?`,
  );
  const remove = options.db.prepare('DELETE FROM mail_kept_aside WHERE id = ?');
  const intoThread = options.db.prepare(
    // Not the buyer's answer: the stage and "awaiting" stay as they are, and no e-mail tells the admin.
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at, announced_at)
     VALUES (@enquiryId, 'received', @messageId, @sender, '', @subject, @body, @createdAt, @attachedAt)`,
  );
  /** Takes a kept message out of the list (into the thread or away), with `also` in the same write. */
  const take = (id: number, enquiryId: number, also: (row: KeptAsideRow) => void): KeptAsideRow | undefined =>
    options.storage.write(() => {
      const row = one.get(id, enquiryId);
      if (!row) return undefined;
      also(row);
      remove.run(id);
      return row;
    });
  return {
    /**
     * Joins a kept message to its enquiry's thread, as received from its sender (`record` audits it in
     * the same write); undefined when it is no longer kept (attached or discarded already).
     */
    attach(id: number, enquiryId: number, record: () => void): KeptAsideRow | undefined {
      return take(id, enquiryId, (row) => {
        const attachedAt = new Date(options.now()).toISOString();
        intoThread.run({ ...row, enquiryId, createdAt: row.sentAt ?? row.keptAt, attachedAt });
        record();
      });
    },
    /** Removes a kept message (`record` audits it in the same write); undefined when it is gone already. */
    discard(id: number, enquiryId: number, record: () => void): KeptAsideRow | undefined {
      return take(id, enquiryId, record);
    },
    /** Stores one message; true when it is on disk now (false: kept before, or its enquiry is gone). */
    keep({ enquiryId, messageId, mail, sentAt }: MessageKeptAside): boolean {
      const validDate = sentAt && !Number.isNaN(sentAt.getTime()) ? sentAt.toISOString() : null;
      const attachments = mail.attachments.map(({ filename, size }) => ({
        name: plainLine(filename ?? 'attachment'),
        size,
      }));
      const row = {
        enquiryId,
        messageId,
        sender: mail.from.join(', '),
        subject: mail.subject,
        sentAt: validDate,
        keptAt: new Date(options.now()).toISOString(),
        body: mail.body,
        attachments: JSON.stringify(attachments),
      };
      return options.storage.write(() => insert.run(row).changes === 1);
    },
  };
}

const KEPT_ASIDE_COLUMNS = 'id, sender, subject, sent_at AS sentAt, kept_at AS keptAt, body, attachments';
type KeptAsideRow = Omit<KeptAsideMessage, 'attachments'> & { attachments: string; messageId: string };

/** The messages kept aside for an enquiry, oldest first (read by the desk's reader thread). */
export function keptAsideReads(db: DB): (enquiryId: number) => KeptAsideMessage[] {
  const list = db.prepare<[number], Omit<KeptAsideRow, 'messageId'>>(
    `SELECT ${KEPT_ASIDE_COLUMNS} FROM mail_kept_aside WHERE enquiry_id = ? ORDER BY id`,
  );
  return (enquiryId) =>
    list.all(enquiryId).map((row) => ({
      ...row,
      attachments: JSON.parse(row.attachments) as KeptAsideMessage['attachments'],
    }));
}

/** The enquiries with mail kept aside, oldest first, at most 20 (the Inbox's line). */
export function keptAsideCounts(db: DB): () => { enquiryId: number; count: number }[] {
  const counts = db.prepare<[], { enquiryId: number; count: number }>(
    `SELECT enquiry_id AS enquiryId, count(*) AS count FROM mail_kept_aside
     GROUP BY enquiry_id ORDER BY min(id) LIMIT 20`,
  );
  return () => counts.all();
}
