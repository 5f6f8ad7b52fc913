import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { initialPasswordBlock, removeInitialPassword, writeInitialPassword } from './initial-password-file.js';
import { dummyHash, hashPassword, verifyPassword } from './password.js';

export interface AdminAccount {
  id: number;
  email: string;
  /** When the e-mail or password last changed, or every session was signed out (ISO 8601): sessions from before it are over. */
  updatedAt: string;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * The one admin account (the spec has one admin). Changing its e-mail or password ends every session,
 * including those of another process (the sessions live in the same database). `dataDir` is the
 * server's data folder, where a password generated at the first start is kept until it is changed.
 */
export function createAdminAccounts(db: DB, dataDir: string) {
  type Row = AdminAccount & { password_hash: string };
  const byEmail = db.prepare<[string], Row>(
    'SELECT id, email, password_hash, updated_at AS updatedAt FROM admin_users WHERE email = ?',
  );
  const first = db.prepare<[], Row>(
    'SELECT id, email, password_hash, updated_at AS updatedAt FROM admin_users ORDER BY id LIMIT 1',
  );
  const insert = db.prepare(
    'INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES (@email, @hash, @now, @now)',
  );
  const update = db.prepare(
    'UPDATE admin_users SET email = @email, password_hash = @hash, updated_at = @now WHERE id = @id',
  );
  const endSessions = db.prepare('DELETE FROM sessions');

  /**
   * Sets the e-mail and/or password of the one account (creating it when there is none; the schema
   * allows no second) and signs every session out. A new password removes the generated one's file.
   */
  async function setCredentials(change: { email?: string; password?: string }): Promise<AdminAccount> {
    const hash = change.password === undefined ? undefined : await hashPassword(change.password);
    const account = db
      .transaction((): AdminAccount => {
        const now = new Date().toISOString();
        const existing = first.get();
        const email = change.email ?? existing?.email ?? DEFAULT_ADMIN_EMAIL;
        if (!existing) {
          if (!hash) throw new Error('A new admin account needs a password.');
          const id = Number(insert.run({ email, hash, now }).lastInsertRowid);
          return { id, email, updatedAt: now };
        }
        update.run({ id: existing.id, email, hash: hash ?? existing.password_hash, now });
        endSessions.run();
        return { id: existing.id, email, updatedAt: now };
      })
      .immediate(); // read, then written: the write lock first (another connection writes enquiries)
    if (hash) removeInitialPassword(dataDir);
    return account;
  }

  return {
    /** The account, if there is one. */
    get(): AdminAccount | undefined {
      const row = first.get();
      return row && { id: row.id, email: row.email, updatedAt: row.updatedAt };
    },

    setCredentials,

    /** Creates the account with a generated password, kept in DATA_DIR/initial-admin-password; returns the password and that file. */
    async createWithGeneratedPassword(email: string): Promise<{ password: string; file: string }> {
      const password = randomBytes(18).toString('base64url');
      await setCredentials({ email, password });
      return { password, file: writeInitialPassword(dataDir, password) };
    },

    /** The account when the e-mail and password match; the same work is done when the e-mail is unknown. */
    async authenticate(email: string, password: string): Promise<AdminAccount | null> {
      const row = byEmail.get(email.trim());
      const matches = await verifyPassword(password, row?.password_hash ?? (await dummyHash()));
      return row && matches ? { id: row.id, email: row.email, updatedAt: row.updatedAt } : null;
    },
  };
}

export type AdminAccounts = ReturnType<typeof createAdminAccounts>;

/**
 * The environment creates the account only when there is none: ADMIN_EMAIL and ADMIN_PASSWORD, or a
 * generated password printed once. A password changed later (on the Security screen, or with npm run
 * admin:password) is never overwritten by the environment at the next start.
 */
export async function provisionAdmin(
  accounts: AdminAccounts,
  configured: { email?: string; password?: string },
  log: FastifyBaseLogger,
): Promise<void> {
  const existing = accounts.get();
  if (existing) {
    if (configured.password) {
      log.info(
        'ADMIN_PASSWORD is set, but the admin account exists: the environment only creates the first account. Change the password under Security in the admin (or with `npm run admin:password`).',
      );
    }
    return;
  }
  if (configured.email && configured.password) {
    await accounts.setCredentials({ email: configured.email, password: configured.password });
    log.info('admin account created from ADMIN_EMAIL and ADMIN_PASSWORD');
    return;
  }
  const email = configured.email ?? DEFAULT_ADMIN_EMAIL;
  const { password, file } = await accounts.createWithGeneratedPassword(email);
  // Whatever LOG_LEVEL says (even silent): without this line or the file, nobody could sign in.
  log
    .child({}, { level: 'warn' })
    .warn(
      { email, password, file },
      `NOTICE: no admin account existed, so one was created with a generated password, also kept in ${file} until it is changed. ` +
        'Sign in at /admin and change it under Security.',
    );
  process.stderr.write(initialPasswordBlock(email, password, file));
}
