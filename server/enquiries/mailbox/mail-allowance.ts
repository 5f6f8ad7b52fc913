import type { DB } from '../../platform/db/open-database.js';

/** The most bytes of files e-mail may bring: into one enquiry's thread, and from one sender in a day. */
export interface MailAllowance {
  enquiryBytes: number;
  senderBytesPerDay: number;
}

export const MAIL_ALLOWANCE: MailAllowance = {
  enquiryBytes: 50 * 1024 * 1024,
  senderBytesPerDay: 100 * 1024 * 1024,
};

const DAY_MS = 24 * 60 * 60 * 1000;
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** What is left for a reply's attachments, or why none may be kept at all (its enquiry is in Spam or Trash). */
export type AttachmentRoom = { refused: string } | { enquiryBytes: number; senderBytes: number };

/**
 * How much of the allowance for files sent by e-mail is left: the files already stored from the
 * buyer's replies in this enquiry's thread, and those the same sender (in any case) brought into any
 * thread in the last 24 hours. A thread filed as Spam or in Trash takes no files.
 */
export function createMailAllowance(db: DB, now: () => number, allowance: MailAllowance = MAIL_ALLOWANCE) {
  const place = db.prepare<[number], { trashed_at: string | null; spam_reason: string | null }>(
    'SELECT trashed_at, spam_reason FROM enquiries WHERE id = ?',
  );
  const storedIn = db
    .prepare<[number], number>(
      `SELECT coalesce(sum(f.size), 0) FROM enquiry_messages m
       JOIN enquiry_message_files l ON l.message_id = m.id JOIN enquiry_files f ON f.id = l.file_id
       WHERE m.enquiry_id = ? AND m.direction = 'received'`,
    )
    .pluck();
  // enquiry_messages_received_by_sender (migration 33) finds the sender's messages of the day.
  const storedFrom = db
    .prepare<[string, string], number>(
      `SELECT coalesce(sum(f.size), 0) FROM enquiry_messages m
       JOIN enquiry_message_files l ON l.message_id = m.id JOIN enquiry_files f ON f.id = l.file_id
       WHERE m.direction = 'received' AND m.sender = ? COLLATE NOCASE AND m.created_at >= ?`,
    )
    .pluck();

  return {
    allowance,
    room(enquiryId: number, sender: string): AttachmentRoom {
      const row = place.get(enquiryId);
      if (row?.trashed_at) return { refused: 'not kept, the enquiry is in Trash' };
      if (row?.spam_reason) return { refused: 'not kept, the enquiry is in Spam' };
      const since = new Date(now() - DAY_MS).toISOString();
      return {
        enquiryBytes: Math.max(0, allowance.enquiryBytes - storedIn.get(enquiryId)!),
        senderBytes: Math.max(0, allowance.senderBytesPerDay - storedFrom.get(sender, since)!),
      };
    },
    /** Why a file of `size` bytes is over what is left, or undefined when it fits. */
    overAllowance(size: number, left: { enquiryBytes: number; senderBytes: number }): string | undefined {
      if (size > left.enquiryBytes)
        return `not kept, the files sent by e-mail to this enquiry would pass its allowance of ${mb(allowance.enquiryBytes)}`;
      if (size > left.senderBytes)
        return `not kept, the files this sender sent by e-mail in 24 hours would pass their allowance of ${mb(allowance.senderBytesPerDay)}`;
      return undefined;
    },
  };
}
