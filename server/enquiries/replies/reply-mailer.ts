import { DRAWING_TYPES, type DrawingType } from '../../../shared/enquiry/quote.js';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import type { DrawingFiles } from '../drawings/drawing-files.js';

interface SentRow {
  message_id: string;
  in_reply_to: string | null;
  refs: string;
  recipient: string;
  subject: string;
  body: string;
}

export type ReplyMailer = ReturnType<typeof createReplyMailer>;

/**
 * Sends a stored reply as it was stored: to the buyer, from NOTIFY_FROM under the company's name
 * (as published when it is sent), with its Message-ID,
 * In-Reply-To and References, its text, and its files read from the uploads folder (each an
 * attachment under its original name and type). Each try is bounded by the mail sender's time limits.
 */
export function createReplyMailer(
  db: DB,
  settings: MailSenderSettings,
  drawings: Pick<DrawingFiles, 'pathOf'>,
  company: () => string,
) {
  const sender = createMailSender(settings);
  const messageOf = db.prepare<[number], SentRow>(
    `SELECT message_id, in_reply_to, refs, recipient, subject, body FROM enquiry_messages
     WHERE id = ? AND direction = 'sent'`,
  );
  const filesOf = db.prepare<[number], { stored_name: string; name: string; type: DrawingType }>(
    `SELECT f.stored_name, f.name, f.type FROM enquiry_message_files m JOIN enquiry_files f ON f.id = m.file_id
     WHERE m.message_id = ? ORDER BY f.id`,
  );
  return {
    /** Resolves once the SMTP server accepted the reply (or there is no such reply any more); rejects with its error. */
    async send(id: number, signal: AbortSignal): Promise<void> {
      const row = messageOf.get(id);
      if (!row) return;
      await sender.sendTo({
        to: row.recipient,
        fromName: company(),
        subject: row.subject,
        text: row.body,
        messageId: row.message_id,
        inReplyTo: row.in_reply_to,
        references: row.refs.split(' ').filter(Boolean),
        attachments: filesOf.all(id).map((file) => ({
          filename: file.name,
          path: drawings.pathOf(file.stored_name),
          contentType: DRAWING_TYPES[file.type].mime,
        })),
        signal,
      });
    },
    close: sender.close,
  };
}
