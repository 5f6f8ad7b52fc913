import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { ANSWER_TEXTS } from '../../shared/i18n/answer-texts.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { DRAWING_LIMITS } from '../../shared/enquiry/quote.js';
import { watchBodyProgress } from './drawings/body-progress.js';
import type { SlotRefusal } from './drawings/upload-slots.js';
import type { Refusal } from './drawings/drawing-files.js';
import { readSubmission, type DrawingBudget } from './drawings/read-submission.js';
import { tooManyDrawingsMessage } from './enquiry-answers.js';
import type { EnquiryIntake, EnquiryRequest, HeldSlot } from './enquiry-intake.js';

const UPLOAD_RETRY_AFTER_SECONDS = 30;

/** Too many uploads under way: said at once, and the connection closed (the rest of the body is not read). */
export function answerBusy(
  { slots }: EnquiryIntake,
  { request, reply, answers, lang }: Pick<EnquiryRequest, 'request' | 'reply' | 'answers' | 'lang'>,
  status: SlotRefusal,
) {
  request.log.info({ status, uploadsUnderWay: slots.inUse }, 'upload refused: too many under way');
  reply.header('connection', 'close').header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS));
  const texts = ANSWER_TEXTS[lang];
  return answers.busy(reply, status, status === 429 ? texts.tooManyUploads : texts.busy);
}

/**
 * An upload holds a socket and a file while it lasts: it takes a slot at its first drawing, when the
 * fields before it are known. Past the slots open to anyone, only a form filled in at a person's
 * pace (its token, sent first) or a network that sent enquiries before gets one of the reserved.
 */
const admitUpload =
  ({ slots, options }: EnquiryIntake, client: string, upload: HeldSlot) =>
  (fields: Record<string, string>): Refusal | null => {
    const slot = slots.take(
      client,
      () => options.formTokens.check(fields[FORM_TOKEN_FIELD]).ok || options.store.hasEnquiriesFrom(client),
    );
    if (typeof slot === 'number') return { status: slot, message: '', busy: true };
    upload.slot = slot;
    return null;
  };

/** The multipart body read, or given up when no byte of it arrives for the progress timeout. */
export async function readWatched(intake: EnquiryIntake, { request, batch, client, upload, lang }: EnquiryRequest) {
  let stop = () => {};
  const stalled = new Promise<never>((_, reject) => {
    stop = watchBodyProgress(request.raw, intake.options.config.uploadIdleMs, (error) => {
      batch.abort(error);
      request.raw.socket?.destroy();
      reject(error);
    });
  });
  const reading = readSubmission(
    request,
    batch,
    drawingBudget(intake, client, lang),
    admitUpload(intake, client, upload),
  );
  reading.catch(() => {}); // once stalled, what the parser says later is not awaited
  try {
    return await Promise.race([reading, stalled]);
  } finally {
    stop();
  }
}

/** What this client network may still leave on disk in drawings, and the refusal past it. */
function drawingBudget({ drawingBytes }: EnquiryIntake, client: string, lang: LanguageCode): DrawingBudget {
  const left = drawingBytes.left(client);
  if (left >= DRAWING_LIMITS.totalBytes) return { bytes: DRAWING_LIMITS.totalBytes };
  return {
    bytes: left,
    overBudget: { status: 429, message: tooManyDrawingsMessage(lang, drawingBytes.secondsUntilReset(client)) },
  };
}
