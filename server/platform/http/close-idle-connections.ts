import type { FastifyInstance } from 'fastify';

/**
 * While the app closes, each keep-alive connection is closed as soon as its last request is answered.
 * Node closes the connections idle when the server closes, not those that finish a request later: such a
 * connection would stay open until its keep-alive ends (72 s), and the close would wait for it.
 */
export function closeConnectionsOnceIdle(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    timer = setInterval(() => app.server.closeIdleConnections(), 50).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
