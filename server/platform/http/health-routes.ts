import type { FastifyInstance } from 'fastify';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../storage/storage-error.js';
import type { StorageMonitor } from '../storage/storage-monitor.js';
import type { MailboxStatus } from '../../../shared/enquiry/mailbox-status.js';

/**
 * GET /healthz: 200 {status:"ok"} when the database can durably take a write; otherwise 503 with the
 * reasons in the log (disk nearly full, a lock held by another process, the file removed or replaced).
 * Each check makes one small committed write, so the route is rate-limited. With IMAP_URL set, `mailbox`
 * says how reading replies goes (last success, last error, never the password); it never makes the site unhealthy.
 */
export async function healthRoutes(
  app: FastifyInstance,
  {
    storage,
    writer,
    mailbox,
  }: {
    storage: StorageMonitor;
    /** Where enquiries are written: its test write (null when it commits). */
    writer: { probe(): Promise<string | null> };
    mailbox?: { status(): MailboxStatus };
  },
): Promise<void> {
  app.get('/healthz', { config: { rateLimit: { max: 120, timeWindow: 60_000 } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const problems = storage.problems();
    // A real committed write, made where enquiries are written.
    const failed = await writer.probe().catch((error: unknown) => {
      const failure = asStorageFailure(error);
      if (!failure) throw error;
      return `a test write failed: ${failure.reason}`;
    });
    if (failed) problems.push(failed);
    const details = mailbox && { mailbox: mailbox.status() };
    if (problems.length === 0) return { status: 'ok', ...details };
    request.log.error({ problems }, `health check failed: ${problems.join('; ')}`);
    return reply
      .code(503)
      .header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', ...details });
  });
}
