import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadCatalogue, type Catalogue } from '../../shared/i18n/catalogue.js';
import { languages, TRANSLATED_LANGUAGES, type LanguageCode } from '../../shared/i18n/languages.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { createAllowance } from './allowance.js';
import { clientKey } from './client-key.js';
import { answersJson } from '../platform/http/negotiation.js';
import { createTurnTaking } from '../platform/http/turn-taking.js';
import { startDrawingBatch } from './drawings/drawing-batch.js';
import { createUploadSlots } from './drawings/upload-slots.js';
import { MULTIPART_LIMITS } from './drawings/read-submission.js';
import { busyPages, jsonAnswers, pageAnswers, type Answer, type Answers } from './enquiry-answers.js';
import type { EnquiryIntake, EnquiryRouteOptions, HeldSlot } from './enquiry-intake.js';
import { decide } from './enquiry-decision.js';
import { answerBusy } from './upload-reading.js';

/** The window of the drawings allowance (ENQUIRY_DRAWINGS_MB per client network). */
export const DRAWING_WINDOW_MS = 10 * 60_000;

/**
 * POST /contact: the enquiry form, multipart with drawings (or urlencoded), from a browser without
 * JavaScript (pages, 303) or with it (the same form data, answered as JSON); POST /api/enquiries:
 * JSON for scripts. One flow: validated with the shared schema, one allowance per client for both,
 * answered only after the enquiry and its drawings are committed to disk.
 */
export async function enquiryRoutes(app: FastifyInstance, options: EnquiryRouteOptions): Promise<void> {
  const { pages, secret, config } = options;
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

  const intake: EnquiryIntake = {
    options,
    messages,
    drawingBytes,
    slots,
    turns,
    catalogues,
    clientKeys,
    contactEmail,
    acknowledgementOn,
  };
  app.post('/contact', (request, reply) =>
    submit(intake, request, reply, answersJson(request, 'accept-json-over-html') ? jsonAnswers : englishPageAnswers),
  );
  app.post('/api/enquiries', (request, reply) => submit(intake, request, reply, jsonAnswers));
  // The form of each language's contact page posts to that page's address, once the language is published.
  for (const lang of TRANSLATED_LANGUAGES) {
    const answers = pageAnswersIn(lang);
    app.post(localizedPath(lang, '/contact'), (request, reply) =>
      pages.languages.isPublished(lang)
        ? submit(intake, request, reply, answersJson(request, 'accept-json-over-html') ? jsonAnswers : answers, lang)
        : reply.callNotFound(),
    );
  }
}

/**
 * One submission: decided (stored or refused), then everything received and not kept with an
 * enquiry is discarded, in this one place, whatever happened (a hang-up at any byte, an error, a
 * refusal, the honeypot, a repeat); only then is it answered.
 */
async function submit(
  intake: EnquiryIntake,
  request: FastifyRequest,
  reply: FastifyReply,
  answers: Answers,
  lang: LanguageCode = 'en',
) {
  const { clientKeys, slots, options } = intake;
  const client = clientKeys.get(request) ?? clientKey(options.secret, request);
  // A network holding all its upload slots: its next upload is refused before its body is read.
  if (request.isMultipart() && slots.full(client)) return answerBusy(intake, { request, reply, answers, lang }, 429);
  const batch = startDrawingBatch(options.drawings);
  const upload: HeldSlot = { slot: null };
  let answer: Answer;
  try {
    answer = await decide(intake, { request, reply, answers, client, batch, upload, lang });
  } finally {
    await batch.discard();
    upload.slot?.release();
  }
  return answer();
}
