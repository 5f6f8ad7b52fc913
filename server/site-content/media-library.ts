import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_LIMITS } from '../../shared/content/photo.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import { createPdfStore } from './pdf-store.js';
import { processPhoto as defaultPhotoProcessor, type PhotoProcessor } from './photo-processing.js';
import { createPhotoStore } from './photo-store.js';
import { receiveFile, type ReceivedFile } from './received-file.js';

export { isPdf, type ReceivedFile } from './received-file.js';

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/**
 * The site's photos (photo-store.ts) and PDFs (pdf-store.ts) under DATA_DIR/media, and the uploads
 * on their way there: streamed to media/.tmp first, then kept or discarded.
 */
export function createMediaLibrary(options: {
  db: DB;
  storage: StorageMonitor;
  dataDir: string;
  minFreeBytes: number;
  log: FastifyBaseLogger;
  /** Makes a photo's variants; tests of other things pass variants made once per run. */
  processPhoto?: PhotoProcessor;
}) {
  const { db, storage, log, processPhoto = defaultPhotoProcessor } = options;
  const root = join(options.dataDir, 'media');
  const photos = join(root, 'photos');
  const originals = join(root, 'originals');
  const pdfs = join(root, 'pdfs');
  const temporary = join(root, '.tmp');
  for (const dir of [photos, originals, pdfs, temporary]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  const photoStore = createPhotoStore({ db, storage, log, photos, originals, processPhoto });
  const pdfStore = createPdfStore({ db, storage, log, pdfs });

  return {
    photosDir: photos,
    get: photoStore.get,
    shade: photoStore.shade,
    store: photoStore.store,
    pdf: pdfStore.pdf,
    pdfPath: pdfStore.pdfPath,
    storePdf: pdfStore.storePdf,

    /**
     * Removes what no row vouches for: temporary files (an upload cut short) and photo folders or
     * originals whose processing never reached its row (the process stopped). Run at start.
     */
    sweep(): number {
      let removed = 0;
      for (const [dir, keep] of [
        [temporary, () => false],
        [photos, photoStore.known],
        [originals, photoStore.known],
        [pdfs, pdfStore.knownFile],
      ] as const) {
        for (const name of readdirSync(dir)) {
          if (keep(name)) continue;
          rmSync(join(dir, name), { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },

    /**
     * Streams an upload to a temporary file (fsynced) while hashing it; keeps at most `limit` bytes.
     * The stream is read to its end. Refused (as a storage failure) when the disk is nearly full.
     */
    receive(
      stream: Readable & { truncated?: boolean },
      originalName: string,
      limit = PHOTO_LIMITS.maxBytes,
      named?: (tempPath: string) => void,
    ): Promise<ReceivedFile> {
      return receiveFile({ root, temporary, minFreeBytes: options.minFreeBytes }, stream, originalName, limit, named);
    },

    /** Removes an upload's temporary file at the request's end (nothing when it was kept, or never opened). */
    discard(tempPath: string): Promise<void> {
      return rm(tempPath, { force: true });
    },
  };
}
