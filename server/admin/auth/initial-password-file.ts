import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR/initial-admin-password: the password generated at the first start (when neither
 * ADMIN_EMAIL nor ADMIN_PASSWORD was set), kept beside the database so that it cannot be lost with the
 * log, as Jenkins does. Readable by the server's user only; removed once the password is changed.
 */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export function initialPasswordPath(dataDir: string): string {
  return join(dataDir, INITIAL_PASSWORD_FILE);
}

/** Writes the generated password (mode 0600, replacing a file left by an earlier database); returns the file's path. */
export function writeInitialPassword(dataDir: string, password: string): string {
  const file = initialPasswordPath(dataDir);
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Removes the file, if there is one: the password in it is no longer the account's. */
export function removeInitialPassword(dataDir: string): void {
  rmSync(initialPasswordPath(dataDir), { force: true });
}

/**
 * The generated password as a plain block for the terminal that started the server (printed to
 * stderr beside the JSON log line that holds it too): the first thing a new operator needs, not
 * hidden inside a line of JSON.
 */
export function initialPasswordBlock(email: string, password: string, file: string): string {
  const rule = '='.repeat(72);
  return [
    '',
    rule,
    '  The admin account was created. Sign in at /admin with:',
    `    e-mail:    ${email}`,
    `    password:  ${password}`,
    `  (also kept in ${file} until you change it)`,
    rule,
    '',
    '',
  ].join('\n');
}
