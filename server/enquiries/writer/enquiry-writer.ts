import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { EnquiryInput } from '../../../shared/enquiry/validation.js';
import { StorageUnavailableError } from '../../platform/storage/storage-error.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { Arrival } from '../enquiry-store.js';

/** What the writer thread is started with. */
export interface WriterData {
  databasePath: string;
  timeZone: string;
}

/** How an enquiry arrived, as the thread can be sent it: its spam reason worked out for a fresh token and a replayed one. */
export type WriterArrival = Omit<Arrival, 'spamReason'> & {
  spamReasons: readonly [fresh: string | null, replayed: string | null];
};

type Asked =
  | { kind: 'create'; input: EnquiryInput; arrival: WriterArrival }
  | { kind: 'probe' }
  | { kind: 'pragma'; pragma: string }
  | { kind: 'close' };
/**
 * What the route needs to know of an enquiry committed (or counted as a repeat): not the whole
 * enquiry, which would be copied back from the thread for nothing.
 */
export interface Committed {
  enquiryId: number;
  /** Filed in Spam, and why. */
  spamReason: string | null;
  /** Times it was sent again; with `repeated`, this time is one of them (nothing new stored). */
  repeats: number;
  repeated: boolean;
  drawingCount: number;
  /** The earlier enquiry this one resends with changes (stored as its own), or null. */
  resentOf: number | null;
}

/** A request to the writer thread; each is answered by one WriterReply with its id. */
export type WriterRequest = { id: number } & Asked;
export type WriterReply = { id: number } & (
  { ok: true; value: unknown } | { ok: false; storage: boolean; error: string }
);

/**
 * The thread stopped (a crash) while an enquiry was with it: not acknowledged (503), though it may
 * have been committed just before; its drawings are left where they are (a start removes them if no
 * enquiry refers to them).
 */
export class WriterStoppedError extends StorageUnavailableError {
  constructor() {
    super('the enquiry writer stopped');
  }
}

export interface EnquiryWriter {
  /**
   * Stores the enquiry (EnquiryStore.create, on the thread's connection); resolves once it is committed
   * to the file at DATABASE_PATH, and rejects with StorageUnavailableError when it is not.
   */
  create: (input: EnquiryInput, arrival: WriterArrival) => Promise<Committed>;
  /** A real committed write without waiting for a lock: null when it commits, otherwise what stopped it. */
  probe(): Promise<string | null>;
  /** Runs a PRAGMA on the thread's connection (tests fill the database with max_page_count). */
  pragma(pragma: string): Promise<unknown>;
  /** Answers what was sent, then stops the thread (with the app). */
  close(): Promise<void>;
  /** The thread writing now, if one runs (a test stops it to see a crash handled). */
  readonly thread: Worker | null;
}

export interface EnquiryWriterOptions extends WriterData {
  storage: StorageMonitor;
  log: FastifyBaseLogger;
}

// The worker's file beside this one: .ts when run from the sources (tests, npm run dev), .js when built.
const WORKER_FILE = new URL(`./enquiry-writer-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

/**
 * Enquiries are committed by a worker thread with its own connection (enquiry-writer-worker.ts); the
 * rest of the site's writes stay on the main connection. A thread that stops fails what it was writing
 * with StorageUnavailableError (503: not acknowledged) and is started again on the next write.
 */
export function createEnquiryWriter({ databasePath, timeZone, storage, log }: EnquiryWriterOptions): EnquiryWriter {
  let worker: Worker | null = null;
  let closed = false;
  let closing: Promise<void> | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  /** Each thread's load: settled once it has opened its connection (or has ended without). */
  const loaded = new WeakMap<Worker, Promise<void>>();

  function start(): Worker {
    const thread = new Worker(WORKER_FILE, {
      workerData: { databasePath, timeZone } satisfies WriterData,
      // What it allocates for each enquiry is short-lived and small: a small young generation keeps
      // its memory down under a burst (the process's --max-semi-space-size would give it 4 MB × 3).
      resourceLimits: { maxYoungGenerationSizeMb: 2 },
    });
    // The app's close stops it (a failed start closes the app too: app.ts). While it runs it holds the
    // process: Node refs a worker's port again for its first 'message' listener, whatever unref() said.
    thread.unref();
    loaded.set(
      thread,
      new Promise((resolve) => {
        thread.on('message', (reply: WriterReply) => reply.id === 0 && resolve());
        thread.once('exit', () => resolve());
      }),
    );
    thread.on('message', (reply: WriterReply) => {
      if (reply.id === 0) return;
      const request = pending.get(reply.id);
      if (!request) return;
      pending.delete(reply.id);
      if (reply.ok) request.resolve(reply.value);
      else if (reply.storage) request.reject(new StorageUnavailableError(reply.error));
      else request.reject(new Error(`enquiry write failed: ${reply.error}`));
    });
    thread.on('error', (error) => log.error({ err: error }, 'the enquiry writer thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (!closed) log.warn({ code }, 'the enquiry writer thread stopped; it starts again on the next enquiry');
      for (const [id, request] of pending) {
        pending.delete(id);
        request.reject(new WriterStoppedError());
      }
    });
    return thread;
  }

  function ask<T>(request: Asked): Promise<T> {
    if (closed) return Promise.reject(new StorageUnavailableError('the server is shutting down'));
    const id = nextId++;
    worker ??= start();
    const thread = worker;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.postMessage({ ...request, id } satisfies WriterRequest);
    });
  }

  async function closeThread(): Promise<void> {
    const thread = worker;
    if (!thread) return void (closed = true);
    const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    // Until it has ended, it keeps the process alive (what it was sent is committed and answered).
    thread.ref();
    // One still loading finishes first: ended while it loads SQLite's addon, it would abort the whole
    // process (Node's "FATAL ERROR: Error::New napi_get_last_error_info", seen in a test that restarts
    // a server at once). Then it answers what it was sent, closes its connection and ends.
    await loaded.get(thread);
    if (worker === thread) void ask({ kind: 'close' }).catch(() => {});
    closed = true;
    await exited;
  }

  // Started with the app, so that the first enquiry does not wait for the thread to load.
  worker = start();

  return {
    get thread() {
      return worker;
    },
    create: (input, arrival) => storage.writeThrough(() => ask({ kind: 'create', input, arrival })),
    probe: () => ask({ kind: 'probe' }),
    pragma: (pragma) => ask({ kind: 'pragma', pragma }),
    close: () => (closing ??= closeThread()),
  };
}
