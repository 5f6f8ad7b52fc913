import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPLY_FIELDS } from '../../../shared/admin/reply.js';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import { startDrawingBatch, type DrawingBatch } from '../drawings/drawing-batch.js';
import { isRefusal, type DrawingFiles, type ReceivedDrawing, type Refusal } from '../drawings/drawing-files.js';

/** The files a reply's form brought: checked like a buyer's drawings, in temporary files until kept. */
export interface ReplyUploads {
  batch: DrawingBatch;
  received: ReceivedDrawing[];
  /** The first file refused (its content, a size or count limit, storage); the reply is then not stored. */
  refusal: Refusal | null;
}

/**
 * The reply form's text, the enquiry's drawings ticked (one "attach" each, several checkboxes) and its
 * CSRF token: the text may be 20,000 characters of any script.
 */
const LIMITS = {
  fileSize: DRAWING_LIMITS.fileBytes,
  files: DRAWING_LIMITS.files,
  fields: 300,
  fieldSize: 128 * 1024,
  parts: 320,
};

/**
 * Multipart for the reply form, in the reply route's scope: the body is read whole before the CSRF
 * check, which needs its _csrf field, so only a signed-in admin's is read at all (the admin guard
 * answers the others first: admin-auth.ts). Each file is streamed, size-checked and content-checked
 * exactly like a buyer's drawings (drawing-files.ts) into a temporary file; whatever is not committed
 * with a reply is removed before the answer is sent, or when the request is cut short.
 */
export async function replyUploads(scope: FastifyInstance, drawings: DrawingFiles) {
  const uploads = new WeakMap<FastifyRequest, ReplyUploads>();
  const of = (request: FastifyRequest): ReplyUploads => {
    let found = uploads.get(request);
    if (!found) uploads.set(request, (found = { batch: startDrawingBatch(drawings), received: [], refusal: null }));
    return found;
  };
  const discard = async (request: FastifyRequest) => {
    const found = uploads.get(request);
    if (!found) return;
    uploads.delete(request);
    found.batch.abort(new Error('the request was given up'));
    await found.batch.discard();
  };
  // Before the answer leaves (a refusal by the CSRF check or the guard too): what it says is on disk is.
  scope.addHook('onSend', async (request, _reply, payload) => {
    await discard(request);
    return payload;
  });
  scope.addHook('onRequestAbort', discard);

  await scope.register(multipart, {
    limits: LIMITS,
    throwFileSizeLimit: false,
    attachFieldsToBody: 'keyValues',
    async onFile(this: FastifyRequest, part: MultipartFile) {
      const upload = of(this);
      // A file input left empty still sends a part, with no name and no content.
      if (part.fieldname !== REPLY_FIELDS.files || !part.filename || upload.refusal) {
        part.file.resume();
        return;
      }
      const total = upload.received.reduce((sum, file) => sum + file.size, 0);
      try {
        const result = await upload.batch.receive(part.file, part.filename, DRAWING_LIMITS.totalBytes - total);
        if (isRefusal(result)) upload.refusal = result;
        else upload.received.push(result);
      } catch (error) {
        part.file.resume();
        const failure = asStorageFailure(error);
        if (!failure) throw error;
        upload.refusal = { status: 503, message: failure.reason };
      }
    },
  });

  return {
    /** What this request's form brought (nothing, for a form without files). */
    of,
  };
}
