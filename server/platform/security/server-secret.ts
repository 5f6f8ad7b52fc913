import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fsyncDirectory } from '../storage/fsync-directory.js';
import { asStorageFailure } from '../storage/storage-error.js';

export const SECRET_FILE_NAME = 'session-secret';

/**
 * The secret that signs session cookies and keys the IP hashes: SESSION_SECRET when set, else a
 * random one generated once and kept in the data directory, so sessions survive restarts. When it
 * cannot be kept (a full disk) the server still starts: the secret lives in memory, `onNotKept` is
 * told why, and the next start with room makes and keeps one (a write cut short leaves no file).
 */
export function loadServerSecret(
  dataDir: string,
  fromEnv: string | undefined,
  onNotKept: (reason: string) => void = () => {},
): string {
  if (fromEnv) return fromEnv;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, SECRET_FILE_NAME);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  try {
    keep(file, secret);
  } catch (error) {
    const failure = asStorageFailure(error);
    if (!failure) throw error;
    onNotKept(failure.reason);
  }
  return secret;
}

/** Writes the secret whole or not at all: a partial file renamed into place once flushed. */
function keep(file: string, secret: string): void {
  const partial = `${file}.partial`;
  try {
    writeFileSync(partial, `${secret}\n`, { mode: 0o600, flush: true });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  fsyncDirectory(dirname(file));
}

/** A keyed hash of the client's IP: lets the admin see repeated senders without storing addresses. */
export function hashClientIp(secret: string, ip: string): string {
  return createHmac('sha256', secret).update(ip).digest('base64url').slice(0, 22);
}
