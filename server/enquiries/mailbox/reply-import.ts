import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Attachment } from 'mailparser';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import { isRefusal, type DrawingFiles, type ReceivedDrawing } from '../drawings/drawing-files.js';
import type { NewDrawing } from '../enquiry-store.js';
import type { DB } from '../../platform/db/open-database.js';
import { queueWebhookEvent } from '../../integrations/webhook-events.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { createMailAllowance, type MailAllowance } from './mail-allowance.js';

/** A buyer's reply, parsed, matched to its enquiry, ready to store. */
export interface IncomingReply {
  enquiryId: number;
  /** Message-ID without angle brackets (a stable one is made for a message without). */
  messageId: string;
  inReplyTo: string | null;
  refs: string[];
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  attachments: Pick<Attachment, 'filename' | 'content' | 'size'>[];
  /** The message was larger than the mailbox reader fetches: its text is kept, none of its attachments. */
  cut: boolean;
  /** An automatic reply (auto-reply.ts): stored as such; the enquiry stays as it was (read, whose turn). */
  automatic: boolean;
  /** The receiving server's Authentication-Results said dmarc=fail: shown on the message. */
  dmarcFailed: boolean;
}

/** What happened to a reply: stored, already stored (a second poll, a restart mid-poll), or its enquiry is gone. */
export type ImportOutcome =
  | { outcome: 'imported'; messageRowId: number; drawings: number; refused: string[] }
  | { outcome: 'duplicate' }
  | { outcome: 'gone' };

export type ReplyImport = ReturnType<typeof createReplyImport>;

/** The line above a reply's text that names each attachment not stored, and why. */
export function notKeptNote(refused: string[]): string {
  return `[Attachments not stored: ${refused.map((reason) => reason.replace(/\.$/, '')).join('; ')}.]`;
}

/**
 * Each attachment through the drawing checks and the allowances for files sent by e-mail, to
 * temporary files; what was not kept, by name and why. A disk under its free-space floor keeps none
 * of them (the text is stored all the same).
 */
async function receiveAttachments(
  reply: IncomingReply,
  { drawings, allowance }: { drawings: DrawingFiles; allowance: ReturnType<typeof createMailAllowance> },
): Promise<{ received: ReceivedDrawing[]; refused: string[] }> {
  const received: ReceivedDrawing[] = [];
  const refused: string[] = [];
  if (reply.attachments.length === 0) return { received, refused };
  const room = allowance.room(reply.enquiryId, reply.sender);
  let budget = DRAWING_LIMITS.totalBytes;
  let floorReached = false;
  try {
    for (const attachment of reply.attachments) {
      const name = attachment.filename ?? 'attachment';
      const why = refusal(attachment.size);
      if (why) {
        refused.push(`${name}: ${why}`);
        continue;
      }
      const result = await drawings.receive(Readable.from([attachment.content]), name, budget);
      if (isRefusal(result)) {
        floorReached = result.status === 503;
        refused.push(floorReached ? `${name}: not kept, the disk is nearly full` : result.message);
        continue;
      }
      received.push(result);
      budget -= result.size;
      if ('enquiryBytes' in room) {
        room.enquiryBytes -= result.size;
        room.senderBytes -= result.size;
      }
    }
    return { received, refused };
  } catch (error) {
    await Promise.all(received.map((drawing) => rm(drawing.tempPath, { force: true })));
    throw error;
  }

  /** Why an attachment of `size` bytes is not kept before it is read, if it is not. */
  function refusal(size: number): string | undefined {
    if (reply.cut) return 'the message was too large to read whole';
    if ('refused' in room) return room.refused;
    if (floorReached) return 'not kept, the disk is nearly full';
    if (received.length >= DRAWING_LIMITS.files) return `more than ${DRAWING_LIMITS.files} files`;
    if (size > DRAWING_LIMITS.fileBytes) return `larger than ${DRAWING_LIMITS.fileBytes / (1024 * 1024)} MB`;
    if (size > budget) return `more than ${DRAWING_LIMITS.totalBytes / (1024 * 1024)} MB in one message`;
    return allowance.overAllowance(size, room);
  }
}

/**
 * Records a reply in one transaction: the message, its kept files linked to it, and (unless it is an
 * automatic reply) the enquiry marked unread and awaiting us, with the webhook's event.
 */
function replyRecorder(db: DB) {
  const known = db.prepare<[string], number>('SELECT 1 FROM enquiry_messages WHERE message_id = ?').pluck();
  const exists = db.prepare<[number], number>('SELECT 1 FROM enquiries WHERE id = ?').pluck();
  const insertMessage = db.prepare(
    // An automatic reply is never the buyer's answer: it is not e-mailed to the admin (announced_at set).
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, in_reply_to, refs, sender, recipient, subject, body, created_at, automatic, dmarc_failed, announced_at)
     VALUES (@enquiryId, 'received', @messageId, @inReplyTo, @refs, @sender, @recipient, @subject, @body, @createdAt, @automatic, @dmarcFailed,
       CASE WHEN @automatic = 1 THEN @createdAt END)`,
  );
  const insertFile = db.prepare(
    'INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const link = db.prepare('INSERT INTO enquiry_message_files (message_id, file_id) VALUES (?, ?)');
  const markAwaitingUs = db.prepare(
    "UPDATE enquiries SET read_at = NULL, awaiting = 'us', last_message_at = ? WHERE id = ?",
  );

  return {
    isKnown: (messageId: string): boolean => known.get(messageId) !== undefined,

    /** Call inside a write transaction. */
    record(reply: IncomingReply, kept: NewDrawing[], refused: string[], createdAt: string): ImportOutcome {
      // Checked again inside the transaction: another poll may have stored it, or the enquiry gone.
      if (known.get(reply.messageId) !== undefined) return { outcome: 'duplicate' };
      if (exists.get(reply.enquiryId) === undefined) return { outcome: 'gone' };
      const messageRowId = Number(
        insertMessage.run({
          enquiryId: reply.enquiryId,
          messageId: reply.messageId,
          inReplyTo: reply.inReplyTo,
          refs: reply.refs.join(' '),
          sender: reply.sender,
          recipient: reply.recipient,
          subject: reply.subject,
          body: refused.length > 0 ? `${notKeptNote(refused)}\n\n${reply.body}` : reply.body,
          createdAt,
          automatic: reply.automatic ? 1 : 0,
          dmarcFailed: reply.dmarcFailed ? 1 : 0,
        }).lastInsertRowid,
      );
      for (const drawing of kept) {
        const { storedName, name, size, type, sha256 } = drawing;
        const fileId = insertFile.run(reply.enquiryId, storedName, name, size, type, sha256).lastInsertRowid;
        link.run(messageRowId, fileId);
      }
      if (!reply.automatic) {
        markAwaitingUs.run(createdAt, reply.enquiryId);
        const answer = { subject: reply.subject, receivedAt: createdAt, attachments: kept.length };
        queueWebhookEvent(db, 'enquiry.answered', reply.enquiryId, { answer }, new Date(createdAt));
      }
      return { outcome: 'imported', messageRowId, drawings: kept.length, refused };
    },
  };
}

/**
 * Stores buyers' replies in their enquiry's thread: the message (once: its Message-ID is unique), the
 * attachments that pass the drawing checks (name, content, the size limits of a buyer's drawings) as
 * drawings of the enquiry linked to the message, and the enquiry marked unread and awaiting us. The
 * files are on disk before the one transaction that records them, and removed when it fails.
 */
export function createReplyImport(options: {
  db: DB;
  storage: StorageMonitor;
  drawings: DrawingFiles;
  now: () => number;
  /** Called after each reply stored (the e-mail that tells the admin). */
  onImported?: () => void;
  /** The allowances for files sent by e-mail (MAIL_ALLOWANCE unless a test sets smaller ones). */
  allowance?: MailAllowance;
}) {
  const { db, storage, drawings } = options;
  const allowance = createMailAllowance(db, options.now, options.allowance);
  const recorder = replyRecorder(db);

  return {
    /** Whether a message is already in a thread (sent or received). */
    isKnown: recorder.isKnown,

    /** Stores one reply; committed before it returns. Throws when storage fails, leaving no file behind. */
    async importReply(reply: IncomingReply): Promise<ImportOutcome> {
      if (recorder.isKnown(reply.messageId)) return { outcome: 'duplicate' };
      const { received, refused } = await receiveAttachments(reply, { drawings, allowance });
      let kept: NewDrawing[] = [];
      try {
        kept = await drawings.keep(received);
        const createdAt = new Date(options.now()).toISOString();
        const result = storage.write(() => recorder.record(reply, kept, refused, createdAt));
        if (result.outcome !== 'imported') await drawings.remove(kept.map((drawing) => drawing.storedName));
        else options.onImported?.();
        return result;
      } catch (error) {
        await drawings.remove(kept.map((drawing) => drawing.storedName));
        await Promise.all(received.map((drawing) => rm(drawing.tempPath, { force: true })));
        throw error;
      }
    },
  };
}
