import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { processPhoto, type PhotoProcessor } from '../../server/site-content/photo-processing.js';
import { cachedFixture } from './fixture-cache.js';

const PROCESSING = fileURLToPath(new URL('../../server/site-content/photo-processing.ts', import.meta.url));

/**
 * The server's own photo processing, its answer kept (fixture-cache.ts) by the upload's bytes, its
 * name and the processing code: a 4000 × 3000 photo takes seconds of CPU to make into its twelve
 * variants, and the page, editor and PDF tests upload the same photos again and again. For tests of
 * what is done with the variants (a server given it as `hooks.processPhoto`);
 * test/site-content/photos.test.ts tests the processing itself and does not use it.
 */
export const reusedPhotoVariants: PhotoProcessor = async (path, name) => {
  const bytes = createHash('sha256').update(readFileSync(path)).digest('hex');
  const key = ['photo variants', bytes, name, readFileSync(PROCESSING, 'utf8')];
  const kept = await cachedFixture(import.meta.url, key, async () =>
    Buffer.from(JSON.stringify(await processPhoto(path, name))),
  );
  return JSON.parse(kept.toString('utf8'), revive) as Awaited<ReturnType<PhotoProcessor>>;
};

/** Buffers come back as Buffers (JSON.stringify writes them as { type: 'Buffer', data: [...] }). */
function revive(_: string, value: unknown): unknown {
  const buffer = value as { type?: unknown; data?: unknown };
  return buffer && buffer.type === 'Buffer' && Array.isArray(buffer.data)
    ? Buffer.from(buffer.data as number[])
    : value;
}
