/**
 * npm run admin:password — changes the e-mail and/or the password of the one admin account (creating
 * it when there is none), asked for on the terminal or read line by line from standard input, and signs
 * every session out. Acts on the server's database (the same DATA_DIR and DATABASE_PATH), never on a
 * new one. Works while the server runs (SQLite allows it) and inside the Docker container. Turning the
 * second factor off is e-mailed to NOTIFY_TO when the server's mail settings are in the environment.
 */
import '../runtime/check-node.mjs'; // first: an older Node stops here with one line, before better-sqlite3 loads
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { createAdminAccounts, DEFAULT_ADMIN_EMAIL, type AdminAccount } from '../admin/auth/admin-accounts.js';
import { MIN_PASSWORD_LENGTH } from '../../shared/admin/security.js';
import { factorsOnInWords, turnOffSecondFactor } from '../admin/auth/second-factor/second-factor.js';
import { createAdminNotices } from '../admin/notices/admin-notices.js';
import { nonEmpty } from '../config/env.js';
import { loadMailSettings } from '../config/load-config.js';
import { describeMigrations, openDatabase, type DB } from '../platform/db/open-database.js';
import { loadSiteConfig } from '../site-content/load-site-config.js';
import { z } from 'zod';
import { serverDatabase } from './server-database.js';

/** Writes prompts but not what is typed at them, so passwords are not echoed. */
class Muted extends Writable {
  muted = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (!this.muted) process.stdout.write(chunk);
    done();
  }
}

/** The company's name in the published content (the site editor may have changed it since the start). */
function publishedCompanyName(db: DB): string | undefined {
  return (
    db
      .prepare<[], string | null>(
        "SELECT json_extract(content, '$.company.name') FROM site_revisions ORDER BY id DESC LIMIT 1",
      )
      .pluck()
      .get() ?? undefined
  );
}

/**
 * E-mails NOTIFY_TO that the second factor was turned off, with the server's mail settings from the
 * environment, and says whether it went. Bounded by the mail settings' time limits; a failure is
 * printed, never thrown: the change stands.
 */
async function tellTheOwner(account: AdminAccount, company: string | undefined, factorsOn: string): Promise<void> {
  let site: ReturnType<typeof loadSiteConfig>;
  let mail: ReturnType<typeof loadMailSettings>;
  try {
    site = loadSiteConfig(process.env);
    mail = loadMailSettings(process.env, site.seed);
  } catch (error) {
    console.log(`No notification e-mail was sent: ${(error as Error).message}`);
    return;
  }
  if (!mail) {
    console.log('No notification e-mail was sent: SMTP_URL and NOTIFY_TO are not set here.');
    return;
  }
  console.log(`Sending a notification e-mail to ${mail.to} …`);
  const notices = createAdminNotices({
    mail,
    company: () => company ?? site.seed.name,
    siteUrl: site.settings.siteUrl,
    timeZone: site.settings.timeZone,
    now: Date.now,
    log: { info: () => {}, error: () => {} }, // the outcome is printed below
  });
  const outcome = await notices.factorChanged(
    account,
    `${factorsOn} turned off with npm run admin:password on the server; the recovery codes no longer work`,
  );
  await notices.close();
  console.log(
    outcome.sent
      ? `A notification e-mail was sent to ${mail.to}.`
      : `The notification e-mail to ${mail.to} was NOT sent (${outcome.reason}). The change stands.`,
  );
}

async function main(): Promise<void> {
  const { dataDir, databasePath } = serverDatabase();
  const output = new Muted();
  const terminal = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  const lines = terminal[Symbol.asyncIterator]();
  const ask = async (prompt: string, hidden = false) => {
    process.stdout.write(prompt);
    output.muted = hidden;
    const line = await lines.next();
    output.muted = false;
    if (hidden) process.stdout.write('\n');
    if (line.done) throw new Error('No answer given.');
    return line.value;
  };
  const askHidden = (prompt: string) => ask(prompt, true);

  const db = openDatabase(databasePath, (applied) => {
    const line = describeMigrations(applied);
    if (line !== undefined) console.log(line);
  });
  let turnedOff: { account: AdminAccount; company: string | undefined; factorsOn: string } | undefined;
  try {
    const accounts = createAdminAccounts(db, dataDir);
    const current = accounts.get();
    const fallback = current?.email ?? nonEmpty(process.env, 'ADMIN_EMAIL') ?? DEFAULT_ADMIN_EMAIL;
    const email = (await ask(`Admin e-mail [${fallback}]: `)).trim() || fallback;
    if (!z.email().safeParse(email).success) throw new Error(`"${email}" is not an e-mail address.`);
    const keep = current ? ', or leave empty to keep the current one' : '';
    const password = await askHidden(`New password (at least ${MIN_PASSWORD_LENGTH} characters${keep}): `);
    const repeated = password || !current ? await askHidden('Repeat the password: ') : '';
    // Only asked when a second factor is on: for the owner who has lost the phone, the passkeys and every recovery code.
    const factorsOn = current === undefined ? null : factorsOnInWords(db);
    const turnOff =
      factorsOn !== null &&
      /^y(es)?$/i.test(
        (
          await ask(
            `${factorsOn} are on. Turn them off, for an owner who has lost the phone, the passkeys and every recovery code? [y/N]: `,
          )
        ).trim(),
      );
    terminal.close();
    if (password || !current) {
      if (password.length < MIN_PASSWORD_LENGTH)
        throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
      if (password !== repeated) throw new Error('The passwords do not match.');
    }
    const account = await accounts.setCredentials({ email, ...(password && { password }) });
    console.log(
      `The admin account is ${account.email}${password ? ', with the new password' : ''}. Every session was signed out.`,
    );
    if (turnOff && turnOffSecondFactor(db, account.email, 'by npm run admin:password, on the server')) {
      console.log(`${factorsOn} are off, and the recovery codes no longer work. The audit log says so.`);
      turnedOff = { account, company: publishedCompanyName(db), factorsOn };
    }
  } finally {
    db.close();
  }
  // Once the change is committed and the database closed: whatever the mail server does, it stands.
  if (turnedOff) await tellTheOwner(turnedOff.account, turnedOff.company, turnedOff.factorsOn);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
