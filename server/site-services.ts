import { localizedContent } from './site-content/languages/localized-content.js';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../shared/admin/paths.js';
import type { SiteContent } from '../shared/content/schema.js';
import type { DrawingSources } from '../shared/drawing-sources.js';
import { createAdminAccounts, provisionAdmin, type AdminAccounts } from './admin/auth/admin-accounts.js';
import { createAdminNotices, type AdminNotices } from './admin/notices/admin-notices.js';
import { createDrawingFiles, type DrawingFiles } from './enquiries/drawings/drawing-files.js';
import { createEnquiryStore, type EnquiryStore } from './enquiries/enquiry-store.js';
import { createEnquiryWriter, type EnquiryWriter } from './enquiries/writer/enquiry-writer.js';
import type { MailboxPoller } from './enquiries/mailbox/mailbox-poller.js';
import { openMailbox } from './enquiries/mailbox/open-mailbox.js';
import { createFormTokens, type FormTokens } from './enquiries/form-token.js';
import { createEnquiryMailer } from './enquiries/notifications/enquiry-mailer.js';
import { createNotificationQueue, type NotificationQueue } from './enquiries/notifications/notification-queue.js';
import {
  createAcknowledgementQueue,
  type AcknowledgementQueue,
} from './enquiries/acknowledgement/acknowledgement-queue.js';
import { createReplies, type Replies } from './enquiries/replies/replies.js';
import { createQuotationDelivery } from './quotations/quotation-delivery.js';
import { createQuotationMailLinks } from './quotations/quotation-mail-link.js';
import { createLinkPreviews, type LinkPreviews } from './pages/images/link-previews.js';
import { createSiteIcons, type SiteIcons } from './pages/images/site-icons.js';
import { createPageRenderer, type PageRenderer } from './pages/page-renderer.js';
import { createPageLanguages } from './pages/page-languages.js';
import { loadClientBundle } from './platform/bundles/client-bundle.js';
import type { ServerConfig } from './config/load-config.js';
import { createAuditLog, type AuditLog } from './platform/db/audit-log.js';
import { describeMigrations, openDatabase, type DB } from './platform/db/open-database.js';
import { loadServerSecret } from './platform/security/server-secret.js';
import { stopWhenClosing } from './platform/mail/stop-when-closing.js';
import { createStorageMonitor, type StorageMonitor } from './platform/storage/storage-monitor.js';
import { createMediaLibrary, type MediaLibrary } from './site-content/media-library.js';
import type { PhotoProcessor } from './site-content/photo-processing.js';
import { createSiteContent, type SiteContentService } from './site-content/site-content.js';
import { openDigest } from './admin/digest/open-digest.js';
import { createOffSiteCopies, type OffSiteCopies } from './off-site/off-site-copies.js';
import { offSiteSecret } from './off-site/off-site-key.js';
import { createWebhookEndpoints, type WebhookEndpoints } from './integrations/webhook-endpoints.js';
import { createWebhookOutbox, type WebhookOutbox } from './integrations/webhook-outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's own SQLite connection (tests reach it to break storage under the running server). */
    db: DB;
    /** The thread that commits enquiries, with a connection of its own (tests fill its database). */
    enquiryWriter: EnquiryWriter;
    /** The e-mail notification queue, when SMTP is configured. */
    notifications?: NotificationQueue;
    /** The buyers' acknowledgement e-mails, when SMTP is configured. */
    acknowledgements?: AcknowledgementQueue;
    /** E-mails to NOTIFY_TO about the admin's sign-ins and sign-in settings (none when SMTP is not configured). */
    notices: AdminNotices;
    /** The desk's replies and their delivery queue, when SMTP is configured. */
    replies?: Replies;
    /** The webhooks in the outbox (tests run it after moving the clock on). */
    webhooks: WebhookOutbox;
  }
}

/** What the site keeps: opened at start, before any route exists. */
export interface SiteStores {
  config: ServerConfig;
  db: DB;
  storage: StorageMonitor;
  /** The server's secret (sessions, CSRF tokens, keyed hashes of addresses). */
  secret: string;
  /** The enquiries. */
  store: EnquiryStore;
  /** Commits new enquiries on a thread of its own. */
  writer: EnquiryWriter;
  drawings: DrawingFiles;
  content: SiteContentService;
  media: MediaLibrary;
  formTokens: FormTokens;
  audit: AuditLog;
  accounts: AdminAccounts;
  /** Set when e-mail notification is configured. */
  notifications?: NotificationQueue;
  /** The acknowledgement to each buyer who gave an e-mail address, when SMTP is configured. */
  acknowledgements?: AcknowledgementQueue;
  /** E-mails to NOTIFY_TO about the admin's sign-ins and sign-in settings. */
  notices: AdminNotices;
  /** Replies sent from an enquiry's page, when SMTP is configured. */
  replies?: Replies;
  /** Reads buyers' replies into their threads, when IMAP_URL is set. */
  mailbox?: MailboxPoller;
  /** The webhook endpoints (/admin/integrations) and the outbox runner that sends their deliveries. */
  webhookEndpoints: WebhookEndpoints;
  webhooks: WebhookOutbox;
  /** The off-site copies (BACKUP_TARGET) and what the admin is shown of them. */
  offSite: OffSiteCopies;
  /** The site's time zone: the desk shows dates in it. */
  timeZone: string;
  /** The site's clock (a test's, or the machine's). */
  now: () => number;
}

/** How pages are made: the React app's bundle, the drawn images, the renderer. */
export interface SitePages {
  previews: LinkPreviews;
  icons: SiteIcons;
  pages: PageRenderer;
  /** The SVG sources of the logo and the category drawings (the capability statement's default logo). */
  drawingSources: DrawingSources;
}

/** Every service of the site: each feature plugin is given this one object and takes what it needs. */
export type SiteServices = SiteStores & SitePages;

/** The desk's replies when SMTP is set up; a reply carrying a quotation marks it sent once accepted. */
function openReplies(
  app: FastifyInstance,
  config: ServerConfig,
  {
    now,
    secret,
    ...services
  }: Pick<SiteStores, 'db' | 'storage' | 'store' | 'content' | 'drawings' | 'secret'> & { now?: () => number },
) {
  const { content } = services;
  const clock = now && { now: () => new Date(now()) };
  return (
    config.mail &&
    createReplies({
      ...services,
      mail: config.mail,
      company: () => content.current().content.company.name,
      siteUrl: config.site.siteUrl,
      log: app.log,
      onAccepted: createQuotationDelivery({ ...services, ...clock }),
      linkOf: createQuotationMailLinks({ db: services.db, secret, siteUrl: config.site.siteUrl }),
      ...clock,
    })
  );
}

/**
 * Opens the database, the files and the content; what was cut short before a restart is swept, and
 * what a restart left to send is sent once the server is ready. Each is closed with the app.
 */
export async function openStores(
  app: FastifyInstance,
  config: ServerConfig,
  hooks: { now?: () => number; onDatabaseLost?: () => void; processPhoto?: PhotoProcessor } = {},
): Promise<SiteStores> {
  const { now, onDatabaseLost } = hooks;
  const db = openDatabase(config.databasePath, (applied) => {
    const line = describeMigrations(applied);
    if (line !== undefined) app.log.info({ migrations: applied.map((migration) => migration.version) }, line);
  });
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());
  const secret = loadServerSecret(config.dataDir, config.sessionSecret, (reason) =>
    app.log.warn(
      { reason },
      'the session secret could not be written to DATA_DIR: it is kept in memory, so sign-ins and form tokens end at the next restart (free space, then restart)',
    ),
  );
  const storage = createStorageMonitor({
    db,
    databasePath: config.databasePath,
    dataDir: config.dataDir,
    minFreeBytes: config.minFreeBytes,
    log: app.log,
    onLost: onDatabaseLost,
  });
  const store = createEnquiryStore(db, storage, config.site.timeZone);
  const writer = createEnquiryWriter({
    databasePath: config.databasePath,
    timeZone: config.site.timeZone,
    storage,
    log: app.log,
  });
  app.decorate('enquiryWriter', writer);
  app.addHook('onClose', async () => writer.close());
  const content = createSiteContent({ db, storage, seed: config.seed, log: app.log });
  const media = createMediaLibrary({
    db,
    storage,
    dataDir: config.dataDir,
    minFreeBytes: config.minFreeBytes,
    log: app.log,
    ...(hooks.processPhoto && { processPhoto: hooks.processPhoto }),
  });
  const unfinished = media.sweep();
  if (unfinished > 0)
    app.log.warn(
      { files: unfinished },
      'removed photo files that no stored photo refers to (an upload or a start cut short)',
    );
  content.compareWithEnvironment(config.fromEnvironment);
  const formTokens = createFormTokens(secret, now);

  const notifications = openNotifications(app, config, { db, store, content });
  const acknowledgements = openAcknowledgements(app, config, { db, store, content, now });
  if (config.mail && config.digestHour !== null) openDigest(app, { db, storage, config, now });
  const notices = openNotices(app, config, { content, now });
  const drawings = createDrawingFiles(config.dataDir, config.minFreeBytes);
  const swept = drawings.sweep(store.storedDrawingNames());
  if (swept > 0)
    app.log.warn({ files: swept }, 'removed upload files that no enquiry refers to (an upload or a start cut short)');
  const replies = openReplies(app, config, { db, storage, store, drawings, content, now, secret });
  if (replies) {
    app.decorate('replies', replies);
    app.addHook('onReady', async () => void replies.queue.run()); // what was pending before a restart
    stopWhenClosing(app, () => replies.queue.close());
  }
  const accounts = createAdminAccounts(db, config.dataDir);
  await provisionAdmin(accounts, { email: config.adminEmail, password: config.adminPassword }, app.log);
  const audit = createAuditLog(db, storage);
  const webhookEndpoints = createWebhookEndpoints(db, storage, now ?? Date.now);
  const webhooks = openWebhooks(app, { db, store, endpoints: webhookEndpoints, config, now: now ?? Date.now });
  const mailbox = openMailbox(
    app,
    config.mailbox,
    { db, storage, drawings, now: now ?? Date.now, onImported: () => void webhooks.run() },
    config.mail && { mail: config.mail, siteUrl: config.site.siteUrl, timeZone: config.site.timeZone },
  );
  const offSite = openOffSiteCopies(app, config, { secret, db, now: now ?? Date.now });
  return {
    config,
    db,
    storage,
    secret,
    offSite,
    store,
    writer,
    drawings,
    content,
    media,
    formTokens,
    audit,
    accounts,
    notifications,
    acknowledgements,
    notices,
    replies: replies || undefined,
    mailbox,
    webhookEndpoints,
    webhooks,
    timeZone: config.site.timeZone,
    now: now ?? Date.now,
  };
}

/** The e-mail to NOTIFY_TO about each new enquiry, when SMTP is set up; pending ones sent once ready. */
function openNotifications(
  app: FastifyInstance,
  config: ServerConfig,
  { db, store, content }: Pick<SiteStores, 'db' | 'store' | 'content'>,
): NotificationQueue | undefined {
  const notifications =
    config.mail &&
    createNotificationQueue({
      db,
      store,
      mailer: createEnquiryMailer({
        ...config.mail,
        adminUrl: `${config.site.siteUrl}${ADMIN_PATHS.desk}`,
        timeZone: config.site.timeZone,
        products: () => content.current().content.products,
      }),
      log: app.log,
    });
  if (notifications) {
    app.decorate('notifications', notifications);
    app.addHook('onReady', async () => void notifications.run()); // what was pending before a restart
    stopWhenClosing(app, () => notifications.close());
  }
  return notifications || undefined;
}

/** The buyers' acknowledgements, when SMTP is set up; pending ones sent once the server is ready. */
function openAcknowledgements(
  app: FastifyInstance,
  config: ServerConfig,
  { db, store, content, now }: Pick<SiteStores, 'db' | 'store' | 'content'> & { now?: () => number },
): AcknowledgementQueue | undefined {
  const acknowledgements =
    config.mail &&
    createAcknowledgementQueue({
      db,
      store,
      mail: config.mail,
      context: (lang) => ({
        content: localizedContent(content.current().content, lang, db),
        siteUrl: config.site.siteUrl,
        timeZone: config.site.timeZone,
      }),
      log: app.log,
      ...(now && { now: () => new Date(now()) }),
    });
  if (acknowledgements) {
    app.decorate('acknowledgements', acknowledgements);
    app.addHook('onReady', async () => void acknowledgements.run()); // what was pending before a restart
    stopWhenClosing(app, () => acknowledgements.close());
  }
  return acknowledgements || undefined;
}

/** The e-mails to NOTIFY_TO about the admin's sign-ins and sign-in settings; stopped with the app. */
function openNotices(
  app: FastifyInstance,
  config: ServerConfig,
  { content, now }: Pick<SiteStores, 'content'> & { now?: () => number },
): AdminNotices {
  const notices = createAdminNotices({
    mail: config.mail,
    company: () => content.current().content.company.name,
    siteUrl: config.site.siteUrl,
    timeZone: config.site.timeZone,
    now: now ?? Date.now,
    log: app.log,
  });
  app.decorate('notices', notices);
  stopWhenClosing(app, () => notices.close());
  return notices;
}

/** How often the webhook runner looks for deliveries that no request woke it for (a reply's stage change). */
const WEBHOOK_SWEEP_MS = 60_000;

/** The webhook outbox: what a restart left is sent once the server is ready; stopped with the app. */
function openWebhooks(
  app: FastifyInstance,
  options: { db: DB; store: EnquiryStore; endpoints: WebhookEndpoints; config: ServerConfig; now: () => number },
): WebhookOutbox {
  const webhooks = createWebhookOutbox({
    ...options,
    settings: options.config.webhooks,
    siteUrl: options.config.site.siteUrl,
    log: app.log,
    now: () => new Date(options.now()),
  });
  app.decorate('webhooks', webhooks);
  const sweep = setInterval(() => void webhooks.run(), WEBHOOK_SWEEP_MS).unref();
  app.addHook('onReady', async () => void webhooks.run());
  stopWhenClosing(app, () => {
    clearInterval(sweep);
    return webhooks.close();
  });
  return webhooks;
}

/**
 * Starts the off-site copies once the server is ready; on close (before the database closes: onClose
 * hooks run last-added first) the last files are copied and Litestream syncs once more.
 */
function openOffSiteCopies(
  app: FastifyInstance,
  config: ServerConfig,
  { secret, db, now }: { secret: string; db: DB; now: () => number },
) {
  const keyFile = config.backup && 'keyFile' in config.backup ? config.backup.keyFile : undefined;
  const offSite = createOffSiteCopies({
    setting: config.backup,
    dataDir: config.dataDir,
    databasePath: config.databasePath,
    secret: keyFile ? offSiteSecret(config.dataDir, keyFile, secret) : secret,
    db,
    mail: config.mail,
    log: app.log,
    now,
  });
  app.addHook('onReady', async () => offSite.start());
  app.addHook('onClose', async () => offSite.stop());
  return offSite;
}

/**
 * Loads the React app (in production its assets are served from here on, so this comes after the
 * compression plugin) and makes the link previews and icons, which follow each published revision.
 */
export async function openPages(
  app: FastifyInstance,
  { config, content, media, db, now }: SiteStores,
): Promise<SitePages> {
  const bundle = await loadClientBundle(app, config.mode);
  const previews = createLinkPreviews({
    siteUrl: config.site.siteUrl,
    drawings: bundle.drawingSources,
    dataDir: config.dataDir,
    photosDir: media.photosDir,
    log: app.log,
  });
  const icons = createSiteIcons({
    siteUrl: config.site.siteUrl,
    logo: bundle.drawingSources.logo,
    faviconUrl: bundle.faviconUrl,
    photosDir: media.photosDir,
  });
  const follow = (site: SiteContent) => {
    previews.update(site);
    icons.update(site.company);
  };
  follow(content.current().content);
  content.onPublish((published) => follow(published.content));
  const pages = createPageRenderer(
    bundle,
    config,
    content,
    { previews, icons },
    media,
    createPageLanguages(db, config.site.siteUrl),
    now,
  );
  return { previews, icons, pages, drawingSources: bundle.drawingSources };
}
