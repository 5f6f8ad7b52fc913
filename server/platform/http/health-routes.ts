import type { FastifyInstance } from 'fastify';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../storage/storage-error.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';

/**
 * How often the test write may be made, for all callers together: one that commits is the answer of
 * every call in the next second (however many addresses ask). One that fails is shared only by the
 * calls made while it ran: the next call tries again at once.
 */
export const PROBE_EVERY_MS = 1_000;

/** The test write, made at most once per PROBE_EVERY_MS whoever asks: null when it committed, else why not. */
function sharedProbe(probe: () => Promise<string | null>, now: () => number): () => Promise<string | null> {
  let last: { at: number; result: Promise<string | null> } | null = null;
  return () => {
    const at = now();
    if (last && at - last.at < PROBE_EVERY_MS) return last.result;
    const result = probe().catch((error: unknown) => {
      const failure = asStorageFailure(error);
      if (!failure) throw error;
      return `a test write failed: ${failure.reason}`;
    });
    const made = { at, result };
    last = made;
    // A failure (or an error) is not remembered past its own callers.
    void result.then(
      (failed) => {
        if (failed && last === made) last = null;
      },
      () => {
        if (last === made) last = null;
      },
    );
    return result;
  };
}

/**
 * GET /healthz: 200 {status:"ok"} when the database can durably take a write; otherwise 503
 * {status:"unavailable"} with the reasons in the log (disk nearly full, a lock held by another
 * process, the file removed or replaced). The overall status only, to anyone: how the mailbox is read
 * is shown to the signed-in admin on the desk (the session cookie is not sent outside /admin).
 * The test write is a real commit, made at most once a second for all callers (sharedProbe), and the
 * route is rate-limited per client as well.
 */
export async function healthRoutes(
  app: FastifyInstance,
  {
    storage,
    writer,
    now,
  }: {
    storage: StorageMonitor;
    /** Where enquiries are written: its test write (null when it commits). */
    writer: { probe(): Promise<string | null> };
    now: () => number;
  },
): Promise<void> {
  const probe = sharedProbe(() => writer.probe(), now);
  app.get('/healthz', { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const problems = storage.problems();
    // A real committed write, made where enquiries are written.
    const failed = await probe();
    if (failed) problems.push(failed);
    if (problems.length === 0) return { status: 'ok' };
    request.log.error({ problems }, `health check failed: ${problems.join('; ')}`);
    return reply.code(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).send({ status: 'unavailable' });
  });
}
