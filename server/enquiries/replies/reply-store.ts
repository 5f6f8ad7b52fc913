import { randomUUID } from 'node:crypto';
import { replySubject } from '../../../shared/admin/reply-link.js';
import { STAGE_LABELS } from '../../../shared/enquiry/enquiry.js';
import type { EnquiryStore, NewDrawing } from '../enquiry-store.js';
import type { DB } from '../../platform/db/open-database.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import { createEnquiryEvents } from '../thread/enquiry-events.js';

/** A reply the admin wrote, with the enquiry's drawings to attach and the files uploaded with it (on disk already). */
export interface NewReply {
  enquiryId: number;
  /** Its form's key (a UUID): the local part of its Message-ID. */
  key: string;
  /** The admin's address. */
  sender: string;
  body: string;
  /** Ids of the enquiry's files (enquiry_files) to attach. */
  attach: readonly number[];
  uploads: readonly NewDrawing[];
}

/** A reply stored and queued for delivery. */
export interface StoredReply {
  id: number;
  messageId: string;
  recipient: string;
  /** Its form was sent before (a double click): this is the reply stored then; nothing new was. */
  repeated: boolean;
}

export type ReplyStore = ReturnType<typeof createReplyStore>;

/**
 * Replies sent from the desk, in enquiry_messages (direction 'sent', delivery pending): each with a
 * Message-ID made here (`<random>@<SITE_URL's host>`), and In-Reply-To and References naming the
 * thread's earlier messages, both ways. Storing one is one transaction: the message, its new files
 * (rows of enquiry_files) and links to the files it carries, the enquiry now awaiting the buyer, and
 * a New enquiry moved to Open (an event of its timeline, by the admin).
 */
export function createReplyStore(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  /** The Message-ID's domain: SITE_URL's host. */
  host: string;
  now?: () => Date;
}) {
  const { db, storage, store, host } = options;
  const now = options.now ?? (() => new Date());
  const events = createEnquiryEvents(db, storage, now);
  const enquiryOf = db.prepare<[number], { email: string | null; subject: string }>(
    'SELECT email, subject FROM enquiries WHERE id = ?',
  );
  const threadIds = db
    .prepare<[number], string>('SELECT message_id FROM enquiry_messages WHERE enquiry_id = ? ORDER BY created_at, id')
    .pluck();
  const fileOf = db
    .prepare<[number, number], number>('SELECT id FROM enquiry_files WHERE id = ? AND enquiry_id = ?')
    .pluck();
  const insertFile = db.prepare(
    `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256)
     VALUES (@enquiryId, @storedName, @name, @size, @type, @sha256)`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, in_reply_to, refs, sender, recipient, subject,
       body, created_at, send_status, send_next_at)
     VALUES (@enquiryId, 'sent', @messageId, @inReplyTo, @refs, @sender, @recipient, @subject,
       @body, @at, 'pending', @at)`,
  );
  const byMessageId = db.prepare<[string], { id: number; enquiry_id: number; recipient: string }>(
    'SELECT id, enquiry_id, recipient FROM enquiry_messages WHERE message_id = ?',
  );
  const link = db.prepare('INSERT OR IGNORE INTO enquiry_message_files (message_id, file_id) VALUES (?, ?)');
  const awaitBuyer = db.prepare("UPDATE enquiries SET awaiting = 'buyer', last_message_at = ? WHERE id = ?");

  return {
    /**
     * Stores a reply, committed before it returns; undefined when the enquiry is gone, has no e-mail
     * address, or an attached file is not the enquiry's (nothing is written then).
     */
    add(reply: NewReply): StoredReply | undefined {
      const at = now().toISOString();
      return storage.write(() => {
        const enquiry = enquiryOf.get(reply.enquiryId);
        if (!enquiry?.email) return undefined;
        if (reply.attach.some((fileId) => fileOf.get(fileId, reply.enquiryId) === undefined)) return undefined;
        // The form's key makes the Message-ID: the same form sent again finds its reply.
        let messageId = `${reply.key}@${host}`;
        const before = byMessageId.get(messageId);
        if (before?.enquiry_id === reply.enquiryId)
          return { id: before.id, messageId, recipient: before.recipient, repeated: true };
        if (before) messageId = `${randomUUID()}@${host}`;
        const earlier = threadIds.all(reply.enquiryId);
        const id = Number(
          insertMessage.run({
            enquiryId: reply.enquiryId,
            messageId,
            inReplyTo: earlier.at(-1) ?? null,
            refs: earlier.join(' '),
            sender: reply.sender,
            recipient: enquiry.email,
            subject: replySubject({ id: reply.enquiryId, subject: enquiry.subject }),
            body: reply.body,
            at,
          }).lastInsertRowid,
        );
        const uploaded = reply.uploads.map((file) =>
          Number(insertFile.run({ ...file, enquiryId: reply.enquiryId }).lastInsertRowid),
        );
        for (const fileId of [...reply.attach, ...uploaded]) link.run(id, fileId);
        awaitBuyer.run(at, reply.enquiryId);
        const was = store.setStage(reply.enquiryId, 'open', 'new');
        if (was === 'new')
          events.record(reply.enquiryId, reply.sender, 'stage', `${STAGE_LABELS.new} → ${STAGE_LABELS.open}`);
        return { id, messageId, recipient: enquiry.email, repeated: false };
      });
    },
  };
}
