import { DRAWING_TYPES, type DrawingType } from '../../../shared/enquiry/quote.js';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import type { DrawingFiles } from '../drawings/drawing-files.js';
import { splitAddresses } from '../../../shared/admin/reply-copies.js';
import { replyHtml, replyText, type QuotedMessage } from './reply-content.js';

/** A link a reply carries below its text (a quotation's page), with the words that introduce it. */
export interface ReplyLink {
  label: string;
  url: string;
}

interface SentRow {
  enquiry_id: number;
  created_at: string;
  signature: string | null;
  message_id: string;
  in_reply_to: string | null;
  refs: string;
  recipient: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
}

export type ReplyMailer = ReturnType<typeof createReplyMailer>;

/**
 * The buyer's message a reply written at `before` answers: their latest reply by then (not an
 * automatic one), else the enquiry as they sent it.
 */
function buyerMessageOf(db: DB) {
  const lastReceived = db.prepare<[number, string], QuotedMessage>(
    `SELECT sender AS "from", created_at AS at, body FROM enquiry_messages
     WHERE enquiry_id = ? AND direction = 'received' AND automatic = 0 AND created_at <= ?
     ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  const enquiry = db.prepare<[number], QuotedMessage>(
    `SELECT CASE WHEN email IS NULL THEN name ELSE name || ' <' || email || '>' END AS "from",
       created_at AS at, message AS body FROM enquiries WHERE id = ?`,
  );
  return (enquiryId: number, before: string): QuotedMessage | null =>
    lastReceived.get(enquiryId, before) ?? enquiry.get(enquiryId) ?? null;
}

/**
 * Sends a stored reply as it was stored: to the buyer (and its CC and BCC), from NOTIFY_FROM under the company's name
 * (as published when it is sent), its text with its signature, a link when it carries one (a
 * quotation's page) and the buyer's message quoted below (plain text and HTML: reply-content.ts),
 * with its Message-ID,
 * In-Reply-To and References, its text, and its files read from the uploads folder (each an
 * attachment under its original name and type). Each try is bounded by the mail sender's time limits.
 */
export function createReplyMailer(
  db: DB,
  settings: MailSenderSettings,
  drawings: Pick<DrawingFiles, 'pathOf'>,
  company: () => string,
  /** The link a reply carries, if any (a quotation's page, made when it is sent). */
  linkOf: (replyId: number) => Promise<ReplyLink | undefined> = () => Promise.resolve(undefined),
) {
  const sender = createMailSender(settings);
  const messageOf = db.prepare<[number], SentRow>(
    `SELECT m.enquiry_id, m.created_at, s.signature, m.message_id, m.in_reply_to, m.refs, m.recipient, m.cc, m.bcc,
       m.subject, m.body
     FROM enquiry_messages m LEFT JOIN reply_signatures s ON s.message_id = m.id
     WHERE m.id = ? AND m.direction = 'sent'`,
  );
  const quotedOf = buyerMessageOf(db);
  const filesOf = db.prepare<[number], { stored_name: string; name: string; type: DrawingType }>(
    `SELECT f.stored_name, f.name, f.type FROM enquiry_message_files m JOIN enquiry_files f ON f.id = m.file_id
     WHERE m.message_id = ? ORDER BY f.id`,
  );
  return {
    /** Resolves once the SMTP server accepted the reply (or there is no such reply any more); rejects with its error. */
    async send(id: number, signal: AbortSignal): Promise<void> {
      const row = messageOf.get(id);
      if (!row) return;
      const content = {
        body: row.body,
        signature: row.signature,
        quoted: quotedOf(row.enquiry_id, row.created_at),
        link: await linkOf(id),
      };
      await sender.sendTo({
        to: row.recipient,
        cc: splitAddresses(row.cc),
        bcc: splitAddresses(row.bcc),
        fromName: company(),
        subject: row.subject,
        text: replyText(content),
        html: replyHtml(content),
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
