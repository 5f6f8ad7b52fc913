/**
 * The enquiry writer's thread (enquiry-writer.ts starts it): its own connection to the database
 * commits each enquiry, so that the commit (the fsync of synchronous=FULL and the search index's
 * merge work) never holds up the event loop that serves pages. Enquiries that arrive while one is
 * being committed are committed together after it (up to GROUP at a time), with one fsync for all.
 * Requests are answered in the order they were sent.
 */
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { connect, WRITER_BUSY_TIMEOUT_MS } from '../../platform/db/open-database.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import { probeWrite } from '../../platform/storage/storage-monitor.js';
import { runInBackground } from '../../platform/threads/background-priority.js';
import { createEnquiryStore } from '../enquiry-store.js';
import type { Committed, WriterData, WriterReply, WriterRequest } from './enquiry-writer.js';

type Create = Extract<WriterRequest, { kind: 'create' }>;

runInBackground();
const { databasePath, timeZone } = workerData as WriterData;
const db = connect(databasePath, true, WRITER_BUSY_TIMEOUT_MS);
const store = createEnquiryStore(db, { write: (work) => db.transaction(work)() }, timeZone);
const port = parentPort!;
/** At most this many enquiries in one transaction (one failure fails them all; the lock is held while they are written). */
const GROUP = 100;

function failed(id: number, error: unknown): WriterReply {
  const failure = asStorageFailure(error);
  if (failure) return { id, ok: false, storage: true, error: failure.reason };
  return { id, ok: false, storage: false, error: error instanceof Error ? error.message : String(error) };
}

/**
 * The enquiries in one transaction, each in a savepoint of its own: one that breaks a rule fails alone,
 * a storage failure fails them all (nothing of them is committed). Each answer is sent after the commit.
 */
function commitAll(creates: Create[]): WriterReply[] {
  const replies: WriterReply[] = [];
  try {
    // IMMEDIATE: the write lock first (the main connection writes too; see storage-monitor.ts).
    db.transaction(() => {
      for (const { id, input, arrival } of creates) {
        const { spamReasons, ...rest } = arrival;
        try {
          const { enquiry, repeated } = store.create(input, {
            ...rest,
            spamReason: (replayed) => spamReasons[replayed ? 1 : 0],
          });
          const value: Committed = {
            enquiryId: enquiry.id,
            spamReason: enquiry.spamReason,
            repeats: enquiry.repeats,
            repeated,
            drawingCount: enquiry.drawings.length,
            resentOf: enquiry.resentOf,
          };
          replies.push({ id, ok: true, value });
        } catch (error) {
          // A storage failure fails them all, as does one after which SQLite rolled the whole
          // transaction back (the rest would each commit alone, and the group's COMMIT fail).
          if (asStorageFailure(error) || !db.inTransaction) throw error;
          replies.push(failed(id, error));
        }
      }
    }).immediate();
  } catch (error) {
    return creates.map(({ id }) => failed(id, error));
  }
  return replies;
}

function answer(request: Exclude<WriterRequest, Create>): WriterReply {
  try {
    switch (request.kind) {
      case 'probe':
        return { id: request.id, ok: true, value: probeWrite(db) };
      case 'pragma':
        return { id: request.id, ok: true, value: db.pragma(request.pragma, { simple: true }) };
      case 'close':
        db.close();
        return { id: request.id, ok: true, value: null };
    }
  } catch (error) {
    return failed(request.id, error);
  }
}

// Loaded: from now on a close is answered by closing the connection.
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies WriterReply);
port.on('message', (first: WriterRequest) => {
  // Everything that arrived meanwhile, in the order it was sent; enquiries next to each other in it
  // are committed together.
  const requests = [first];
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) {
    requests.push(next.message as WriterRequest);
  }
  let creates: Create[] = [];
  const flush = () => {
    for (const reply of commitAll(creates)) port.postMessage(reply);
    creates = [];
  };
  for (const request of requests) {
    if (request.kind === 'create') {
      if (creates.push(request) === GROUP) flush();
      continue;
    }
    if (creates.length > 0) flush();
    port.postMessage(answer(request));
    if (request.kind === 'close') return void port.close();
  }
  if (creates.length > 0) flush();
});
