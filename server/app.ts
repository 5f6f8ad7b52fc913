import { chmodSync } from 'node:fs';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { ServerConfig } from './platform/config/load-config.js';
import { startUpWarnings } from './platform/config/start-up-warnings.js';
import { createEnquiryStore } from './enquiries/enquiry-store.js';
import { BUSY_TIMEOUT_MS, describeMigration, openDatabase, type DB } from './platform/db/open-database.js';
import { registerErrorHandler } from './pages/error-handler.js';
import { OneLinePerRequest } from './platform/http/request-log.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { registerHealthRoute } from './platform/http/health-routes.js';
import { loadClientBundle } from './platform/bundles/client-bundle.js';
import { createPageRenderer } from './pages/page-renderer.js';
import { createAdminAccounts, provisionAdmin } from './admin/auth/admin-accounts.js';
import { adminArea } from './admin/admin-area.js';
import { createAuditLog } from './platform/db/audit-log.js';
import { createFormTokens } from './enquiries/form-token.js';
import { createEnquiryMailer } from './enquiries/notifications/enquiry-mailer.js';
import { createNotificationQueue, type NotificationQueue } from './enquiries/notifications/notification-queue.js';
import { enquiryRoutes } from './enquiries/enquiry-routes.js';
import { createDrawingFiles } from './enquiries/drawings/drawing-files.js';
import { registerPageRoutes } from './pages/page-routes.js';
import { registerFormTokenRoutes } from './enquiries/form-token-routes.js';
import { registerSeoRoutes } from './pages/seo-routes.js';
import { imageRoutes } from './site-content/image-routes.js';
import { createLinkPreviews } from './pages/images/link-previews.js';
import { createSiteIcons } from './pages/images/site-icons.js';
import { createMediaLibrary } from './site-content/media-library.js';
import { loadServerSecret } from './platform/security/server-secret.js';
import type { SiteContent } from '../shared/content/schema.js';
import { ADMIN_PATHS } from '../shared/admin/paths.js';
import { createSiteContent } from './site-content/site-content.js';
import { createStorageMonitor } from './platform/storage/storage-monitor.js';
import { lockDataDir, type DataDirLock } from './platform/storage/data-dir-lock.js';

export const BODY_LIMIT_BYTES = 32 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's own SQLite connection (tests reach it to break storage under the running server). */
    db: DB;
    /** The e-mail notification queue, when SMTP is configured. */
    notifications?: NotificationQueue;
  }
}

export interface ProcessHooks {
  /** Where the log goes (standard output when absent). */
  logStream?: DestinationStream;
  /** The database file was removed or replaced under the running server: main.ts exits to be restarted. */
  onDatabaseLost?: () => void;
  /** The clock form tokens are issued and checked by (tests move it on to fill a form at a person's pace). */
  now?: () => number;
}

/**
 * Builds the whole site on one Fastify instance; the caller listens and closes. The data directory is
 * locked first, before anything reads or sweeps it: a second server on the same DATA_DIR throws
 * DataDirInUseError and touches nothing. The lock is given up last, when the app has closed.
 */
export async function buildApp(config: ServerConfig, hooks: ProcessHooks = {}): Promise<FastifyInstance> {
  // The data directory holds enquiries, sessions and the secret: the server's user only.
  chmodSync(config.dataDir, 0o700);
  const lock = lockDataDir(config.dataDir);
  try {
    return await buildSite(config, hooks, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function buildSite(config: ServerConfig, hooks: ProcessHooks, lock: DataDirLock): Promise<FastifyInstance> {
  const app = Fastify({
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

  // Past this many open connections new ones are closed at once: file descriptors stay free for pages.
  app.server.maxConnections = config.maxConnections;
  for (const warning of startUpWarnings(config)) app.log.warn(warning);
  // onClose hooks run last-added first: the lock, added first, is given up after everything else closed.
  app.addHook('onClose', async () => lock.release());
  const db = openDatabase(config.databasePath, (migration) => app.log.info(describeMigration(migration)));
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());
  const secret = loadServerSecret(config.dataDir, config.sessionSecret);
  const storage = createStorageMonitor({
    db,
    databasePath: config.databasePath,
    dataDir: config.dataDir,
    minFreeBytes: config.minFreeBytes,
    busyTimeoutMs: BUSY_TIMEOUT_MS,
    log: app.log,
    onLost: hooks.onDatabaseLost,
  });
  const enquiries = createEnquiryStore(db, storage, config.site.timeZone);
  const content = createSiteContent({ db, storage, seed: config.seed, log: app.log });
  const media = createMediaLibrary({ db, storage, dataDir: config.dataDir, minFreeBytes: config.minFreeBytes, log: app.log });
  const unfinished = media.sweep();
  if (unfinished > 0) app.log.warn({ files: unfinished }, 'removed photo files that no stored photo refers to (an upload or a start cut short)');
  content.compareWithEnvironment(config.fromEnvironment);
  const formTokens = createFormTokens(secret, hooks.now);

  await registerSecurityHeaders(app, config.mode);
  await app.register(compress, { threshold: 1024, brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(rateLimit, { global: false });

  const bundle = await loadClientBundle(app, config.mode);
  const previews = createLinkPreviews({ siteUrl: config.site.siteUrl, drawings: bundle.drawingSources, dataDir: config.dataDir, photosDir: media.photosDir, log: app.log });
  const icons = createSiteIcons({ siteUrl: config.site.siteUrl, logo: bundle.drawingSources.logo, faviconUrl: bundle.faviconUrl, photosDir: media.photosDir });
  const follow = (site: SiteContent) => {
    previews.update(site);
    icons.update(site.company);
  };
  follow(content.current().content);
  content.onPublish((published) => follow(published.content));
  const pages = createPageRenderer(bundle, config, content, { previews, icons });
  registerErrorHandler(app, pages);
  registerHealthRoute(app, storage);
  registerSeoRoutes(app, config.site.siteUrl, content);
  await app.register(imageRoutes, { previews, icons, content, media });
  registerPageRoutes(app, pages, formTokens);
  registerFormTokenRoutes(app, formTokens);
  const notifications = config.mail && createNotificationQueue({
    db,
    store: enquiries,
    mailer: createEnquiryMailer({ ...config.mail, adminUrl: `${config.site.siteUrl}${ADMIN_PATHS.desk}`, products: () => content.current().content.products }),
    log: app.log,
  });
  if (notifications) {
    app.decorate('notifications', notifications);
    app.addHook('onReady', async () => void notifications.run()); // what was pending before a restart
    app.addHook('onClose', async () => notifications.close());
  }
  const drawings = createDrawingFiles(config.dataDir, config.minFreeBytes);
  const swept = drawings.sweep(enquiries.storedDrawingNames());
  if (swept > 0) app.log.warn({ files: swept }, 'removed upload files that no enquiry refers to (an upload or a start cut short)');
  await app.register(enquiryRoutes, {
    store: enquiries,
    drawings,
    pages,
    secret,
    formTokens,
    ratePerMinute: config.enquiryRateLimit,
    drawingBytesPerWindow: config.enquiryDrawingBytes,
    uploads: { perNetwork: config.uploadsPerNetwork, overall: config.uploadsAtOnce, idleMs: config.uploadIdleMs },
    contactEmail: () => content.current().content.company.email,
    notifications: notifications || undefined,
  });
  const accounts = createAdminAccounts(db, config.dataDir);
  await provisionAdmin(accounts, { email: config.adminEmail, password: config.adminPassword }, app.log);
  await app.register(adminArea, {
    db,
    media,
    accounts,
    store: enquiries,
    audit: createAuditLog(db, storage),
    storage,
    drawings,
    pages,
    content,
    secret,
    timeZone: config.site.timeZone,
    trashRetentionDays: config.trashRetentionDays,
    enquiryRetentionMonths: config.enquiryRetentionMonths,
    notifications: notifications || undefined,
  });
  return app;
}
