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
  return {
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
