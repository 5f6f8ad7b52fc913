import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/open-database.js';

/** GET /healthz: 200 {status:"ok"} when the database answers a query, 503 otherwise. */
export function registerHealthRoute(app: FastifyInstance, db: DB): void {
  const probe = db.prepare('SELECT count(*) AS n FROM sqlite_master');
  app.get('/healthz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      probe.get();
      return { status: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
