import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { DRAWING_LIMITS } from '../../../shared/enquiry/quote.js';
import { MALFORMED_FORM_MESSAGE } from '../../../shared/enquiry/messages.js';
import { isClientAbort } from '../../platform/http/client-abort.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import type { DrawingBatch } from './drawing-batch.js';
import { isRefusal, type ReceivedDrawing, type Refusal } from './drawing-files.js';

const DRAWINGS_FIELD = 'drawings';

/** What a multipart enquiry carried: its text fields, the drawings kept in temporary files, and any refusal. */
export interface Submission {
  fields: Record<string, string>;
  drawings: ReceivedDrawing[];
  /** The first file refused, or a limit reached; the enquiry is then not stored. */
  refusal: Refusal | null;
}

/** The limits @fastify/multipart enforces while parsing (the route registers it with these). */
export const MULTIPART_LIMITS = {
  fileSize: DRAWING_LIMITS.fileBytes,
  files: DRAWING_LIMITS.files,
  fields: 40,
  fieldSize: 32 * 1024,
  parts: 60,
} as const;

/** What busboy and @fastify/multipart say of a body that is not well-formed multipart/form-data. */
const MALFORMED_MESSAGES =
  /^(Multipart: Boundary not found|Unexpected end of (form|multipart data)|Malformed part header|Part terminated early due to unexpected end of multipart data)$/;

function isMalformedBody(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (error as { code?: string }).code === 'FST_PROTO_VIOLATION' || MALFORMED_MESSAGES.test(error.message);
}

/** How many bytes of drawings this request may leave on disk, and the refusal past them. */
export interface DrawingBudget {
  bytes: number;
  overBudget?: Refusal;
}

/**
 * Reads a multipart/form-data enquiry part by part: fields into memory (small), each drawing
 * streamed to disk through the batch, which removes what is not kept whatever happens (the caller
 * discards it). Before its first drawing, `admit` is asked with the fields sent so far (the form's
 * token comes first): an upload slot, or a `busy` refusal, after which nothing more is read. Every
 * other refusal reads each part to its end, so the visitor gets the answer.
 */
export async function readSubmission(
  request: FastifyRequest,
  batch: DrawingBatch,
  budget: DrawingBudget,
  admit: (fields: Record<string, string>) => Refusal | null,
): Promise<Submission> {
  const submission: Submission = { fields: {}, drawings: [], refusal: null };
  let total = 0;
  let admitted = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') submission.fields[part.fieldname] = part.value;
        continue;
      }
      // A file input left empty still sends a part, with no name and no content.
      if (part.fieldname !== DRAWINGS_FIELD || !part.filename || submission.refusal) {
        part.file.resume();
        continue;
      }
      if (!admitted) {
        submission.refusal = admit(submission.fields);
        admitted = true;
        if (submission.refusal) break;
      }
      const result = await batch.receive(part.file, part.filename, budget.bytes - total, budget.overBudget);
      if (isRefusal(result)) submission.refusal = result;
      else {
        submission.drawings.push(result);
        total += result.size;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const storage = asStorageFailure(error);
    if (storage) {
      submission.refusal = { status: 503, message: storage.reason };
    } else if (code === 'FST_FILES_LIMIT') {
      submission.refusal = { status: 413, message: `Please attach at most ${DRAWING_LIMITS.files} drawings.` };
    } else if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      submission.refusal = { status: 413, message: 'The form sent more parts than it has fields.' };
    } else if (isMalformedBody(error) && !isClientAbort(error, request)) {
      // Sent whole but unreadable (no boundary, cut short before its closing line): the sender's fault.
      submission.refusal = { status: 400, message: MALFORMED_FORM_MESSAGE, wholeForm: true };
    } else {
      throw error;
    }
    // Let the rest of the request arrive (and be dropped), so the browser reads the answer.
    request.raw.resume();
  }
  if (submission.refusal) submission.drawings = [];
  return submission;
}
