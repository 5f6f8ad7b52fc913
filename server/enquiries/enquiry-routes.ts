import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { thankYouPath } from '../../shared/routes.js';
import {
  FORM_TOKEN_FIELD,
  formValuesOf,
  isSourcePage,
  leadSourceOf,
  validateEnquiry,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../../shared/enquiry/validation.js';
import { loadCatalogue, type Catalogue } from '../../shared/i18n/catalogue.js';
import { ANSWER_TEXTS } from '../../shared/i18n/answer-texts.js';
import { languages, TRANSLATED_LANGUAGES, type LanguageCode } from '../../shared/i18n/languages.js';
import { plural } from '../../shared/i18n/plural.js';
import { localizedHref } from '../../shared/i18n/page-address.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { SOURCE_PAGE_FIELD } from '../../shared/enquiry/lead-source.js';
import type { EnquiryStore, NewDrawing } from './enquiry-store.js';
import { WriterStoppedError, type Committed, type EnquiryWriter } from './writer/enquiry-writer.js';
import type { NotificationQueue } from './notifications/notification-queue.js';
import type { WebhookOutbox } from '../integrations/webhook-outbox.js';
import type { AcknowledgementQueue } from './acknowledgement/acknowledgement-queue.js';
import type { PageRenderer } from '../pages/page-renderer.js';
import type { ServerConfig } from '../config/load-config.js';
import type { SiteContentService } from '../site-content/site-content.js';
import { createAllowance } from './allowance.js';
import { clientKey } from './client-key.js';
import type { FormTokens } from './form-token.js';
import { isTrapped, spamReason } from './spam-rules.js';
import { asStorageFailure, STORAGE_RETRY_AFTER_SECONDS } from '../platform/storage/storage-error.js';
import { answersJson } from '../platform/http/negotiation.js';
import { createTurnTaking } from '../platform/http/turn-taking.js';
import { DRAWING_LIMITS, quoteSearch } from '../../shared/enquiry/quote.js';
import { watchBodyProgress } from './drawings/body-progress.js';
import { startDrawingBatch, type DrawingBatch } from './drawings/drawing-batch.js';
import { createUploadSlots, type SlotRefusal, type UploadSlot } from './drawings/upload-slots.js';
import type { DrawingFiles, ReceivedDrawing, Refusal } from './drawings/drawing-files.js';
import { MULTIPART_LIMITS, readSubmission, type DrawingBudget } from './drawings/read-submission.js';

export interface EnquiryRouteOptions {
  /** Commits each enquiry on its own thread. */
  writer: EnquiryWriter;
  drawings: DrawingFiles;
  pages: PageRenderer;
  secret: string;
  formTokens: FormTokens;
  /** The published content: its contact e-mail is named in messages when an enquiry cannot be stored. */
  content: SiteContentService;
  /**
   * Valid enquiries accepted per client network per minute, both endpoints together; bytes of
   * drawings kept per client network per 10 minutes (ENQUIRY_DRAWINGS_MB); multipart uploads under
   * way at once, per client network and overall; how long a body may stay idle before it is ended.
   */
  config: Pick<
    ServerConfig,
    'enquiryRateLimit' | 'enquiryDrawingBytes' | 'uploadsPerNetwork' | 'uploadsAtOnce' | 'uploadIdleMs'
  >;
  /** Set when e-mail notification is configured: each stored enquiry is queued, then the queue runs. */
  notifications?: NotificationQueue;
  /** The webhook outbox: woken once an enquiry is stored (its deliveries were queued with it). */
  webhooks: Pick<WebhookOutbox, 'run'>;
  /** The enquiries: whether a network sent some before (it keeps a reserved upload slot in a flood). */
  store: Pick<EnquiryStore, 'hasEnquiriesFrom'>;
  /**
   * Set when SMTP is configured: the acknowledgement to the buyer is queued with each enquiry that
   * gives an e-mail address (not spam), while the content's acknowledgement text is not empty.
   */
  acknowledgements?: AcknowledgementQueue;
}

type Refused = 400 | 413 | 429 | 503;

/** How a request is answered: pages and redirects for a browser's form post, JSON for scripts. */
interface Answers {
  /**
   * Stored (or counted as a repeat); `formToken` is for the next enquiry from the same page;
   * `reference` the enquiry's number (none when nothing was stored: the honeypot).
   */
  accepted(reply: FastifyReply, formToken: string, reference?: number): FastifyReply | Promise<FastifyReply>;
  /**
   * Refused before the body was read (too many uploads under way): nothing typed is known. Cheap by
   * design, since a flood asks for it hundreds of times a second.
   */
  busy(reply: FastifyReply, status: 429 | 503, message: string): FastifyReply | Promise<FastifyReply>;
  /** Not stored: the visitor keeps what they typed (drawings must be chosen again) and reads why. */
  refused(
    reply: FastifyReply,
    status: Refused,
    values: EnquiryFormValues,
    errors: EnquiryFieldErrors,
    formToken: string,
    formError?: string,
    formSource?: string,
  ): FastifyReply | Promise<FastifyReply>;
}

/** The upload slot a submission took at its first drawing, if it did. */
interface HeldSlot {
  slot: UploadSlot | null;
}

/** An answer decided, sent once what was received and not kept is discarded. */
type Answer = () => FastifyReply | Promise<FastifyReply>;

/** The window of the drawings allowance (ENQUIRY_DRAWINGS_MB per client network). */
export const DRAWING_WINDOW_MS = 10 * 60_000;

/** Said with a refused form that had drawings: they must be chosen again. */
const chooseAgainIn = (lang: LanguageCode) => ANSWER_TEXTS[lang].chooseAgain;

const tooManyDrawingsMessage = (lang: LanguageCode, seconds: number) =>
  plural(lang, Math.ceil(seconds / 60), ANSWER_TEXTS[lang].tooManyDrawings);

const UPLOAD_RETRY_AFTER_SECONDS = 30;

const RETRY_AFTER_SECONDS: Partial<Record<Refused, number>> = { 429: 60, 503: STORAGE_RETRY_AFTER_SECONDS };

/** The answers to scripts (and to the form with JavaScript): JSON. */
const jsonAnswers: Answers = {
  accepted: (reply, formToken, reference) => reply.code(201).send({ ok: true, formToken, reference }),
  busy: (reply, status, message) => jsonAnswers.refused(reply, status, formValuesOf({}), {}, '', message),
  refused: (reply, status, _values, errors, _formToken, formError) =>
    reply.code(status).send({
      error: { 400: 'Bad Request', 413: 'Content Too Large', 429: 'Too Many Requests', 503: 'Service Unavailable' }[
        status
      ],
      message: formError ?? 'Please correct the highlighted fields.',
      ...(Object.keys(errors).length > 0 && { errors }),
    }),
};

type BusyPage = (lang: LanguageCode, message: string) => Promise<string>;

/**
 * The contact page that says why an upload was refused before its body: rendered once per message (with
 * no form token: alone, a missing one is no sign of spam), in the language of the page it was sent from.
 */
function busyPages(pages: PageRenderer): BusyPage {
  const rendered = new Map<string, Promise<string>>();
  return (lang, message) => {
    let page = rendered.get(message);
    if (!page) {
      const contact = { values: formValuesOf({}), errors: {}, formError: message };
      rendered.set(message, (page = pages.render(localizedPath(lang, '/contact'), { contact })));
    }
    return page;
  };
}

/** The answers to a form posted from its page in `lang`: the thank-you page and the form sent back in it. */
function pageAnswers(pages: PageRenderer, lang: LanguageCode, busyPage: BusyPage): Answers {
  return {
    accepted: (reply, _formToken, reference) =>
      reply.redirect(encodeURI(localizedHref(lang, thankYouPath(reference))), 303),
    busy: async (reply, status, message) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await busyPage(lang, message)),
    // The form of a quote request posts to its own address (/contact?product=flanges): it comes back
    // as it was, headed by its product.
    refused: (reply, status, values, errors, formToken, formError, formSource) =>
      pages.sendPrivate(
        reply,
        localizedPath(lang, '/contact'),
        { contact: { values, errors, ...(formError && { formError }) }, formToken, formSource },
        status,
        quoteSearch(reply.request.query),
      ),
  };
}

/**
 * POST /contact: the enquiry form, multipart with drawings (or urlencoded), from a browser without
 * JavaScript (pages, 303) or with it (the same form data, answered as JSON); POST /api/enquiries:
 * JSON for scripts. One flow: validated with the shared schema, one allowance per client for both,
 * answered only after the enquiry and its drawings are committed to disk.
 */
export async function enquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): Promise<void> {
  const { writer, pages, secret, drawings, formTokens } = options;
  const { config } = options;
  const messages = createAllowance(config.enquiryRateLimit, 60_000);
  const drawingBytes = createAllowance(config.enquiryDrawingBytes, DRAWING_WINDOW_MS);
  const slots = createUploadSlots({ perNetwork: config.uploadsPerNetwork, overall: config.uploadsAtOnce });
  // Pages first: an enquiry's checks, and its answer, each wait for a turn of the event loop of their own.
  const turns = createTurnTaking();
  const contactEmail = () => options.content.current().content.company.email;
  // The owner turns the acknowledgement off by leaving its text empty in the site editor.
  const acknowledgementOn = () => options.content.current().content.contact.acknowledgement.trim() !== '';
  // Multipart only here, with the drawing limits; the rest of the site keeps its small body limit.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  const catalogues = Object.fromEntries(
    await Promise.all(languages.map(async (lang) => [lang, await loadCatalogue(lang)] as const)),
  ) as Record<LanguageCode, Catalogue>;

  const busyPage = busyPages(pages);
  const pageAnswersIn = (lang: LanguageCode) => pageAnswers(pages, lang, busyPage);
  const englishPageAnswers = pageAnswersIn('en');

  // The client's network is known only while its socket is open: taken before the body is read.
  const clientKeys = new WeakMap<FastifyRequest, string>();
  app.addHook('onRequest', async (request) => {
    clientKeys.set(request, clientKey(secret, request));
  });

  /**
   * One submission: decided (stored or refused), then everything received and not kept with an
   * enquiry is discarded, in this one place, whatever happened (a hang-up at any byte, an error, a
   * refusal, the honeypot, a repeat); only then is it answered.
   */
  async function submit(request: FastifyRequest, reply: FastifyReply, answers: Answers, lang: LanguageCode = 'en') {
    const client = clientKeys.get(request) ?? clientKey(secret, request);
    // A network holding all its upload slots: its next upload is refused before its body is read.
    if (request.isMultipart() && slots.full(client)) return busy(request, reply, answers, 429, lang);
    const batch = startDrawingBatch(drawings);
    const upload: HeldSlot = { slot: null };
    let answer: Answer;
    try {
      answer = await decide(request, reply, answers, client, batch, upload, lang);
    } finally {
      await batch.discard();
      upload.slot?.release();
    }
    return answer();
  }

  /** Too many uploads under way: said at once, and the connection closed (the rest of the body is not read). */
  function busy(
    request: FastifyRequest,
    reply: FastifyReply,
    answers: Answers,
    status: SlotRefusal,
    lang: LanguageCode,
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
    (client: string, upload: HeldSlot) =>
    (fields: Record<string, string>): Refusal | null => {
      const slot = slots.take(
        client,
        () => formTokens.check(fields[FORM_TOKEN_FIELD]).ok || options.store.hasEnquiriesFrom(client),
      );
      if (typeof slot === 'number') return { status: slot, message: '', busy: true };
      upload.slot = slot;
      return null;
    };

  /** The multipart body read, or given up when no byte of it arrives for the progress timeout. */
  async function readWatched(
    request: FastifyRequest,
    batch: DrawingBatch,
    client: string,
    upload: HeldSlot,
    lang: LanguageCode,
  ) {
    let stop = () => {};
    const stalled = new Promise<never>((_, reject) => {
      stop = watchBodyProgress(request.raw, config.uploadIdleMs, (error) => {
        batch.abort(error);
        request.raw.socket?.destroy();
        reject(error);
      });
    });
    const reading = readSubmission(request, batch, drawingBudget(client, lang), admitUpload(client, upload));
    reading.catch(() => {}); // once stalled, what the parser says later is not awaited
    try {
      return await Promise.race([reading, stalled]);
    } finally {
      stop();
    }
  }

  /** What this client network may still leave on disk in drawings, and the refusal past it. */
  function drawingBudget(client: string, lang: LanguageCode): DrawingBudget {
    const left = drawingBytes.left(client);
    if (left >= DRAWING_LIMITS.totalBytes) return { bytes: DRAWING_LIMITS.totalBytes };
    return {
      bytes: left,
      overBudget: { status: 429, message: tooManyDrawingsMessage(lang, drawingBytes.secondsUntilReset(client)) },
    };
  }

  async function decide(
    request: FastifyRequest,
    reply: FastifyReply,
    answers: Answers,
    client: string,
    batch: DrawingBatch,
    upload: HeldSlot,
    lang: LanguageCode,
  ): Promise<Answer> {
    const {
      fields,
      drawings: received,
      refusal,
    } = request.isMultipart()
      ? await readWatched(request, batch, client, upload, lang)
      : { fields: request.body, drawings: [] as ReceivedDrawing[], refusal: null };
    if (refusal?.busy) return () => busy(request, reply, answers, refusal.status as SlotRefusal, lang);
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
    const texts = catalogues[lang];
    const result = validateEnquiry(fields, texts.validation);
    if (refusal?.status === 503) {
      request.log.error(
        { reason: refusal.message },
        'enquiry NOT stored (a drawing could not be written): answered 503',
      );
      return refuse(503, { drawings: chooseAgainIn(lang) }, texts.enquiryNotStored(contactEmail()));
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
    let stored: Committed;
    let kept: NewDrawing[] = [];
    try {
      kept = await batch.keep(received);
      const origin = { clientIpHash: client, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
      const committed = await writer.create(result.enquiry, {
        origin,
        drawings: kept,
        notify: options.notifications !== undefined,
        acknowledge: options.acknowledgements !== undefined && acknowledgementOn(),
        spamReasons: [spamReason(result.enquiry, token, false), spamReason(result.enquiry, token, true)],
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
      return refuse(503, {}, texts.enquiryNotStored(contactEmail()));
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

  app.post('/contact', (request, reply) =>
    submit(request, reply, answersJson(request, 'accept-json-over-html') ? jsonAnswers : englishPageAnswers),
  );
  app.post('/api/enquiries', (request, reply) => submit(request, reply, jsonAnswers));
  // The form of each language's contact page posts to that page's address, once the language is published.
  for (const lang of TRANSLATED_LANGUAGES) {
    const answers = pageAnswersIn(lang);
    app.post(localizedPath(lang, '/contact'), (request, reply) =>
      pages.languages.isPublished(lang)
        ? submit(request, reply, answersJson(request, 'accept-json-over-html') ? jsonAnswers : answers, lang)
        : reply.callNotFound(),
    );
  }
}
