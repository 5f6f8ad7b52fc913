/**
 * npm run admin:password — sets the admin's e-mail and a new password, asked for on the terminal.
 * Works while the server runs (SQLite allows it) and inside the Docker container.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { createAdminAccounts, DEFAULT_ADMIN_EMAIL } from '../auth/admin-accounts.js';
import { MIN_PASSWORD_LENGTH } from '../auth/password-policy.js';
import { ConfigError, loadConfig } from '../config/load-config.js';
import { openDatabase } from '../db/open-database.js';

/** Writes prompts but not what is typed at them, so passwords are not echoed. */
class Muted extends Writable {
  muted = false;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    if (!this.muted) process.stdout.write(chunk);
    done();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
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

  const email = (await ask(`Admin e-mail [${config.adminEmail ?? DEFAULT_ADMIN_EMAIL}]: `)).trim() ||
    config.adminEmail || DEFAULT_ADMIN_EMAIL;
  const password = await askHidden(`New password (at least ${MIN_PASSWORD_LENGTH} characters): `);
  const repeated = await askHidden('Repeat the password: ');
  terminal.close();
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password !== repeated) throw new Error('The passwords do not match.');

  const db = openDatabase(config.databasePath);
  try {
    await createAdminAccounts(db).setPassword(email, password);
  } finally {
    db.close();
  }
  console.log(`The password of ${email} is set. Sessions already signed in stay signed in until they expire or log out.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
