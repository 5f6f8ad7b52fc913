/**
 * The mailbox's reader thread (reply-reader.ts starts it): mailparser reads each matched message here,
 * decoding its parts and attachments, so that a 20 MB attachment or a message of thousands of parts
 * never holds up the event loop that serves pages. It answers one message at a time.
 */
import { parentPort } from 'node:worker_threads';
import { simpleParser } from 'mailparser';
import { runInBackground } from '../../platform/threads/background-priority.js';
import { readReply, UnreadableMessageError } from './read-reply.js';
import type { ReaderAnswer, ReaderAsk } from './reply-reader.js';

runInBackground();
const port = parentPort!;

port.on('message', ({ id, source }: ReaderAsk) => {
  readReply(simpleParser, Buffer.from(source)).then(
    (reply) => {
      // The attachments' bytes move to the main thread rather than being copied.
      const transfer = reply.attachments.map((attachment) => {
        const copy = new Uint8Array(attachment.content.length);
        copy.set(attachment.content);
        attachment.content = Buffer.from(copy.buffer);
        return copy.buffer;
      });
      port.postMessage({ id, ok: true, reply } satisfies ReaderAnswer, transfer);
    },
    (error: unknown) => {
      const unreadable = error instanceof UnreadableMessageError;
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ id, ok: false, unreadable, error: message } satisfies ReaderAnswer);
    },
  );
});
