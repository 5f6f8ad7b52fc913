import { chmodSync } from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { adminArea } from './admin/admin-area.js';
import { capabilityStatementRoutes } from './capability-statement/capability-statement-routes.js';
import { enquiryRoutes } from './enquiries/enquiry-routes.js';
import { formTokenRoutes } from './enquiries/form-token-routes.js';
import { errorPages } from './pages/error-handler.js';
import { pageRoutes } from './pages/page-routes.js';
import { seoRoutes } from './pages/seo-routes.js';
import type { ServerConfig } from './config/load-config.js';
import { startUpWarnings } from './config/start-up-warnings.js';
import { healthRoutes } from './platform/http/health-routes.js';
import { closeIdleBodies } from './platform/http/body-idle.js';
import { closeConnectionsOnceIdle } from './platform/http/close-idle-connections.js';
import { collectWhenIdle } from './platform/http/idle-collection.js';
import { OneLinePerRequest } from './platform/http/request-log.js';
import { securityHeaders } from './platform/http/security-headers.js';
import { connectionCap, openFilesLimit } from './platform/http/connection-cap.js';
import { lockDataDir, type DataDirLock } from './platform/storage/data-dir-lock.js';
import { imageRoutes } from './site-content/image-routes.js';
import { pdfRoutes } from './site-content/pdf-routes.js';
import { quotationAnswerRoutes } from './quotations/quotation-answer-routes.js';
import type { PhotoProcessor } from './site-content/photo-processing.js';
import { openPages, openStores, type SiteServices } from './site-services.js';

export const BODY_LIMIT_BYTES = 32 * 1024;

export interface ProcessHooks {
  /** Where the log goes (standard output when absent). */
  logStream?: DestinationStream;
  /** The database file was removed or replaced under the running server: main.ts exits to be restarted. */
  onDatabaseLost?: () => void;
  /** The clock form tokens are issued and checked by (tests move it on to fill a form at a person's pace). */
  now?: () => number;
  /**
   * Makes an uploaded photo's variants (photo-processing.ts when absent). Tests of other things than
   * the photos reuse variants made once per run (test/helpers/photo-variants.ts).
   */
  processPhoto?: PhotoProcessor;
}

/**
 * Builds the whole site on one Fastify instance; the caller listens and closes. The data directory is
 * locked first, before anything reads or sweeps it: a second server on the same DATA_DIR throws
 * DataDirInUseError and touches nothing. The lock is given up last, when the app has closed.
 */
export async function buildApp(config: ServerConfig, hooks: ProcessHooks = {}): Promise<FastifyInstance> {
  // The data directory holds enquiries, sessions and the secret: the server's user only.
  chmodSync(config.dataDir, 0o700);
  const lock = lockDataDir(config.dataDir, config.databasePath);
  let app: FastifyInstance | undefined;
  try {
    app = newApp(config, hooks);
    return await buildSite(app, config, hooks, lock);
  } catch (error) {
    // A start that fails (a company detail the editor would refuse, a migration) closes what it had
    // opened, the database and the writer's thread included: nothing holds the data directory after.
    await app?.close().catch(() => {});
    lock.release();
    throw error;
  }
}

function newApp(config: ServerConfig, hooks: ProcessHooks): FastifyInstance {
  return Fastify({
    logger: { level: config.logLevel, ...(hooks.logStream && { stream: hooks.logStream }) },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Bodies that arrive too slowly end with 408 (Node checks open requests at this interval).
    requestTimeout: config.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(config.requestTimeoutMs / 2, 5_000) },
    // On shutdown, requests already on open connections are served, not refused with 503;
    // new connections are refused, and main.ts bounds the wait.
    return503OnClosing: false,
  });
}

async function buildSite(
  app: FastifyInstance,
  config: ServerConfig,
  hooks: ProcessHooks,
  lock: DataDirLock,
): Promise<FastifyInstance> {
  // Past this many open connections new ones are closed at once: file descriptors stay free for pages.
  // Capped by the open-files limit, less a reserve for files (said in the log when it is).
  const connections = connectionCap(config.maxConnections, openFilesLimit());
  app.server.maxConnections = connections.max;
  if (connections.said) app.log.warn(connections.said);
  for (const warning of startUpWarnings(config)) app.log.warn(warning);
  // A body that stops arriving gives its connection back (10 s for a form, UPLOAD_IDLE_SECONDS for uploads).
  closeIdleBodies(app, { uploadIdleMs: config.uploadIdleMs, smallBytes: BODY_LIMIT_BYTES });
  closeConnectionsOnceIdle(app);
  // onClose hooks run last-added first: the lock, added first, is given up after everything else closed.
  app.addHook('onClose', async () => lock.release());

  // What the site keeps: the database, the files, the content, the enquiries (no routes yet).
  const stores = await openStores(app, config, hooks);

  // Memory given back once the site goes quiet (with node's --expose-gc, as npm start runs it).
  collectWhenIdle(app);

  // What every answer goes through.
  await app.register(securityHeaders, stores);
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimit, { global: false });

  // How pages are made (in production the React app's assets are served from here on, compressed).
  const services: SiteServices = { ...stores, ...(await openPages(app, stores)) };

  // The site, feature by feature: each a Fastify plugin, given the same services.
  await app.register(errorPages, services);
  await app.register(healthRoutes, services);
  await app.register(seoRoutes, services);
  await app.register(imageRoutes, services);
  await app.register(pdfRoutes, services);
  await app.register(capabilityStatementRoutes, services);
  await app.register(pageRoutes, services);
  await app.register(formTokenRoutes, services);
  await app.register(enquiryRoutes, services);
  await app.register(quotationAnswerRoutes, services);
  await app.register(adminArea, services);
  return app;
}
