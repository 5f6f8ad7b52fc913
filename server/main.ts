import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';

const SHUTDOWN_LIMIT_MS = 10_000;

/** Starts the server; a configuration mistake stops it with one line naming the variable. */
async function start(): Promise<FastifyInstance> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  return app;
}

function stopOnSignals(app: FastifyInstance): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
      setTimeout(() => {
        app.log.error(`requests still running after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway`);
        process.exit(1);
      }, SHUTDOWN_LIMIT_MS).unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

try {
  stopOnSignals(await start());
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cannot start: ${(error as Error).message}`);
  process.exit(1);
}
