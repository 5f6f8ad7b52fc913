import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Large fixtures made once and kept here, under the OS temp dir rather than the clone: shared by every
 * test file of a run, by later runs and by other clones on the machine (a clean clone on CI finds the
 * photos a run before it drew). Each name is a hash of what made it, so a clone never reads another's
 * different fixture. `FIXTURE_CACHE_DIR` moves it.
 */
export const FIXTURE_CACHE_DIR = process.env.FIXTURE_CACHE_DIR ?? join(tmpdir(), 'forge-test-fixtures');

/** The installed packages (sharp's libvips draws and encodes the photos): another version, other bytes. */
const INSTALLED = readFileSync(fileURLToPath(new URL('../../package-lock.json', import.meta.url)));

/**
 * The bytes `make` returns for `key`, made once: a 12-megapixel photo takes seconds of CPU to draw, and
 * many files draw the same ones. `source` is the module that draws them (its text is part of the key,
 * so that a changed drawing is drawn anew, and so is the lockfile's). Written under a temporary name and
 * renamed, so that two files making the same fixture at once each read a whole one.
 */
export async function cachedFixture(source: string, key: unknown, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(readFileSync(fileURLToPath(source)))
    .update(INSTALLED)
    .update(JSON.stringify(key))
    .digest('hex')
    .slice(0, 32);
  const path = join(FIXTURE_CACHE_DIR, hash);
  try {
    return readFileSync(path);
  } catch {
    const bytes = await make();
    mkdirSync(FIXTURE_CACHE_DIR, { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    return bytes;
  }
}
