import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/open-database.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';
import { MIN_PASSWORD_LENGTH } from './password-policy.js';

export interface AdminAccount {
  id: number;
  email: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export function createAdminAccounts(db: DB) {
  const byEmail = db.prepare<[string], { id: number; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM admin_users WHERE email = ?',
  );
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM admin_users');
  const upsert = db.prepare(
    `INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES (@email, @hash, @now, @now)
     ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
  );

  return {
    count: () => count.get()!.n,

    /** Creates the account or sets its new password. */
    async setPassword(email: string, password: string): Promise<void> {
      upsert.run({ email, hash: await hashPassword(password), now: new Date().toISOString() });
    },

    /** The account when the e-mail and password match; the same work is done when the e-mail is unknown. */
    async authenticate(email: string, password: string): Promise<AdminAccount | null> {
      const row = byEmail.get(email.trim());
      const matches = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
      return row && matches ? { id: row.id, email: row.email } : null;
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD create or update the account at start. With no account and none
 * configured, a strong password is generated and printed once.
 */
export async function provisionAdmin(
  accounts: AdminAccounts,
  configured: { email?: string; password?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (configured.email && configured.password) {
    await accounts.setPassword(configured.email, configured.password);
    log.info({ email: configured.email }, 'admin account set from ADMIN_EMAIL and ADMIN_PASSWORD');
    return;
  }
  if (accounts.count() > 0) return;
  const email = configured.email ?? DEFAULT_ADMIN_EMAIL;
  const password = randomBytes(18).toString('base64url');
  await accounts.setPassword(email, password);
  log.warn(
    { email, password },
    'NOTICE: no admin account existed, so one was created with this generated password. It is shown only once: ' +
      'sign in at /admin and keep it safe, or set ADMIN_EMAIL and ADMIN_PASSWORD, or run `npm run admin:password`.',
  );
}
