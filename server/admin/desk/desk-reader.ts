import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { EnquiryList, EnquiryStats, KeptAsideMessage } from '../../../shared/admin/desk.js';
import type { EnquiryFilter } from '../../../shared/admin/filter.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import type { TimelineItem } from '../../../shared/enquiry/thread.js';
import type { LeadReport, ReportPeriod } from '../../../shared/admin/reports.js';
import type { ProductNames } from '../../../shared/enquiry/quote.js';
import type { MoneyReport } from '../../../shared/admin/money-report.js';
import type { QuotationSent } from './money-reads.js';

/** What the reader thread is started with. */
export interface ReaderData {
  databasePath: string;
  timeZone: string;
}

/**
 * A request to the reader thread; each is answered by one ReaderReply with its id (close and cancel by
 * none). `now` is the site's clock when it was asked (the Due view's today).
 */
export type ReaderRequest = { id: number; now?: number } & (
  | { kind: 'list'; filter: EnquiryFilter; after?: string }
  | { kind: 'count'; filter: EnquiryFilter }
  | { kind: 'enquiry'; filter: EnquiryFilter; enquiryId: number }
  | { kind: 'csv'; filter: EnquiryFilter; products: ProductNames }
  | { kind: 'report'; period: ReportPeriod; products: ProductNames }
  | { kind: 'quotations'; period: ReportPeriod }
  | { kind: 'more' }
  | { kind: 'cancel' }
  | { kind: 'close' }
);
export type ReaderReply = { id: number } & ({ ok: true; value: unknown } | { ok: false; error: string });

export interface OpenedEnquiry {
  enquiry: Enquiry;
  timeline: TimelineItem[];
  keptAside: KeptAsideMessage[];
  newer: number | null;
  older: number | null;
}

/** The reader thread stopped (it crashed, or took too long and was stopped): the request answers 503. */
export class DeskReaderUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(reason: string) {
    super(`The enquiry list could not be read just now (${reason}). Please try again in a moment.`);
    this.name = 'DeskReaderUnavailableError';
  }
}

export interface DeskReader {
  /** A page of the view with the counts the list shows. */
  list(filter: EnquiryFilter, after?: string): Promise<EnquiryList>;
  count(filter: EnquiryFilter): Promise<number>;
  /** One enquiry, with the ones before and after it in the filter's list; undefined when there is none. */
  enquiry(filter: EnquiryFilter, id: number): Promise<OpenedEnquiry | undefined>;
  /**
   * The CSV export, read a chunk at a time as the client takes it (backpressure: the next chunk is
   * asked for only when the stream wants more). Resolves once the first chunk is there, so that a
   * reader that fails before it answers 503 rather than a cut-off download.
   */
  csv(filter: EnquiryFilter, products: ProductNames): Promise<Readable>;
  /** The Reports page: a period's enquiries by source, product and country, and the charts. */
  report(
    period: ReportPeriod,
    products: ProductNames,
  ): Promise<{ report: LeadReport; stats: EnquiryStats; money: MoneyReport }>;
  /** The quotations sent in the period (the CSV of quotations). */
  quotations(period: ReportPeriod): Promise<QuotationSent[]>;
  /** Stops the thread (with the app). */
  close(): Promise<void>;
  /** The thread answering now, if one runs (a test stops it to see a crash handled). */
  readonly thread: Worker | null;
}

export interface DeskReaderOptions extends ReaderData {
  log: FastifyBaseLogger;
  /** A read that takes longer stops the thread (it is restarted on the next read) and answers 503. */
  timeoutMs?: number;
  /** The site's clock: the thread reads "today" (the Due view) by it. */
  now?: () => number;
}

// The worker's file beside this one: .ts when run from the sources (tests, npm run dev), .js when built.
const WORKER_FILE = new URL(`./desk-reader-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

interface Pending {
  settle(reply: ReaderReply): void;
  fail(error: Error): void;
  timer?: NodeJS.Timeout;
}

/** What an export's stream needs of the reader: the next chunk asked for, and the export forgotten when cut short. */
interface ExportChannel {
  more(entry: Omit<Pending, 'timer'>): void;
  cancel(): void;
}

/** The CSV export as a stream that asks the thread for the next chunk only when the client wants more. */
function exportStream(first: string | null, channel: ExportChannel): Readable {
  let done = first === null;
  const stream = new Readable({
    encoding: 'utf8',
    read() {
      if (done) return void this.push(null);
      try {
        channel.more({
          settle: (reply) => {
            if (!reply.ok) return void this.destroy(new Error(`desk export failed: ${reply.error}`));
            if (reply.value === null) done = true;
            this.push(reply.value);
          },
          fail: (error) => this.destroy(error),
        });
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      // The client went away (or the export failed): the thread forgets the export.
      if (!done) channel.cancel();
      callback(error);
    },
  });
  if (first !== null) stream.push(first);
  return stream;
}

/**
 * The desk's heavy reads, answered by a worker thread with its own read-only connection
 * (desk-reader-worker.ts). Writes stay on the main connection. A thread that crashes fails the reads
 * it was answering with DeskReaderUnavailableError (503) and is started again on the next read.
 */
export function createDeskReader({
  databasePath,
  timeZone,
  log,
  timeoutMs = 30_000,
  now = Date.now,
}: DeskReaderOptions): DeskReader {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** Threads that have loaded (and so can close their connection when asked). */
  const ready = new WeakSet<Worker>();

  function failAll(error: Error) {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      pending.delete(id);
      request.fail(error);
    }
  }

  function start(): Worker {
    const thread = new Worker(WORKER_FILE, { workerData: { databasePath, timeZone } satisfies ReaderData });
    // The app's close stops it (a failed start closes the app too: app.ts). While it runs it holds the
    // process: Node refs a worker's port again for its first 'message' listener, whatever unref() said.
    thread.unref();
    thread.on('message', (reply: ReaderReply) => {
      if (reply.id === 0) return void ready.add(thread);
      const request = pending.get(reply.id);
      if (!request) return;
      clearTimeout(request.timer);
      request.settle(reply);
    });
    thread.on('error', (error) =>
      log.error({ err: error }, 'the desk reader thread failed; it starts again on the next read'),
    );
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      if (!closed) log.warn({ code }, 'the desk reader thread stopped; it starts again on the next read');
      failAll(new DeskReaderUnavailableError(closed ? 'the server is shutting down' : 'its reader stopped'));
    });
    return thread;
  }

  /** Sends a request; `settle` gets its reply. */
  function send(request: ReaderRequest, entry: Omit<Pending, 'timer'>) {
    if (closed) throw new DeskReaderUnavailableError('the server is shutting down');
    worker ??= start();
    const thread = worker;
    const timer = setTimeout(() => {
      log.error({ request: request.kind, timeoutMs }, 'a desk read took too long: its reader thread is stopped');
      pending.delete(request.id);
      entry.fail(new DeskReaderUnavailableError('it took too long'));
      void thread.terminate();
    }, timeoutMs);
    timer.unref();
    pending.set(request.id, { ...entry, timer });
    thread.postMessage({ ...request, now: now() });
  }

  /** One request, one answer. */
  function ask<T>(request: ReaderRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      send(request, {
        settle(reply) {
          pending.delete(request.id);
          if (reply.ok) resolve(reply.value as T);
          else reject(new Error(`desk read failed: ${reply.error}`));
        },
        fail: reject,
      });
    });
  }

  return {
    get thread() {
      return worker;
    },
    list: (filter, after) => ask({ id: nextId++, kind: 'list', filter, after }),
    count: (filter) => ask({ id: nextId++, kind: 'count', filter }),
    enquiry: (filter, enquiryId) => ask({ id: nextId++, kind: 'enquiry', filter, enquiryId }),
    report: (period, products) => ask({ id: nextId++, kind: 'report', period, products }),
    quotations: (period) => ask({ id: nextId++, kind: 'quotations', period }),
    async csv(filter, products) {
      const id = nextId++;
      const first = await ask<string | null>({ id, kind: 'csv', filter, products });
      return exportStream(first, {
        more(entry) {
          const settle = (reply: ReaderReply) => {
            pending.delete(id);
            entry.settle(reply);
          };
          send({ id, kind: 'more' }, { ...entry, settle });
        },
        cancel() {
          const request = pending.get(id);
          if (request) {
            clearTimeout(request.timer);
            pending.delete(id);
          }
          worker?.postMessage({ id, kind: 'cancel' } satisfies ReaderRequest);
        },
      });
    },
    async close() {
      closed = true;
      const thread = worker;
      worker = null;
      failAll(new DeskReaderUnavailableError('the server is shutting down'));
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      // A loaded thread closes its connection and ends; one still loading (or stuck) is terminated.
      if (ready.has(thread)) thread.postMessage({ id: 0, kind: 'close' } satisfies ReaderRequest);
      const timer = setTimeout(() => void thread.terminate(), ready.has(thread) ? 1000 : 0);
      await exited;
      clearTimeout(timer);
    },
  };
}
