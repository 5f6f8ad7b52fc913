/**
 * The desk's reader thread (desk-reader.ts starts it): its own read-only connection to the database
 * answers the desk's heavy reads — pages of a view with their counts and charts, counts, the CSV
 * export a chunk at a time, and the Reports page — so that none of them runs on the event loop that serves the site. WAL
 * lets it read while the main connection writes; each read sees the last committed state.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ADMIN_PAGE_SIZE } from '../../../shared/admin/desk.js';
import { createEnquiryReads } from '../../enquiries/enquiry-reads.js';
import { BUSY_TIMEOUT_MS } from '../../platform/db/open-database.js';
import { runInBackground } from '../../platform/threads/background-priority.js';
import { createReportReads } from './report-reads.js';
import { createMoneyReads } from './money-reads.js';
import { createTimelineReads } from '../../enquiries/thread/timeline-reads.js';
import { keptAsideCounts, keptAsideReads } from '../../enquiries/mailbox/kept-aside.js';
import { csvLines } from './csv.js';
import type { ReaderData, ReaderReply, ReaderRequest } from './desk-reader.js';

/** About this much CSV goes to the main thread at a time (one message per chunk asked for). */
const CHUNK_CHARS = 64 * 1024;

runInBackground();
const { databasePath, timeZone } = workerData as ReaderData;
const db = new Database(databasePath, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
/** The site's clock when the request being answered was asked (the Due view's today). */
let askedAt = Date.now();
const reads = createEnquiryReads(db, timeZone, () => new Date(askedAt));
const reports = createReportReads(db, timeZone);
const money = createMoneyReads(db, timeZone);
const timelines = createTimelineReads(db);
const keptAside = keptAsideReads(db);
const keptAsideByEnquiry = keptAsideCounts(db);
/** Exports under way, by request id: the rest of their lines. */
const exports = new Map<number, Iterator<string>>();
const port = parentPort!;

function nextChunk(lines: Iterator<string>): string | null {
  let chunk = '';
  while (chunk.length < CHUNK_CHARS) {
    const line = lines.next();
    if (line.done) break;
    chunk += line.value;
  }
  return chunk === '' ? null : chunk;
}

function answer(request: ReaderRequest): unknown {
  switch (request.kind) {
    case 'list': {
      const { filter, after } = request;
      const { count, ...page } = reads.counted(filter, ADMIN_PAGE_SIZE, after);
      return {
        total: reads.count({ view: 'inbox' }),
        filtered: count,
        unread: reads.count({ view: 'unread' }),
        spam: reads.count({ view: 'spam' }),
        due: reads.count({ view: 'due' }),
        awaiting: reads.count({ view: 'awaiting' }),
        keptAside: keptAsideByEnquiry(),
        ...page,
      };
    }
    case 'count':
      return reads.count(request.filter);
    case 'enquiry': {
      const enquiry = reads.get(request.enquiryId);
      return (
        enquiry && {
          enquiry,
          timeline: timelines.timeline(enquiry),
          keptAside: keptAside(enquiry.id),
          ...reads.neighbours(request.filter, enquiry),
        }
      );
    }
    case 'report':
      return {
        report: reports.report(request.period, request.products),
        stats: reads.stats(12, request.products),
        money: money.money(request.period, request.products),
      };
    case 'quotations':
      return money.sent(request.period);
    case 'csv': {
      const lines = csvLines(reads.iterate(request.filter), timeZone, request.products)[Symbol.iterator]();
      exports.set(request.id, lines);
      return nextChunk(lines);
    }
    case 'more': {
      const lines = exports.get(request.id);
      const chunk = lines ? nextChunk(lines) : null;
      if (chunk === null) exports.delete(request.id);
      return chunk;
    }
    case 'cancel':
      exports.get(request.id)?.return?.();
      exports.delete(request.id);
      return null;
    case 'close':
      db.close();
      port.close();
      return null;
  }
}

// Loaded: from now on a close is answered by closing the connection.
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies ReaderReply);
port.on('message', (request: ReaderRequest) => {
  let reply: ReaderReply;
  askedAt = request.now ?? Date.now();
  try {
    reply = { id: request.id, ok: true, value: answer(request) };
  } catch (error) {
    exports.delete(request.id);
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (request.kind !== 'close' && request.kind !== 'cancel') port.postMessage(reply);
});
