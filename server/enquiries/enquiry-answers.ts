import type { FastifyReply } from 'fastify';
import { thankYouPath } from '../../shared/routes.js';
import { formValuesOf, type EnquiryFieldErrors, type EnquiryFormValues } from '../../shared/enquiry/validation.js';
import { ANSWER_TEXTS } from '../../shared/i18n/answer-texts.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { plural } from '../../shared/i18n/plural.js';
import { localizedHref } from '../../shared/i18n/page-address.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { quoteSearch } from '../../shared/enquiry/quote.js';
import type { PageRenderer } from '../pages/page-renderer.js';

export type Refused = 400 | 413 | 429 | 503;

/** How a request is answered: pages and redirects for a browser's form post, JSON for scripts. */
export interface Answers {
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

/** An answer decided, sent once what was received and not kept is discarded. */
export type Answer = () => FastifyReply | Promise<FastifyReply>;

/** Said with a refused form that had drawings: they must be chosen again. */
export const chooseAgainIn = (lang: LanguageCode) => ANSWER_TEXTS[lang].chooseAgain;

export const tooManyDrawingsMessage = (lang: LanguageCode, seconds: number) =>
  plural(lang, Math.ceil(seconds / 60), ANSWER_TEXTS[lang].tooManyDrawings);

/** The answers to scripts (and to the form with JavaScript): JSON. */
export const jsonAnswers: Answers = {
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

export type BusyPage = (lang: LanguageCode, message: string) => Promise<string>;

/**
 * The contact page that says why an upload was refused before its body: rendered once per message (with
 * no form token: alone, a missing one is no sign of spam), in the language of the page it was sent from.
 */
export function busyPages(pages: PageRenderer): BusyPage {
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
export function pageAnswers(pages: PageRenderer, lang: LanguageCode, busyPage: BusyPage): Answers {
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
