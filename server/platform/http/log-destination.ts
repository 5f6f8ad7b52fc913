import { once } from 'node:events';
import sonicBoom, { type SonicBoom } from 'sonic-boom';

// sonic-boom is CommonJS (module.exports = SonicBoom) while its types declare a named class.
// The cast is needed where the server is compiled (tsconfig.server.json, NodeNext), not under tsconfig.json.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
const SonicBoomClass = sonicBoom as unknown as typeof SonicBoom;

/** Unwritten log kept while the destination is slow or failing; past it, new lines are dropped. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export type LogDestination = SonicBoom;

/**
 * Standard output for the server's log that can never stop the site: writes are asynchronous, a
 * failing write (full disk, closed pipe) is retried with the next line and never thrown, and what
 * cannot be written is dropped beyond 1 MB. pino's own destination would flush synchronously at exit,
 * which hangs on a blocked pipe.
 */
export function createLogDestination(fd = 1): LogDestination {
  // A pipe or socket on standard output must be in non-blocking mode, as Node puts it when it opens
  // process.stdout on one. Then a write to a full pipe fails with EAGAIN, which sonic-boom retries on a
  // timer; in blocking mode it holds a worker thread in write(2) for good, and process.exit() waits for
  // that thread, so the server could not stop. (Under tap on Node 20 a test hook happened to open
  // process.stdout; nothing does on Node 24, nor in production.) A file or terminal is left as it is.
  if (fd === 1) void process.stdout;
  const destination = new SonicBoomClass({ fd, sync: false, maxLength: MAX_BUFFERED_BYTES });
  destination.on('error', () => {});
  return destination;
}

/** Waits until what was logged is written, or `limitMs` passes (a full or blocked destination). */
export async function drainLog(destination: LogDestination, limitMs: number): Promise<void> {
  const limit = AbortSignal.timeout(limitMs);
  await once(destination, 'drain', { signal: limit }).catch(() => {});
}
