import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_SEND_TEXT as TEXT } from '../../../shared/admin/texts.js';
import { revisionLabel } from '../../../shared/quotations/revisions.js';
import type { DrawingFiles } from '../../enquiries/drawings/drawing-files.js';
import type { DeskServices } from '../desk/desk-services.js';
import { quotationDocument } from '../../quotations/quotation-documents.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../../platform/storage/storage-error.js';
import type { QuotationRouteOptions } from './quotation-routes.js';
import { showQuotation } from './quotation-view.js';

const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

/** Keeps a PDF in the uploads folder as a file to attach to a reply. */
async function keepPdf(drawings: DrawingFiles, name: string, pdf: Buffer) {
  const tempPath = join(drawings.directory, '.tmp', randomBytes(16).toString('hex'));
  await writeFile(tempPath, pdf);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  return drawings.keep([{ tempPath, name, size: pdf.length, type: 'pdf', sha256 }]);
}

/**
 * POST /admin/enquiries/:id/quotation/send: the latest revision as a reply in the thread, its PDF
 * attached, through the replies' own store and queue. The revision shows as sent, and the enquiry
 * moves to Quoted, only once the mail server accepted the reply (quotations/quotation-delivery.ts).
 */
export default async function quotationSendRoutes(
  admin: FastifyInstance,
  options: QuotationRouteOptions & Pick<DeskServices, 'drawings' | 'storage'> & { replySignature?: { text(): string } },
): Promise<void> {
  const { store, quotations, replies, drawings } = options;
  const documents = { ...options, photosDir: options.media.photosDir, logoDrawing: options.drawingSources.logo };

  admin.post<{ Params: { id: number }; Body: { message?: unknown } }>(
    ADMIN_PATHS.quotationSend,
    { schema: { params: idParam } },
    async (request, reply) => {
      const { id } = request.params;
      const enquiry = store.get(id);
      const last = enquiry && quotations.revisions(id).at(-1);
      if (!enquiry || !last)
        return options.pages.sendPrivate(reply, pathTo(ADMIN_PATHS.quotation, { id }), { notFound: true }, 404);
      const message = (typeof request.body?.message === 'string' ? request.body.message : '').replace(/\r\n?/g, '\n');
      const refuse = (status: number, error: string) =>
        showQuotation(options, reply, enquiry, { draft: last.draft, send: { message, error } }, status);
      if (!replies) return refuse(409, TEXT.noSmtp);
      if (!enquiry.email) return refuse(409, TEXT.noEmail);
      if (quotations.delivery(id)?.status) return refuse(409, TEXT.already(revisionLabel(last.revision)));
      if (message.trim() === '') return refuse(400, TEXT.emptyMessage);

      const document = await quotationDocument(documents, enquiry, last);
      const kept = await keepPdf(drawings, document.name, document.pdf);
      let stored;
      try {
        stored = options.storage.write(() => {
          const added = replies.store.add({
            enquiryId: id,
            key: randomUUID(),
            sender: request.adminAccount!.email,
            body: message,
            attach: [],
            uploads: kept,
            signature: options.replySignature?.text() ?? null,
          });
          if (added) quotations.attachReply(id, last.revision, added.id);
          return added;
        });
      } catch (error) {
        await drawings.remove(kept.map((file) => file.storedName));
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        request.log.error({ err: failure.cause ?? failure }, 'quotation NOT sent: storage failing, answered 503');
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
        return refuse(503, failure.message);
      }
      if (!stored) {
        await drawings.remove(kept.map((file) => file.storedName));
        return refuse(409, TEXT.noEmail);
      }
      void replies.queue.run();
      const back = pathTo(ADMIN_PATHS.enquiryPage, { id });
      request.session.set('done', {
        at: back,
        done: { message: TEXT.queued(last.number, revisionLabel(last.revision)), undo: null },
      });
      return reply.redirect(`${back}#quotations`, 303);
    },
  );
}
