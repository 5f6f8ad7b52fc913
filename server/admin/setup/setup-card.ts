import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { SetupCard, SetupItem, SetupState } from '../../../shared/admin/setup.js';
import type { ServerConfig } from '../../config/load-config.js';
import { DEFAULT_SITE_URL } from '../../config/site-url.js';
import type { DB } from '../../platform/db/open-database.js';
import { fsyncDirectory } from '../../platform/storage/fsync-directory.js';
import { StorageUnavailableError } from '../../platform/storage/storage-error.js';
import { initialPasswordPath } from '../auth/initial-password-file.js';

/** DATA_DIR/setup-dismissed: once there, the desk no longer shows the Setup card. */
export const SETUP_DISMISSED_FILE = 'setup-dismissed';

export interface SetupOptions {
  db: DB;
  config: Pick<ServerConfig, 'dataDir' | 'mail' | 'site' | 'backup'>;
  now: () => number;
}

export type SetupChecks = ReturnType<typeof createSetupChecks>;

/** The first day's five checks, read from the running site each time the desk is shown. */
export function createSetupChecks({ db, config, now }: SetupOptions) {
  const dismissedFile = join(config.dataDir, SETUP_DISMISSED_FILE);
  const hasPhotos = db.prepare<[], { found: number }>('SELECT EXISTS (SELECT 1 FROM media) AS found');
  const state = (done: boolean): SetupState => (done ? 'done' : 'missing');
  const checks: Record<SetupItem, () => SetupState> = {
    // The generated password's file is removed when the password is changed (Security, or admin:password).
    password: () => state(!existsSync(initialPasswordPath(config.dataDir))),
    siteUrl: () => state(config.site.siteUrl !== DEFAULT_SITE_URL),
    mail: () => state(config.mail !== undefined),
    // BACKUP_TARGET set and readable: the site copies itself off the machine (the Backups card says how far).
    backups: () => state(config.backup !== undefined && 'target' in config.backup),
    photos: () => state(hasPhotos.get()!.found === 1),
  };
  return {
    /** The card, or null once dismissed. */
    card(): SetupCard | null {
      if (existsSync(dismissedFile)) return null;
      return { checks: Object.entries(checks).map(([item, check]) => ({ item: item as SetupItem, state: check() })) };
    },
    /** Dismisses it for good: on disk (file and folder entry synced) before it returns. */
    dismiss(): void {
      try {
        writeFileSync(dismissedFile, `${new Date(now()).toISOString()}\n`, { mode: 0o600, flush: true });
        fsyncDirectory(config.dataDir);
      } catch (error) {
        throw new StorageUnavailableError(`${SETUP_DISMISSED_FILE} not written`, { cause: error });
      }
    },
  };
}

/** POST /admin/setup/dismiss (a plain form, CSRF-checked by the admin scope): 303 back to the desk. */
export default async function setupRoutes(admin: FastifyInstance, options: { setup: SetupChecks }): Promise<void> {
  admin.post(ADMIN_PATHS.setupDismiss, { config: { access: 'redirect' } }, async (request, reply) => {
    options.setup.dismiss();
    request.log.info('setup card dismissed');
    return reply.redirect(ADMIN_PATHS.desk, 303);
  });
}
