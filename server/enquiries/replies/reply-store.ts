import { randomUUID } from 'node:crypto';
import { replySubject } from '../../../shared/admin/reply-link.js';
import { joinAddresses } from '../../../shared/admin/reply-copies.js';
import type { EnquiryStore, NewDrawing } from '../enquiry-store.js';
import type { DB } from '../../platform/db/open-database.js';
import { queueReplyMail } from '../../platform/mail/outbox.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { ReplyDeliveries } from './reply-delivery.js';

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
  /** The id of a reply of this enquiry that was not sent, edited into this one: taken back when this is stored. */
  replaces?: number | null;
  /** The signature sent below it (none: sent without one). */
  signature?: string | null;
  /** It was written in the enquiry's reply form: the draft kept there is removed with it stored. */
  clearsDraft?: boolean;
  /** Addresses it is copied to, seen by all (CC) and by none (BCC): copiesOf's, checked. */
  cc?: readonly string[];
  bcc?: readonly string[];
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
 * Replies sent from the desk, in enquiry_messages (direction 'sent'), each queued in the outbox: each with a
 * Message-ID made here (`<random>@<SITE_URL's host>`), and In-Reply-To and References naming the
 * thread's earlier messages, both ways. Storing one is one transaction: the message, its delivery, its new files
 * (rows of enquiry_files) and links to the files it carries, and the enquiry's reply state (being
 * sent), its signature, and (written in the reply form) the removal of the enquiry's draft. The files
 * uploaded with it are ours (files_sent_by_us), apart from the buyer's drawings. The stage and the
 * buyer's turn move only once the mail server accepted it (reply-delivery.ts).
 */
export function createReplyStore(options: {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  deliveries: ReplyDeliveries;
  /** The Message-ID's domain: SITE_URL's host. */
  host: string;
  now?: () => Date;
}) {
  const { db, storage, deliveries, host } = options;
  const now = options.now ?? (() => new Date());
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
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, in_reply_to, refs, sender, recipient, cc, bcc,
       subject, body, created_at)
     VALUES (@enquiryId, 'sent', @messageId, @inReplyTo, @refs, @sender, @recipient, @cc, @bcc, @subject, @body, @at)`,
  );
  const byMessageId = db.prepare<[string], { id: number; enquiry_id: number; recipient: string }>(
    'SELECT id, enquiry_id, recipient FROM enquiry_messages WHERE message_id = ?',
  );
  // Only a reply that failed for good is taken back: one being tried may be accepted meanwhile.
  const takeBack = db.prepare(
    `DELETE FROM enquiry_messages WHERE id = @id AND enquiry_id = @enquiryId AND direction = 'sent'
       AND EXISTS (SELECT 1 FROM deliveries WHERE reply_id = @id AND status = 'failed')`,
  );
  const link = db.prepare('INSERT OR IGNORE INTO enquiry_message_files (message_id, file_id) VALUES (?, ?)');
  const ours = db.prepare('INSERT OR IGNORE INTO files_sent_by_us (file_id) VALUES (?)');
  const signed = db.prepare('INSERT INTO reply_signatures (message_id, signature) VALUES (?, ?)');
  const clearDraft = db.prepare('DELETE FROM reply_drafts WHERE enquiry_id = ?');

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
        if (reply.replaces) takeBack.run({ id: reply.replaces, enquiryId: reply.enquiryId });
        const earlier = threadIds.all(reply.enquiryId);
        const id = Number(
          insertMessage.run({
            enquiryId: reply.enquiryId,
            messageId,
            inReplyTo: earlier.at(-1) ?? null,
            refs: earlier.join(' '),
            sender: reply.sender,
            recipient: enquiry.email,
            cc: joinAddresses(reply.cc ?? []),
            bcc: joinAddresses(reply.bcc ?? []),
            subject: replySubject({ id: reply.enquiryId, subject: enquiry.subject }),
            body: reply.body,
            at,
          }).lastInsertRowid,
        );
        const uploaded = reply.uploads.map((file) =>
          Number(insertFile.run({ ...file, enquiryId: reply.enquiryId }).lastInsertRowid),
        );
        queueReplyMail(db, reply.enquiryId, id, at);
        for (const fileId of [...reply.attach, ...uploaded]) link.run(id, fileId);
        for (const fileId of uploaded) ours.run(fileId);
        if (reply.signature?.trim()) signed.run(id, reply.signature);
        if (reply.clearsDraft) clearDraft.run(reply.enquiryId);
        deliveries.sync(reply.enquiryId);
        return { id, messageId, recipient: enquiry.email, repeated: false };
      });
    },
  };
}
