import type { FastifyInstance } from 'fastify';

/** After this long without a request, following a busy spell, the heap is collected once. */
export const IDLE_COLLECTION_MS = 10_000;

export interface IdleCollectionOptions {
  /** How long the site must be quiet (checked once per this interval: quiet for between one and two of them). */
  idleMs?: number;
  /** The collection (by default node's `gc`, there only with `--expose-gc`). */
  collect?: () => void;
}

/** V8's memory-reducing full collection, which also hands back the pages it keeps pooled for reuse. */
function nodeCollection(): (() => void) | undefined {
  const { gc } = globalThis;
  return gc && (() => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' }));
}

/**
 * Gives memory back once the site goes quiet. V8 keeps the heap a burst of requests left until its
 * next collection, and an idle server makes none (its memory reducer waits for allocations that do
 * not come), so RSS would stay where the burst left it, and a regular collection keeps the freed pages
 * pooled. With `--expose-gc` (in `npm start` and the image's CMD, docs/deploy.md), one memory-reducing
 * collection runs once no request has come for `idleMs` after at least one did; it takes a few
 * hundred milliseconds on an idle server. Without the flag, nothing.
 */
export function collectWhenIdle(
  app: FastifyInstance,
  { idleMs = IDLE_COLLECTION_MS, collect = nodeCollection() }: IdleCollectionOptions = {},
): void {
  if (!collect) return;
  /** Requests so far; as counted at the last tick; as counted when the heap was last collected. */
  let requests = 0;
  let atLastTick = 0;
  let atLastCollection = 0;
  // The image's health check (every 30 s) is not a visit: it would set off a collection each time.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url !== '/healthz') requests++;
    done();
  });
  // A tick with no request since the one before, after some since the last collection: quiet now.
  const timer = setInterval(() => {
    if (requests === atLastTick && requests !== atLastCollection) {
      atLastCollection = requests;
      collect();
    }
    atLastTick = requests;
  }, idleMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
