import type { IncomingMessage } from 'node:http';

/** A request body from which no new byte arrived for the progress timeout. */
export class StalledBodyError extends Error {
  readonly statusCode = 408;
  readonly code = 'FST_BODY_STALLED';
  constructor(idleMs: number) {
    super(`no part of the body arrived for ${idleMs / 1000} s`);
    this.name = 'StalledBodyError';
  }
}

/**
 * Watches a body as it is read: when no new byte arrives for `idleMs` (a client that stalls, or a
 * parser left waiting on a connection that is gone), `onStall` is called once. This sits beside
 * the whole-request limit (requestTimeout), which a client trickling a byte at a time would
 * otherwise hold for minutes per connection. Returns the function that stops watching.
 */
export function watchBodyProgress(
  raw: IncomingMessage,
  idleMs: number,
  onStall: (error: StalledBodyError) => void,
): () => void {
  const stop = () => {
    clearTimeout(timer);
    raw.off('data', progress);
  };
  const timer = setTimeout(() => {
    stop();
    onStall(new StalledBodyError(idleMs));
  }, idleMs);
  const progress = () => timer.refresh();
  raw.on('data', progress);
  return stop;
}
