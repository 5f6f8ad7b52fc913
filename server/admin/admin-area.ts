import type { FastifyInstance } from 'fastify';
import { ADMIN_PLUGINS, type AdminAreaOptions, type AdminServices } from './admin-screens.js';
import { createAuthenticator } from './auth/second-factor/authenticator.js';
import { createPasskeys } from './auth/second-factor/passkeys.js';
import { createRecoveryCodes } from './auth/second-factor/recovery-codes.js';
import { createDeskReader } from './desk/desk-reader.js';
import { createHousekeeping } from './desk/housekeeping.js';
import { createSetupChecks } from './setup/setup-card.js';
import { createQuotationStore } from '../quotations/quotation-store.js';
import { createReplyTemplates } from './templates/template-store.js';
import { createReplySignature } from './templates/signature-store.js';
import { createReplyDrafts } from '../enquiries/replies/reply-drafts.js';
import { defaultSignature } from '../../shared/admin/reply.js';

/**
 * Everything under /admin, in one encapsulated scope: the plugins of admin-screens.ts, the
 * admin-auth plugin (cookie, session, CSRF, the admin guard) first. No public route sees any of it:
 * the session cookie is limited to /admin, so no public page ever carries a session.
 */
export async function adminArea(admin: FastifyInstance, options: AdminAreaOptions): Promise<void> {
  // The desk's heavy reads (its pages, counts, the CSV export and the reports) run on one reader
  // thread with its own read-only connection, never on the event loop that serves the site.
  const reader = createDeskReader({
    databasePath: options.store.databasePath,
    timeZone: options.timeZone,
    log: admin.log,
    now: options.now,
  });
  admin.addHook('onClose', () => reader.close());
  const services: AdminServices = {
    ...options,
    authenticator: createAuthenticator(options.db, options.secret, options.now),
    passkeys: createPasskeys(options.db, { siteUrl: options.config.site.siteUrl, secret: options.secret }),
    recoveryCodes: createRecoveryCodes(options.db, options.secret),
    reader,
    setup: createSetupChecks(options),
    quotations: createQuotationStore(options.db, options.storage, options.now, options.timeZone),
    replyTemplates: createReplyTemplates(options.db, options.storage, options.now),
    replySignature: createReplySignature(options.db, options.storage, options.now, () =>
      defaultSignature(options.content.current().content.company, options.config.site.siteUrl),
    ),
    replyDrafts: createReplyDrafts(options.db, options.storage, options.now),
  };
  for (const plugin of ADMIN_PLUGINS) await plugin.register(admin, services);

  const { trashRetentionDays, enquiryRetentionMonths } = options.config;
  const housekeeping = createHousekeeping({
    ...options,
    trashRetentionDays,
    enquiryRetentionMonths,
    log: admin.log,
    now: () => new Date(options.now()),
  });
  admin.addHook('onReady', () => housekeeping.start());
  admin.addHook('onClose', async () => housekeeping.stop());
}
