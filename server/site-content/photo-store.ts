import { existsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PHOTO_ID, PHOTO_LIMITS, variantWidths, type Photo } from '../../shared/content/photo.js';
import type { DB } from '../platform/db/open-database.js';
import { fsyncDirectory } from '../platform/storage/fsync-directory.js';
import { asStorageFailure } from '../platform/storage/storage-error.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { ReceivedFile } from './received-file.js';
import type { PhotoProcessor, PhotoRefusal, ProcessedPhoto } from './photo-processing.js';
import { photoShade } from './photo-tone.js';

/** A photo on disk: what the content needs of it besides its alt text. */
export type StoredPhoto = Omit<Photo, 'alt' | 'shade'>;

/** The variant a photo's hero shade is measured from: the JPEG at 480 px (or the photo's own width, if narrower). */
const TONE_WIDTH = 480;
const toneWidth = (width: number) => variantWidths(width).find((candidate) => candidate >= TONE_WIDTH) ?? width;

async function writeDurably(path: string, data: Buffer): Promise<void> {
  const file = await open(path, 'wx', 0o600);
  try {
    await file.writeFile(data);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Puts a processed photo's variants in photos/<id>/ and the upload in originals/<id>, each fsynced; nothing partial is left. */
async function writePhotoFiles(
  dirs: { photos: string; originals: string },
  id: string,
  processed: ProcessedPhoto,
  tempPath: string,
): Promise<void> {
  const folder = join(dirs.photos, id);
  const partial = join(dirs.photos, `.${id}.partial`);
  try {
    await rm(partial, { recursive: true, force: true });
    await mkdir(partial, { mode: 0o755 });
    for (const variant of processed.variants)
      await writeDurably(join(partial, `${variant.width}.${variant.extension}`), variant.data);
    fsyncDirectory(partial);
    await rm(folder, { recursive: true, force: true });
    await rename(partial, folder);
    await rename(tempPath, join(dirs.originals, id));
    fsyncDirectory(dirs.photos);
    fsyncDirectory(dirs.originals);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw asStorageFailure(error) ?? error;
  }
}

/**
 * The site's photos: DATA_DIR/media/photos/<id>/<width>.<avif|webp|jpg> (served, immutable: the id
 * is the hash of the upload), DATA_DIR/media/originals/<id> (the upload as it came, never served),
 * and a row in `media` that says a photo is complete, written only after every file is on disk.
 * One photo is processed at a time, so uploads never take every core.
 */
export function createPhotoStore(options: {
  db: DB;
  storage: StorageMonitor;
  log: FastifyBaseLogger;
  photos: string;
  originals: string;
  processPhoto: PhotoProcessor;
}) {
  const { db, storage, log, photos, originals, processPhoto } = options;
  const select = db.prepare<[string], StoredPhoto>('SELECT id, width, height, placeholder FROM media WHERE id = ?');
  const get = (id: string): StoredPhoto | undefined => (PHOTO_ID.test(id) ? select.get(id) : undefined);
  const insert = db.prepare(
    `INSERT INTO media (id, width, height, placeholder, format, bytes, name, created_at, actor)
     VALUES (@id, @width, @height, @placeholder, @format, @bytes, @name, @createdAt, @actor) ON CONFLICT (id) DO NOTHING`,
  );
  /** Each photo's hero shade (shade()), measured once per process: at upload, or when first asked. */
  const shades = new Map<string, Promise<number | undefined>>();
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  async function keep(received: ReceivedFile, id: string, actor: string): Promise<StoredPhoto | PhotoRefusal> {
    const known = select.get(id);
    // Known, with its files: the same photo. Known without them (lost, or a restore without the
    // media folder): made again from this upload.
    if (known && existsSync(join(photos, id)) && existsSync(join(originals, id))) return known;
    const started = performance.now();
    const processed = await processPhoto(received.tempPath, received.name);
    if ('refused' in processed) return processed;
    await writePhotoFiles({ photos, originals }, id, processed, received.tempPath);
    // Measured now, from the variant a later process would measure it from.
    const tone = processed.variants.find(
      (variant) => variant.extension === 'jpg' && variant.width === toneWidth(processed.width),
    );
    if (tone)
      shades.set(
        id,
        photoShade(tone.data).catch(() => undefined),
      );
    const photo: StoredPhoto = {
      id,
      width: processed.width,
      height: processed.height,
      placeholder: processed.placeholder,
    };
    const createdAt = new Date().toISOString();
    const row = { ...photo, format: processed.format, bytes: received.bytes, name: received.name, createdAt, actor };
    storage.write(() => insert.run(row));
    const ms = Math.round(performance.now() - started);
    log.info({ photo: id, name: received.name, width: photo.width, height: photo.height, ms }, 'photo stored');
    return photo;
  }

  return {
    get,

    /** Whether a photo's row exists (its files may be missing). */
    known: (id: string): boolean => PHOTO_ID.test(id) && select.get(id) !== undefined,

    /**
     * The overlay (percent) the photo needs behind the hero's text for 4.5 : 1 (overlay-shade.ts),
     * measured from its 480 px JPEG; undefined when the photo or its files are missing (the hero
     * then keeps its darkest overlay).
     */
    shade: (id: string): Promise<number | undefined> => {
      let shade = shades.get(id);
      if (!shade) {
        const stored = get(id);
        shade = stored
          ? photoShade(join(photos, id, `${toneWidth(stored.width)}.jpg`)).catch((error: unknown) => {
              log.warn({ photo: id, err: error }, 'photo not measured for the hero overlay');
              shades.delete(id);
              return undefined;
            })
          : Promise.resolve(undefined);
        if (stored) shades.set(id, shade);
      }
      return shade;
    },

    /**
     * Reads a received upload as a photo and keeps it: variants and original on disk (fsynced),
     * then its row. The same file uploaded again is the same photo, not processed twice.
     * Storage failures throw (answered 503); an upload that is no photo is refused in words.
     */
    store: (received: ReceivedFile, actor: string): Promise<StoredPhoto | PhotoRefusal> => {
      const mb = PHOTO_LIMITS.maxBytes / (1024 * 1024);
      if (received.tooLarge)
        return Promise.resolve({
          refused: `${received.name} is larger than ${mb} MB. Photos may be at most ${mb} MB: make it smaller, then upload it again.`,
        });
      if (received.bytes === 0) return Promise.resolve({ refused: `${received.name} is empty.` });
      const id = received.sha256.slice(0, 20);
      return oneAtATime(() => keep(received, id, actor));
    },
  };
}
