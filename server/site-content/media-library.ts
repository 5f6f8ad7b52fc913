import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { DB } from '../platform/db/open-database.js';
import type { FastifyBaseLogger } from 'fastify';
import { PDF_LIMITS, PDF_MAGIC, type Pdf } from '../../shared/content/pdf.js';
import { PHOTO_ID, PHOTO_LIMITS, variantWidths, type Photo } from '../../shared/content/photo.js';
import { fsyncDirectory } from '../platform/storage/fsync-directory.js';
import { asStorageFailure, StorageUnavailableError } from '../platform/storage/storage-error.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import { cleanFileName } from '../platform/storage/file-name.js';
import { streamToFile } from '../platform/storage/stream-to-file.js';
import { processPhoto as defaultPhotoProcessor, type PhotoProcessor, type PhotoRefusal } from './photo-processing.js';
import { photoShade } from './photo-tone.js';

/** A photo on disk: what the content needs of it besides its alt text. */
export type StoredPhoto = Omit<Photo, 'alt' | 'shade'>;

/** A PDF on disk: what the content holds of it, and the name it was uploaded under. */
export type StoredPdf = Pdf & { name: string };

/** The variant a photo's hero shade is measured from: the JPEG at 480 px (or the photo's own width, if narrower). */
const TONE_WIDTH = 480;
const toneWidth = (width: number) => variantWidths(width).find((candidate) => candidate >= TONE_WIDTH) ?? width;

/** An upload streamed to a temporary file, not yet read as a photo. */
export interface ReceivedFile {
  tempPath: string;
  name: string;
  bytes: number;
  sha256: string;
  /** Larger than the limit: only the limit's worth was kept. */
  tooLarge: boolean;
  /** The form's file input was left empty (no name, no bytes). */
  none: boolean;
  /** Its first bytes (up to HEAD_BYTES): what it is, by its content. */
  head: Buffer;
}

const HEAD_BYTES = 16;

/** Whether a received file is a PDF by its content (it starts as every PDF does), whatever its name. */
export const isPdf = (received: Pick<ReceivedFile, 'head'>): boolean =>
  received.head.subarray(0, PDF_MAGIC.length).toString('latin1') === PDF_MAGIC;

const PDF_FILE = /^([0-9a-f]{20})\.pdf$/;

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/**
 * The site's photos. DATA_DIR/media/photos/<id>/<width>.<avif|webp|jpg> are served (immutable: the
 * id is the hash of the upload), DATA_DIR/media/originals/<id> is the upload as it came (with its
 * metadata, never served), and a row in `media` says a photo is complete: it is written only after
 * every file is on disk. One photo is processed at a time, so uploads never take every core.
 * And its PDFs (a certificate's): DATA_DIR/media/pdfs/<id>.pdf, the upload as it came, served as a
 * download; a row in `media_pdfs` says one is complete, written only after its file is on disk.
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

  const select = db.prepare<[string], StoredPhoto>('SELECT id, width, height, placeholder FROM media WHERE id = ?');
  const get = (id: string): StoredPhoto | undefined => (PHOTO_ID.test(id) ? select.get(id) : undefined);
  const insert = db.prepare(
    `INSERT INTO media (id, width, height, placeholder, format, bytes, name, created_at, actor)
     VALUES (@id, @width, @height, @placeholder, @format, @bytes, @name, @createdAt, @actor) ON CONFLICT (id) DO NOTHING`,
  );
  const selectPdf = db.prepare<[string], StoredPdf>('SELECT id, bytes, name FROM media_pdfs WHERE id = ?');
  const getPdf = (id: string): StoredPdf | undefined => (PHOTO_ID.test(id) ? selectPdf.get(id) : undefined);
  const insertPdf = db.prepare(
    `INSERT INTO media_pdfs (id, bytes, name, created_at, actor)
     VALUES (@id, @bytes, @name, @createdAt, @actor) ON CONFLICT (id) DO NOTHING`,
  );
  /** PDFs are stored one at a time (a rename and a row each: no wait behind a photo's processing). */
  let pdfQueue: Promise<unknown> = Promise.resolve();
  /** Each photo's hero shade (shade()), measured once per process: at upload, or when first asked. */
  const shades = new Map<string, Promise<number | undefined>>();
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  async function writeDurably(path: string, data: Buffer): Promise<void> {
    const file = await open(path, 'wx', 0o600);
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
  }

  return {
    photosDir: photos,

    get,

    /** A stored PDF (its size and the name it was uploaded under), by its id. */
    pdf: getPdf,

    /** The file of a stored PDF, to send. */
    pdfPath: (id: string): string => join(pdfs, `${id}.pdf`),

    /**
     * The overlay (percent) the photo needs behind the hero's text for 4.5 : 1 (overlay-shade.ts),
     * measured from its 480 px JPEG; undefined when the photo or its files are missing (the hero
     * then keeps its darkest overlay).
     */
    shade(id: string): Promise<number | undefined> {
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
     * Removes what no row vouches for: temporary files (an upload cut short) and photo folders or
     * originals whose processing never reached its row (the process stopped). Run at start.
     */
    sweep(): number {
      let removed = 0;
      const known = (name: string) => PHOTO_ID.test(name) && select.get(name) !== undefined;
      const knownPdf = (name: string) => {
        const id = PDF_FILE.exec(name)?.[1];
        return id !== undefined && selectPdf.get(id) !== undefined;
      };
      for (const [dir, keep] of [
        [temporary, () => false],
        [photos, known],
        [originals, known],
        [pdfs, knownPdf],
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
    async receive(
      stream: Readable & { truncated?: boolean },
      originalName: string,
      limit = PHOTO_LIMITS.maxBytes,
      named?: (tempPath: string) => void,
    ): Promise<ReceivedFile> {
      const { bavail, bsize } = statfsSync(root);
      if (bavail * bsize < options.minFreeBytes + limit) {
        stream.resume();
        throw new StorageUnavailableError(
          `less than ${Math.round((options.minFreeBytes + limit) / 1048576)} MB free under ${root}`,
        );
      }
      const tempPath = join(temporary, randomBytes(16).toString('hex'));
      named?.(tempPath); // before it exists: whoever removes the request's files knows it whatever happens
      const { bytes, sha256, head } = await streamToFile(stream, tempPath, limit, HEAD_BYTES);
      return {
        tempPath,
        head,
        name: cleanFileName(originalName),
        none: originalName === '' && bytes === 0,
        bytes,
        sha256,
        tooLarge: bytes > limit || stream.truncated === true,
      };
    },

    /** Removes an upload's temporary file at the request's end (nothing when it was kept, or never opened). */
    discard(tempPath: string): Promise<void> {
      return rm(tempPath, { force: true });
    },

    /**
     * Reads a received upload as a photo and keeps it: variants and original on disk (fsynced),
     * then its row. The same file uploaded again is the same photo, not processed twice.
     * Storage failures throw (answered 503); an upload that is no photo is refused in words.
     */
    async store(received: ReceivedFile, actor: string): Promise<StoredPhoto | PhotoRefusal> {
      const mb = PHOTO_LIMITS.maxBytes / (1024 * 1024);
      if (received.tooLarge)
        return {
          refused: `${received.name} is larger than ${mb} MB. Photos may be at most ${mb} MB: make it smaller, then upload it again.`,
        };
      if (received.bytes === 0) return { refused: `${received.name} is empty.` };
      const id = received.sha256.slice(0, 20);
      return oneAtATime(async () => {
        const known = select.get(id);
        // Known, with its files: the same photo. Known without them (lost, or a restore without the
        // media folder): made again from this upload.
        if (known && existsSync(join(photos, id)) && existsSync(join(originals, id))) return known;
        const started = performance.now();
        const processed = await processPhoto(received.tempPath, received.name);
        if ('refused' in processed) return processed;
        const folder = join(photos, id);
        const partial = join(photos, `.${id}.partial`);
        try {
          await rm(partial, { recursive: true, force: true });
          await mkdir(partial, { mode: 0o755 });
          for (const variant of processed.variants)
            await writeDurably(join(partial, `${variant.width}.${variant.extension}`), variant.data);
          fsyncDirectory(partial);
          await rm(folder, { recursive: true, force: true });
          await rename(partial, folder);
          await rename(received.tempPath, join(originals, id));
          fsyncDirectory(photos);
          fsyncDirectory(originals);
        } catch (error) {
          await rm(partial, { recursive: true, force: true });
          throw asStorageFailure(error) ?? error;
        }
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
        storage.write(() =>
          insert.run({
            ...photo,
            format: processed.format,
            bytes: received.bytes,
            name: received.name,
            createdAt: new Date().toISOString(),
            actor,
          }),
        );
        log.info(
          {
            photo: id,
            name: received.name,
            width: photo.width,
            height: photo.height,
            ms: Math.round(performance.now() - started),
          },
          'photo stored',
        );
        return photo;
      });
    },

    /**
     * Keeps a received upload as a PDF: checked by its first bytes and its size, moved (already
     * fsynced) to media/pdfs/<id>.pdf, its folder fsynced, then its row. The same file uploaded
     * again is the same PDF. Storage failures throw (answered 503) and leave no file behind; an
     * upload that is no PDF, or too large, is refused in words.
     */
    async storePdf(received: ReceivedFile, actor: string): Promise<StoredPdf | PhotoRefusal> {
      const mb = PDF_LIMITS.maxBytes / (1024 * 1024);
      if (received.tooLarge || received.bytes > PDF_LIMITS.maxBytes)
        return {
          refused: `${received.name} is larger than ${mb} MB. PDFs may be at most ${mb} MB: save it smaller (a scan at 150 dpi is plenty), then upload it again.`,
        };
      if (received.bytes === 0) return { refused: `${received.name} is empty.` };
      if (!isPdf(received))
        return { refused: `${received.name} is not a PDF, whatever its name says. Upload a PDF file.` };
      const id = received.sha256.slice(0, 20);
      const path = join(pdfs, `${id}.pdf`);
      const work = async (): Promise<StoredPdf> => {
        const known = selectPdf.get(id);
        if (known && existsSync(path)) return known;
        const stored: StoredPdf = { id, bytes: received.bytes, name: received.name };
        try {
          await rename(received.tempPath, path);
          fsyncDirectory(pdfs);
          storage.write(() => insertPdf.run({ ...stored, createdAt: new Date().toISOString(), actor }));
        } catch (error) {
          // No row, no file: nothing is left of an upload that was not stored.
          if (!known) await rm(path, { force: true });
          throw asStorageFailure(error) ?? error;
        }
        log.info({ pdf: id, name: received.name, bytes: received.bytes }, 'PDF stored');
        return known ?? stored;
      };
      const next = pdfQueue.then(work, work);
      pdfQueue = next.catch(() => {});
      return next;
    },
  };
}
