import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PDF_LIMITS, type Pdf } from '../../shared/content/pdf.js';
import { PHOTO_ID } from '../../shared/content/photo.js';
import type { DB } from '../platform/db/open-database.js';
import { fsyncDirectory } from '../platform/storage/fsync-directory.js';
import { asStorageFailure } from '../platform/storage/storage-error.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { PhotoRefusal } from './photo-processing.js';
import { isPdf, type ReceivedFile } from './received-file.js';

/** A PDF on disk: what the content holds of it, and the name it was uploaded under. */
export type StoredPdf = Pdf & { name: string };

const PDF_FILE = /^([0-9a-f]{20})\.pdf$/;

/** Why a received upload cannot be kept as a PDF, in words; undefined when it can. */
function pdfRefusal(received: ReceivedFile): PhotoRefusal | undefined {
  const mb = PDF_LIMITS.maxBytes / (1024 * 1024);
  if (received.tooLarge || received.bytes > PDF_LIMITS.maxBytes)
    return {
      refused: `${received.name} is larger than ${mb} MB. PDFs may be at most ${mb} MB: save it smaller (a scan at 150 dpi is plenty), then upload it again.`,
    };
  if (received.bytes === 0) return { refused: `${received.name} is empty.` };
  if (!isPdf(received)) return { refused: `${received.name} is not a PDF, whatever its name says. Upload a PDF file.` };
  return undefined;
}

/**
 * The site's PDFs (a certificate's): DATA_DIR/media/pdfs/<id>.pdf, the upload as it came, served as
 * a download; a row in `media_pdfs` says one is complete, written only after its file is on disk.
 */
export function createPdfStore(options: { db: DB; storage: StorageMonitor; log: FastifyBaseLogger; pdfs: string }) {
  const { db, storage, log, pdfs } = options;
  const selectPdf = db.prepare<[string], StoredPdf>('SELECT id, bytes, name FROM media_pdfs WHERE id = ?');
  const insertPdf = db.prepare(
    `INSERT INTO media_pdfs (id, bytes, name, created_at, actor)
     VALUES (@id, @bytes, @name, @createdAt, @actor) ON CONFLICT (id) DO NOTHING`,
  );
  /** PDFs are stored one at a time (a rename and a row each: no wait behind a photo's processing). */
  let pdfQueue: Promise<unknown> = Promise.resolve();

  async function keep(received: ReceivedFile, actor: string): Promise<StoredPdf> {
    const id = received.sha256.slice(0, 20);
    const path = join(pdfs, `${id}.pdf`);
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
  }

  return {
    /** A stored PDF (its size and the name it was uploaded under), by its id. */
    pdf: (id: string): StoredPdf | undefined => (PHOTO_ID.test(id) ? selectPdf.get(id) : undefined),

    /** The file of a stored PDF, to send. */
    pdfPath: (id: string): string => join(pdfs, `${id}.pdf`),

    /** Whether a file name in media/pdfs is a stored PDF's. */
    knownFile: (name: string): boolean => {
      const id = PDF_FILE.exec(name)?.[1];
      return id !== undefined && selectPdf.get(id) !== undefined;
    },

    /**
     * Keeps a received upload as a PDF: checked by its first bytes and its size, moved (already
     * fsynced) to media/pdfs/<id>.pdf, its folder fsynced, then its row. The same file uploaded
     * again is the same PDF. Storage failures throw (answered 503) and leave no file behind; an
     * upload that is no PDF, or too large, is refused in words.
     */
    storePdf: (received: ReceivedFile, actor: string): Promise<StoredPdf | PhotoRefusal> => {
      const refusal = pdfRefusal(received);
      if (refusal) return Promise.resolve(refusal);
      const work = () => keep(received, actor);
      const next = pdfQueue.then(work, work);
      pdfQueue = next.catch(() => {});
      return next;
    },
  };
}
