/** Starts the server (imported by main.ts once the runtime check has passed) and stops it cleanly on SIGTERM. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { markBuildInUse } from './platform/bundles/build-in-use.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { createLogDestination, drainLog } from './platform/http/log-destination.js';

const SHUTDOWN_LIMIT_MS = 10_000;
const LOG_DRAIN_LIMIT_MS = 1_000;

// Files the server creates (database, WAL, uploads, the secret) are readable by its own user only.
process.umask(0o077);
const log = createLogDestination();
let stopping = false;

/**
 * Stops taking connections, finishes the requests in flight, then exits with `code`; bounded, so a
 * stuck request (or a stuck log destination) cannot keep the process alive.
 */
function shutdown(app: FastifyInstance, reason: string, code: number): void {
  if (stopping) return;
  stopping = true;
  app.log.info({ reason }, 'shutting down: no new connections, finishing requests in flight');
  setTimeout(() => {
    app.log.error(`requests still running after ${SHUTDOWN_LIMIT_MS / 1000} s: exiting anyway`);
    process.exit(1);
  }, SHUTDOWN_LIMIT_MS).unref();
  app.close().then(
    async () => {
      app.log.info('stopped');
      await drainLog(log, LOG_DRAIN_LIMIT_MS);
      process.exit(code);
    },
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

/** Starts the server; a configuration mistake stops it with one line naming the variable. */
async function start(): Promise<void> {
  const config = loadConfig();
  markBuildInUse();
  const app: FastifyInstance = await buildApp(config, {
    logStream: log,
    // The database file was removed or replaced: exit (code 1) so that Docker's restart policy starts
    // the server again on the file now at DATABASE_PATH; the open one was copied beside it first.
    onDatabaseLost: () => setImmediate(() => shutdown(app, 'database file lost', 1)),
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => shutdown(app, signal, 0));
  await app.listen({ port: config.port, host: config.host });
}

try {
  await start();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Cannot start: ${(error as Error).message}`);
  process.exit(1);
}
