import {
  FORM_TOKEN_FIELD,
  formValuesOf,
  isSourcePage,
  leadSourceOf,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryInput,
} from '../../shared/enquiry/validation.js';
import { ANSWER_TEXTS } from '../../shared/i18n/answer-texts.js';
import { SOURCE_PAGE_FIELD, type LeadSource } from '../../shared/enquiry/lead-source.js';
import type { NewDrawing } from './enquiry-store.js';
import { WriterStoppedError, type Committed } from './writer/enquiry-writer.js';
import type { TokenCheck } from './form-token.js';
import { isTrapped, spamReason } from './spam-rules.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../platform/storage/storage-error.js';
import type { SlotRefusal } from './drawings/upload-slots.js';
import type { ReceivedDrawing } from './drawings/drawing-files.js';
import { chooseAgainIn, tooManyDrawingsMessage, type Answer, type Refused } from './enquiry-answers.js';
import type { EnquiryIntake, EnquiryRequest } from './enquiry-intake.js';
import { answerBusy, readWatched } from './upload-reading.js';

const RETRY_AFTER_SECONDS: Partial<Record<Refused, number>> = { 429: 60, 503: STORAGE_RETRY_AFTER_SECONDS };

/** How one submission may be answered: refused (what it sent comes back with why), or accepted. */
interface Verdicts {
  refuse: (status: Refused, errors: EnquiryFieldErrors, formError?: string, retryAfter?: number) => Answer;
  accepted: (reference?: number) => Answer;
}

/** A valid enquiry within its allowances: its drawings and their bytes, its form token's check, where it came from. */
interface ValidEnquiry {
  enquiry: EnquiryInput;
  received: ReceivedDrawing[];
  bytes: number;
  token: TokenCheck;
  source: LeadSource;
}

/** Reads and checks one submission, and commits it when it may be: the answer it gets, not sent yet. */
export async function decide(intake: EnquiryIntake, submission: EnquiryRequest): Promise<Answer> {
  const { request, reply, answers, client, lang } = submission;
  const { options, turns, messages, drawingBytes } = intake;
  const { formTokens } = options;
  const {
    fields,
    drawings: received,
    refusal,
  } = request.isMultipart()
    ? await readWatched(intake, submission)
    : { fields: request.body, drawings: [] as ReceivedDrawing[], refusal: null };
  if (refusal?.busy) return () => answerBusy(intake, submission, refusal.status as SlotRefusal);
  await turns.next();
  const values = formValuesOf(fields);
  const sentToken = (fields as Record<string, unknown> | null)?.[FORM_TOKEN_FIELD];
  const token = formTokens.check(sentToken);
  // A form sent back keeps its token (and so how long it has been open), unless it had none of ours.
  const formTokenBack = token.nonce ? String(sentToken) : formTokens.issue();
  // Where the lead came from: hidden fields, each dropped when it breaks the rules, never refused.
  const source = leadSourceOf(fields);
  // A form sent back without JavaScript keeps what its page knew of where the visitor came from.
  const sourcePage = (fields as Record<string, unknown> | null)?.[SOURCE_PAGE_FIELD];
  const formSourceBack = isSourcePage(sourcePage) ? sourcePage : '';
  const refuse =
    (
      status: Refused,
      errors: EnquiryFieldErrors,
      formError?: string,
      retryAfter = RETRY_AFTER_SECONDS[status],
    ): Answer =>
    () => {
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      if (received.length > 0 && !errors.drawings) errors = { ...errors, drawings: chooseAgainIn(lang) };
      return answers.refused(reply, status, values, errors, formTokenBack, formError, formSourceBack);
    };
  const accepted =
    (reference?: number): Answer =>
    () =>
      answers.accepted(reply, formTokens.issue(), reference);

  if (isTrapped(fields)) {
    request.log.info('honeypot filled: enquiry dropped');
    return accepted();
  }
  const texts = intake.catalogues[lang];
  const result = validateEnquiry(fields, texts.validation);
  if (refusal?.status === 503) {
    request.log.error({ reason: refusal.message }, 'enquiry NOT stored (a drawing could not be written): answered 503');
    return refuse(503, { drawings: chooseAgainIn(lang) }, texts.enquiryNotStored(intake.contactEmail()));
  }
  if (refusal?.wholeForm) {
    request.log.info({ reason: refusal.message }, 'enquiry refused: its multipart body could not be read');
    return refuse(refusal.status, {}, refusal.message);
  }
  if (refusal) {
    const retryAfter = refusal.status === 429 ? drawingBytes.secondsUntilReset(client) : undefined;
    return refuse(
      refusal.status,
      { ...(result.ok ? {} : result.errors), drawings: `${refusal.message} ${chooseAgainIn(lang)}` },
      undefined,
      retryAfter,
    );
  }
  if (!result.ok) return refuse(400, result.errors);
  if (!messages.take(client)) return refuse(429, {}, ANSWER_TEXTS[lang].tooManyRequests);
  const bytes = received.reduce((sum, drawing) => sum + drawing.size, 0);
  // Two uploads at once from one network may each have fitted what was left, but not both.
  if (!drawingBytes.take(client, bytes)) {
    messages.giveBack(client);
    const wait = drawingBytes.secondsUntilReset(client);
    return refuse(429, { drawings: `${tooManyDrawingsMessage(lang, wait)} ${chooseAgainIn(lang)}` }, undefined, wait);
  }
  const valid: ValidEnquiry = { enquiry: result.enquiry, received, bytes, token, source };
  return commitEnquiry(intake, submission, valid, { refuse, accepted });
}

/**
 * Commits a valid enquiry and its drawings on the writer thread, then wakes the queues; a storage
 * failure gives back what the allowances took and is answered 503.
 */
async function commitEnquiry(
  intake: EnquiryIntake,
  { request, client, batch, lang }: EnquiryRequest,
  { enquiry, received, bytes, token, source }: ValidEnquiry,
  { refuse, accepted }: Verdicts,
): Promise<Answer> {
  const { options, turns, messages, drawingBytes } = intake;
  const { writer, config } = options;
  let stored: Committed;
  let kept: NewDrawing[] = [];
  try {
    kept = await batch.keep(received);
    const origin = { clientIpHash: client, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
    const committed = await writer.create(enquiry, {
      origin,
      drawings: kept,
      notify: options.notifications !== undefined,
      acknowledge: options.acknowledgements !== undefined && intake.acknowledgementOn(),
      spamReasons: [spamReason(enquiry, token, false), spamReason(enquiry, token, true)],
      tokenNonce: token.nonce,
      source,
      language: lang,
      spamDrawingQuota: config.enquiryDrawingBytes,
    });
    await turns.next();
    // The drawings of a repeat are discarded with the rest; a message filed as Spam keeps its own,
    // within this network's allowance of drawing bytes (taken above, not given back).
    const keptFiles = committed.repeated || committed.drawingCount === 0 ? [] : kept;
    batch.committed(keptFiles.map((drawing) => drawing.storedName));
    drawingBytes.giveBack(client, bytes - keptFiles.reduce((sum, drawing) => sum + drawing.size, 0));
    if (committed.repeated) {
      request.log.info(
        { enquiryId: committed.enquiryId, repeats: committed.repeats },
        'the same enquiry again: counted as a repeat, not stored twice',
      );
      return accepted(committed.enquiryId);
    }
    stored = committed;
  } catch (error) {
    const failure = asStorageFailure(error);
    if (!failure) throw error;
    // Perhaps committed after all: its drawings stay (a start removes them if no enquiry has them).
    if (error instanceof WriterStoppedError) batch.committed(kept.map((drawing) => drawing.storedName));
    messages.giveBack(client);
    drawingBytes.giveBack(client, bytes);
    request.log.error({ err: failure.cause ?? failure, reason: failure.reason }, 'enquiry NOT stored: answered 503');
    return refuse(503, {}, intake.catalogues[lang].enquiryNotStored(intake.contactEmail()));
  }
  if (stored.spamReason) {
    request.log.info(
      { enquiryId: stored.enquiryId, reason: stored.spamReason, drawings: stored.drawingCount },
      'enquiry stored in Spam (no notification)',
    );
  } else {
    request.log.info(
      { enquiryId: stored.enquiryId, drawings: stored.drawingCount, resentOf: stored.resentOf },
      'enquiry stored',
    );
    void options.notifications?.run();
    void options.acknowledgements?.run();
    void options.webhooks.run();
  }
  return accepted(stored.enquiryId);
}
