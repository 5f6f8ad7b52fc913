import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config/load-config.js';
import { loadClientBundle } from './render/client-bundle.js';
import { createPageRenderer } from './render/page-renderer.js';
import { registerPageRoutes } from './routes/page-routes.js';
import { registerSeoRoutes } from './routes/seo-routes.js';

export const BODY_LIMIT_BYTES = 32 * 1024;

/** Builds the whole site on one Fastify instance; the caller listens and closes. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    disableRequestLogging: true,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
  });

  // One log line a request.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  const bundle = await loadClientBundle(app, config.mode);
  const pages = createPageRenderer(bundle, config);
  registerSeoRoutes(app, config.site);
  registerPageRoutes(app, pages);
  app.get('/admin', (_request, reply) => pages.sendPrivate(reply, '/admin', {}));
  return app;
}
