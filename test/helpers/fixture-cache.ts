import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Large fixtures made once and kept here, shared by every test file of a run and by later runs. */
const CACHE_DIR = fileURLToPath(new URL('../../.tap/fixtures/', import.meta.url));

/**
 * The bytes `make` returns for `key`, made once: a 12-megapixel photo takes seconds of CPU to draw, and
 * many files draw the same ones. `source` is the module that draws them (its text is part of the key,
 * so that a changed drawing is drawn anew). Written under a temporary name and renamed, so that two
 * files making the same fixture at once each read a whole one.
 */
export async function cachedFixture(source: string, key: unknown, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(readFileSync(fileURLToPath(source)))
    .update(JSON.stringify(key))
    .digest('hex')
    .slice(0, 32);
  const path = `${CACHE_DIR}${hash}`;
  try {
    return readFileSync(path);
  } catch {
    const bytes = await make();
    mkdirSync(CACHE_DIR, { recursive: true });
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, path);
    return bytes;
  }
}
