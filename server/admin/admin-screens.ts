import type { FastifyInstance } from 'fastify';
import type { AdminScreenName } from '../../shared/admin/screens.js';
import type { ServerConfig } from '../config/load-config.js';
import type { NotificationQueue } from '../enquiries/notifications/notification-queue.js';
import type { Replies } from '../enquiries/replies/replies.js';
import type { OffSiteCopies } from '../off-site/off-site-copies.js';
import type { DB } from '../platform/db/open-database.js';
import type { MediaLibrary } from '../site-content/media-library.js';
import type { AdminAccounts } from './auth/admin-accounts.js';
import adminAuth from './auth/admin-auth.js';
import type { SecondFactor } from './auth/second-factor/second-factor.js';
import backupRoutes from './backups/backup-routes.js';
import auditRoutes from './desk/audit-routes.js';
import type { DeskReader } from './desk/desk-reader.js';
import type { DeskServices } from './desk/desk-services.js';
import enquiryDesk from './desk/enquiry-desk.js';
import privacyRoutes from './desk/privacy-routes.js';
import replyRoutes from './desk/reply-routes.js';
import type { AdminNotices } from './notices/admin-notices.js';
import reportRoutes from './reports/report-routes.js';
import securityRoutes from './security/security-routes.js';
import setupRoutes, { type SetupChecks } from './setup/setup-card.js';
import siteEditor from './site-editor/site-editor.js';
import quotationRoutes from './quotations/quotation-routes.js';
import quotationSendRoutes from './quotations/quotation-send-routes.js';
import type { DrawingSources } from '../../shared/drawing-sources.js';
import integrationRoutes from '../integrations/integration-routes.js';
import type { WebhookEndpoints } from '../integrations/webhook-endpoints.js';
import type { WebhookOutbox } from '../integrations/webhook-outbox.js';
import type { QuotationStore } from '../quotations/quotation-store.js';
import templateRoutes from './templates/template-routes.js';
import type { ReplyTemplates } from './templates/template-store.js';
import type { ReplySignature } from './templates/signature-store.js';
import type { ReplyDrafts } from '../enquiries/replies/reply-drafts.js';

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
  /** The site's drawings: its own logo heads a quotation's PDF when no logo was uploaded. */
  drawingSources: DrawingSources;
  /** The webhook endpoints (the Integrations screen) and the outbox runner that sends them. */
  webhookEndpoints: WebhookEndpoints;
  webhooks: WebhookOutbox;
  /** How long Trash, Spam and (when set) all enquiries are kept; SITE_URL (site.siteUrl) is the passkeys' relying party. */
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

/** What admin-area.ts opens once for every plugin: the second factors, the desk's reader thread, the Setup card's checks. */
export interface AdminServices extends AdminAreaOptions, SecondFactor {
  reader: DeskReader;
  setup: SetupChecks;
  quotations: QuotationStore;
  replyTemplates: ReplyTemplates;
  /** The signature below replies (the Templates screen's). */
  replySignature: ReplySignature;
  /** The reply being written on each enquiry's page. */
  replyDrafts: ReplyDrafts;
}

export interface AdminPlugin {
  /** The screens of shared/admin/screens.ts whose pages it renders (none for a plugin of forms or JSON alone). */
  screens: readonly AdminScreenName[];
  register: (admin: FastifyInstance, services: AdminServices) => PromiseLike<unknown>;
}

/**
 * The plugins inside the /admin scope, in the order they are registered: the admin-auth plugin
 * (session, CSRF, the guard, the confirm screen) first. Every screen is rendered by exactly one of
 * them (test/admin/admin-routes.test.ts).
 */
export const ADMIN_PLUGINS: readonly AdminPlugin[] = [
  { screens: ['confirm'], register: (admin, services) => admin.register(adminAuth, services) },
  { screens: ['security'], register: (admin, services) => admin.register(securityRoutes, services) },
  {
    screens: ['enquiries', 'enquiry'],
    register: (admin, services) =>
      admin.register(enquiryDesk, { ...services, followUpDays: services.config.followUpDays }),
  },
  { screens: [], register: (admin, services) => admin.register(setupRoutes, services) },
  { screens: [], register: (admin, services) => admin.register(replyRoutes, services) },
  { screens: ['reports'], register: (admin, services) => admin.register(reportRoutes, services) },
  { screens: ['audit'], register: (admin, services) => admin.register(auditRoutes, services) },
  { screens: ['privacy'], register: (admin, services) => admin.register(privacyRoutes, services) },
  { screens: ['site'], register: (admin, services) => admin.register(siteEditor, services) },
  { screens: [], register: (admin, services) => admin.register(backupRoutes, services) },
  { screens: ['integrations'], register: (admin, services) => admin.register(integrationRoutes, services) },
  { screens: ['quotation'], register: (admin, services) => admin.register(quotationRoutes, services) },
  { screens: ['templates'], register: (admin, services) => admin.register(templateRoutes, services) },
  { screens: [], register: (admin, services) => admin.register(quotationSendRoutes, services) },
];
