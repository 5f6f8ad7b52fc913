import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sendAttachment } from '../platform/http/attachment.js';
import type { MediaLibrary } from './media-library.js';
import type { SiteContentService } from './site-content.js';

export interface PdfRouteOptions {
  content: SiteContentService;
  media: MediaLibrary;
}

const PDF_PATH = /^([0-9a-f]{20})\.pdf$/;

/**
 * Its address changes with its content (the id is the hash of the file), but the name it is saved
 * under follows the certificate's, which the owner may change: cached for a day, not for good.
 */
const CACHE_CONTROL = 'public, max-age=86400';

/** Characters a saved file's name cannot hold on Windows or macOS: each run becomes a dash. */
const unsafeInName = /[\\/:*?"<>|\p{Cc}\u200B-\u200F\u202A-\u202E\u2066-\u2069]+/gu;

/**
 * GET /documents/<id>.pdf: a PDF uploaded in the site editor (a certificate's), always as a download
 * (attachment, nosniff, a sandbox if opened anyway), by its unguessable id. Saved as "<certificate>
 * certificate.pdf" when a published certificate has it, else under the name it was uploaded with.
 * An expired certificate's PDF is no longer linked anywhere, but its address keeps working (as a
 * photo's does): it names no more than the certificate's own file.
 */
export async function pdfRoutes(app: FastifyInstance, { content, media }: PdfRouteOptions): Promise<void> {
  app.get<{ Params: { file: string } }>('/documents/:file', async (request, reply) => {
    const id = PDF_PATH.exec(request.params.file)?.[1];
    const stored = id === undefined ? undefined : media.pdf(id);
    if (!stored) return reply.callNotFound();
    const path = media.pdfPath(stored.id);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      request.log.warn({ pdf: stored.id }, 'PDF file missing: upload it again in the site editor');
      return reply.callNotFound();
    }
    const certificate = content
      .current()
      .content.capability.certificates.find((candidate) => candidate.pdf?.id === stored.id);
    const name = certificate
      ? `${certificate.name} certificate.pdf`.replace(unsafeInName, '-')
      : /\.pdf$/i.test(stored.name)
        ? stored.name
        : `${stored.name}.pdf`;
    return sendAttachment(
      reply,
      { name, type: 'application/pdf', size, cacheControl: CACHE_CONTROL },
      createReadStream(path),
    );
  });
}
