import type { FastifyInstance } from 'fastify';
import type { AdminAccounts } from './auth/admin-accounts.js';
import adminAuth from './auth/admin-auth.js';
import type { DB } from '../platform/db/open-database.js';
import type { MediaLibrary } from '../site-content/media-library.js';
import type { NotificationQueue } from '../enquiries/notifications/notification-queue.js';
import type { DeskServices } from './desk/desk-services.js';
import auditRoutes from './desk/audit-routes.js';
import enquiryDesk from './desk/enquiry-desk.js';
import { createHousekeeping } from './desk/housekeeping.js';
import privacyRoutes from './desk/privacy-routes.js';
import siteEditor from './site-editor/site-editor.js';

export interface AdminAreaOptions extends DeskServices {
  db: DB;
  media: MediaLibrary;
  accounts: AdminAccounts;
  secret: string;
  trashRetentionDays: number;
  enquiryRetentionMonths: number | undefined;
  notifications?: NotificationQueue;
}

/**
 * Everything under /admin, in one encapsulated scope: the admin-auth plugin (cookie, session, CSRF,
 * the admin guard), then one plugin per feature beside it. No public route sees any of it: the
 * session cookie is limited to /admin, so no public page ever carries a session.
 */
export async function adminArea(admin: FastifyInstance, options: AdminAreaOptions): Promise<void> {
  const { store, audit, storage, drawings, pages, content, timeZone } = options;
  await admin.register(adminAuth, { db: options.db, accounts: options.accounts, pages, secret: options.secret, audit });
  await admin.register(enquiryDesk, { store, audit, storage, drawings, pages, content, timeZone, notifications: options.notifications });
  await admin.register(auditRoutes, { audit, pages, timeZone });
  await admin.register(privacyRoutes, { store, audit, storage, drawings, pages, content, timeZone });
  await admin.register(siteEditor, { content, pages, media: options.media, timeZone });

  const housekeeping = createHousekeeping({ ...options, log: admin.log });
  admin.addHook('onReady', () => housekeeping.start());
  admin.addHook('onClose', async () => housekeeping.stop());
}
