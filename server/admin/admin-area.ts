import type { FastifyInstance } from 'fastify';
import type { AdminAccounts } from './auth/admin-accounts.js';
import adminAuth from './auth/admin-auth.js';
import type { ServerConfig } from '../config/load-config.js';
import type { DB } from '../platform/db/open-database.js';
import type { MediaLibrary } from '../site-content/media-library.js';
import type { NotificationQueue } from '../enquiries/notifications/notification-queue.js';
import type { DeskServices } from './desk/desk-services.js';
import auditRoutes from './desk/audit-routes.js';
import { createDeskReader } from './desk/desk-reader.js';
import enquiryDesk from './desk/enquiry-desk.js';
import replyRoutes from '../enquiries/replies/reply-routes.js';
import type { Replies } from '../enquiries/replies/replies.js';
import { createHousekeeping } from './desk/housekeeping.js';
import privacyRoutes from './desk/privacy-routes.js';
import reportRoutes from './reports/report-routes.js';
import siteEditor from './site-editor/site-editor.js';
import { createAuthenticator } from './auth/second-factor/authenticator.js';
import { createPasskeys } from './auth/second-factor/passkeys.js';
import { createRecoveryCodes } from './auth/second-factor/recovery-codes.js';
import type { SecondFactor } from './auth/second-factor/second-factor.js';
import securityRoutes from './security/security-routes.js';
import backupRoutes from './backups/backup-routes.js';
import type { OffSiteCopies } from '../off-site/off-site-copies.js';
import type { AdminNotices } from './notices/admin-notices.js';
import setupRoutes, { createSetupChecks } from './setup/setup-card.js';
import integrationRoutes from '../integrations/integration-routes.js';
import type { WebhookEndpoints } from '../integrations/webhook-endpoints.js';
import type { WebhookOutbox } from '../integrations/webhook-outbox.js';

/** The site's services the admin works with (app.ts passes them all; each plugin below takes what it needs). */
export interface AdminAreaOptions extends DeskServices {
  db: DB;
  media: MediaLibrary;
  accounts: AdminAccounts;
  secret: string;
  /** The site's clock. */
  now: () => number;
  notifications?: NotificationQueue;
  /** Replies from the enquiry's page, when SMTP is configured. */
  replies?: Replies;
  /** E-mails to NOTIFY_TO about sign-ins from new browsers and changes to the sign-in settings. */
  notices: AdminNotices;
  /** The off-site copies (BACKUP_TARGET): the Backups card's state. */
  offSite: OffSiteCopies;
  /** The webhook endpoints (the Integrations screen) and the outbox runner that sends them. */
  webhookEndpoints: WebhookEndpoints;
  webhooks: WebhookOutbox;
  /** How long Trash, Spam and (when set) all enquiries are kept. */
  /** SITE_URL (site.siteUrl) is the passkeys' relying party. */
  config: Pick<
    ServerConfig,
    | 'trashRetentionDays'
    | 'enquiryRetentionMonths'
    | 'site'
    | 'followUpDays'
    | 'dataDir'
    | 'mail'
    | 'mode'
    | 'backup'
    | 'webhooks'
  >;
}

/**
 * Everything under /admin, in one encapsulated scope: the admin-auth plugin (cookie, session, CSRF,
 * the admin guard), then one plugin per feature beside it. No public route sees any of it: the
 * session cookie is limited to /admin, so no public page ever carries a session.
 */
export async function adminArea(admin: FastifyInstance, services: AdminAreaOptions): Promise<void> {
  const secondFactor: SecondFactor = {
    authenticator: createAuthenticator(services.db, services.secret, services.now),
    passkeys: createPasskeys(services.db, { siteUrl: services.config.site.siteUrl, secret: services.secret }),
    recoveryCodes: createRecoveryCodes(services.db, services.secret),
  };
  // The desk's heavy reads (its pages, counts, the CSV export and the reports) run on one reader
  // thread with its own read-only connection, never on the event loop that serves the site.
  const reader = createDeskReader({
    databasePath: services.store.databasePath,
    timeZone: services.timeZone,
    log: admin.log,
    now: services.now,
  });
  admin.addHook('onClose', () => reader.close());
  await admin.register(adminAuth, { ...services, ...secondFactor });
  await admin.register(securityRoutes, { ...services, ...secondFactor });
  const setup = createSetupChecks(services);
  await admin.register(enquiryDesk, { ...services, reader, setup, followUpDays: services.config.followUpDays });
  await admin.register(setupRoutes, { setup });
  await admin.register(replyRoutes, { ...services, reader });
  await admin.register(reportRoutes, { ...services, reader });
  await admin.register(auditRoutes, services);
  await admin.register(privacyRoutes, services);
  await admin.register(siteEditor, services);
  await admin.register(backupRoutes, services);
  await admin.register(integrationRoutes, services);

  const { trashRetentionDays, enquiryRetentionMonths } = services.config;
  const housekeeping = createHousekeeping({
    ...services,
    trashRetentionDays,
    enquiryRetentionMonths,
    log: admin.log,
    now: () => new Date(services.now()),
  });
  admin.addHook('onReady', () => housekeeping.start());
  admin.addHook('onClose', async () => housekeeping.stop());
}
