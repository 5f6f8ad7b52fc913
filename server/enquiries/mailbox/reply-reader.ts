import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { UnreadableMessageError, type ParsedReply } from './read-reply.js';

/** A message for the reader thread to read: its bytes in memory both threads see (shared, not copied by postMessage). */
export interface ReaderAsk {
  id: number;
  source: SharedArrayBuffer;
}
/** The thread's answer: the reply read, or why it could not be (`unreadable`: over mailparser's limits). */
export type ReaderAnswer = { id: number } & (
  { ok: true; reply: ParsedReply } | { ok: false; unreadable: boolean; error: string }
);

/** The longest a message may take to read; past it, it is stored as text with a note (never tried again). */
export const READ_TIMEOUT_MS = 60_000;

// The worker's file beside this one: .ts when run from the sources (tests, npm run dev), .js when built.
const WORKER_FILE = new URL(`./reply-reader-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

export type ReplyReader = ReturnType<typeof createReplyReader>;

/**
 * Reads matched messages on a thread of its own (reply-reader-worker.ts), started with the first one
 * and kept for the next. A message the thread cannot read — over mailparser's limits, longer than
 * `timeoutMs` (the thread is stopped, and started again for the next), or one that stops the thread —
 * fails with UnreadableMessageError, so that it is stored once as text with a note and not read again.
 */
export function createReplyReader(options: { log: FastifyBaseLogger; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve(reply: ParsedReply): void; reject(error: Error): void }>();

  function failAll(error: Error) {
    for (const [id, request] of pending) {
      pending.delete(id);
      request.reject(error);
    }
  }

  function start(): Worker {
    const thread = new Worker(WORKER_FILE);
    thread.unref();
    thread.on('message', (answer: ReaderAnswer) => {
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if (answer.ok) request.resolve(asBuffers(answer.reply));
      else if (answer.unreadable) request.reject(new UnreadableMessageError(answer.error));
      else request.reject(new Error(answer.error));
    });
    thread.on('error', (error) => options.log.warn({ err: error }, 'the mail reader thread failed'));
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      failAll(new UnreadableMessageError('its reading stopped'));
    });
    return thread;
  }

  return {
    /** The message read on the reader thread. */
    async read(source: Buffer): Promise<ParsedReply> {
      const shared = await sharedCopy(source);
      worker ??= start();
      const thread = worker;
      const id = nextId++;
      return new Promise<ParsedReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new UnreadableMessageError(`it took more than ${timeoutMs / 1000} s to read`));
          void thread.terminate();
        }, timeoutMs);
        timer.unref();
        const settle =
          <T>(then: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            then(value);
          };
        pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
        thread.postMessage({ id, source: shared } satisfies ReaderAsk);
      });
    },
    /** Stops the thread (with the mailbox reader). */
    async close(): Promise<void> {
      const thread = worker;
      worker = null;
      if (thread) await thread.terminate();
    },
  };
}

/** Bytes copied at a time before the event loop gets a turn. */
const COPY_CHUNK = 1024 * 1024;

/**
 * The message in memory both threads see, copied a megabyte at a time with a turn of the event loop
 * between: postMessage would serialise the bytes on this thread in one go (150 ms for 27 MB).
 */
async function sharedCopy(source: Buffer): Promise<SharedArrayBuffer> {
  const shared = new SharedArrayBuffer(source.length);
  const target = Buffer.from(shared);
  for (let at = 0; at < source.length; at += COPY_CHUNK) {
    source.copy(target, at, at, Math.min(source.length, at + COPY_CHUNK));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return shared;
}

/** The attachments as Buffers again (they arrive from the thread as plain byte arrays). */
function asBuffers(reply: ParsedReply): ParsedReply {
  return {
    ...reply,
    attachments: reply.attachments.map((attachment) => ({
      ...attachment,
      content: Buffer.from(attachment.content.buffer, attachment.content.byteOffset, attachment.content.byteLength),
    })),
  };
}
