import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  acceptFormSchema,
  askFormSchema,
  declineFormSchema,
  quotationLinkPath,
  QUOTATION_LINK_PREFIX,
  type QuotationPageData,
} from '../../shared/quotations/answer.js';
import { dayInZone } from '../../shared/time/time-zone.js';
import { createAllowance } from '../enquiries/allowance.js';
import { clientKey } from '../enquiries/client-key.js';
import { sendAttachment } from '../platform/http/attachment.js';
import { isSameOrigin } from '../platform/security/same-origin.js';
import type { DrawingSources } from '../../shared/drawing-sources.js';
import type { ServerConfig } from '../config/load-config.js';
import type { EnquiryStore } from '../enquiries/enquiry-store.js';
import type { FormTokens } from '../enquiries/form-token.js';
import type { PageRenderer } from '../pages/page-renderer.js';
import type { DB } from '../platform/db/open-database.js';
import type { StorageMonitor } from '../platform/storage/storage-monitor.js';
import type { MediaLibrary } from '../site-content/media-library.js';
import { buyerView } from './buyer-view.js';
import { createQuotationAnswers, type LinkedRevision, type QuotationAnswers } from './quotation-answers.js';
import { quotationDocument, type QuotationDocumentOptions } from './quotation-documents.js';
import { openQuotationLink } from './quotation-link.js';

/** Answers a network may send through quotation links in a window, as the enquiry form's allowance counts. */
const ANSWERS_PER_WINDOW = 20;
const ANSWER_WINDOW_MS = 10 * 60_000;

type Params = { Params: { token: string }; Querystring: { asked?: string } };
type Posted = Params & { Body: Record<string, unknown> | undefined };
/** What a link leads to: its revision, and whether it is still open for an answer. */
type Found =
  | { state: 'unknown' }
  | { state: 'open' | 'answered' | 'expired' | 'superseded'; linked: LinkedRevision; path: string };

/** What the buyer's page of a quotation needs of the site. */
export interface QuotationAnswerOptions extends Omit<QuotationDocumentOptions, 'photosDir' | 'logoDrawing'> {
  db: DB;
  storage: StorageMonitor;
  store: EnquiryStore;
  config: ServerConfig;
  secret: string;
  pages: PageRenderer;
  formTokens: FormTokens;
  media: MediaLibrary;
  drawingSources: DrawingSources;
  /** Run at once after an answer: the owner's e-mail and the webhooks. */
  notifications?: { run(): unknown };
  webhooks: { run(): unknown };
}

/** What a link leads to, read from its signed token and the site's clock. */
function linkFinder({ secret, now, config }: QuotationAnswerOptions, answers: QuotationAnswers) {
  return (token: string): Found => {
    const link = openQuotationLink(secret, token);
    const linked = link && answers.find(link.revisionId);
    if (!link || !linked) return { state: 'unknown' };
    const path = quotationLinkPath(token);
    if (linked.answer) return { state: 'answered', linked, path };
    if (linked.superseded) return { state: 'superseded', linked, path };
    const today = dayInZone(new Date(now()), config.site.timeZone);
    return { state: today > link.validUntil ? 'expired' : 'open', linked, path };
  };
}

/**
 * Same origin as the admin's changes are checked, but for the Origin a browser sends from a page
 * with Referrer-Policy: no-referrer ("null"): then Sec-Fetch-Site must say same-origin.
 */
const fromOurPage = (request: FastifyRequest) =>
  request.headers.origin === 'null' ? request.headers['sec-fetch-site'] === 'same-origin' : isSameOrigin(request);

/**
 * The buyer's page of a sent quotation (/quotation/<token>, no account): the revision, its PDF and
 * Accept / Decline; an expired or superseded link says so and offers to ask for a new quotation; a
 * token this server did not sign is a 404. Never cached, never indexed, no Referer sent on.
 */
export async function quotationAnswerRoutes(app: FastifyInstance, services: QuotationAnswerOptions): Promise<void> {
  const { pages, formTokens, secret, config } = services;
  const answers = createQuotationAnswers({ ...services, siteUrl: config.site.siteUrl });
  const allowance = createAllowance(ANSWERS_PER_WINDOW, ANSWER_WINDOW_MS, services.now);
  const documents = { ...services, photosDir: services.media.photosDir, logoDrawing: services.drawingSources.logo };

  const find = linkFinder(services, answers);

  /** The page in the enquiry's language (English when that language is not published). */
  async function show(reply: FastifyReply, found: Found, data: QuotationPageData, status = 200) {
    const lang = found.state === 'unknown' ? 'en' : found.linked.language;
    const path = `${lang === 'en' ? '' : `/${lang}`}${QUOTATION_LINK_PREFIX}/page`;
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(await pages.render(path, { quotation: data }));
  }

  /** The page as the link's state shows it, with a form token issued now where it has forms. */
  function showFound(reply: FastifyReply, found: Found, error?: 'reason' | 'form', status?: number) {
    if (found.state === 'unknown') return show(reply, found, { state: 'unknown' }, 404);
    const { linked, path } = found;
    const view = buyerView(linked.revision);
    const formToken = formTokens.issue();
    const base = { path, formToken, ...(error && { error }) };
    if (found.state === 'answered')
      return show(reply, found, { state: 'answered', path, view, answer: linked.answer! });
    if (found.state === 'open') return show(reply, found, { ...base, state: 'open', view }, status);
    const validUntil = linked.revision.draft.validUntil;
    return show(
      reply,
      found,
      { ...base, error: error === 'form' ? 'form' : undefined, state: found.state, validUntil },
      status ?? 410,
    );
  }

  app.get<Params>(`${QUOTATION_LINK_PREFIX}/:token`, async (request, reply) => {
    const found = find(request.params.token);
    if (request.query.asked !== undefined && found.state !== 'unknown' && answers.asked(found.linked))
      return show(reply, found, { state: 'asked', path: found.path });
    return showFound(reply, found);
  });

  app.get<Params>(`${QUOTATION_LINK_PREFIX}/:token/pdf`, async (request, reply) => {
    const found = find(request.params.token);
    if (found.state !== 'open' && found.state !== 'answered') return showFound(reply, found);
    const enquiry = services.store.get(found.linked.enquiryId);
    if (!enquiry) return showFound(reply, { state: 'unknown' });
    const document = await quotationDocument(documents, enquiry, found.linked.revision);
    reply.header('referrer-policy', 'no-referrer').header('x-robots-tag', 'noindex, nofollow');
    const file = {
      name: document.name,
      type: 'application/pdf',
      size: document.pdf.length,
      cacheControl: 'private, no-store',
    };
    return sendAttachment(reply, file, document.pdf);
  });

  /** A POST from the buyer's page: within the network's allowance, same-origin, with a form token of this site. */
  function refused(request: FastifyRequest<Posted>, reply: FastifyReply, found: Found) {
    const client = clientKey(secret, request);
    if (!allowance.take(client)) {
      reply.header('retry-after', String(allowance.secondsUntilReset(client)));
      return showFound(reply, found, 'form', 429);
    }
    const check = formTokens.check(request.body?.formToken);
    const fromPage = check.ok || check.kind === 'too-fast';
    if (!fromOurPage(request) || !fromPage) return showFound(reply, found, 'form', 403);
    return undefined;
  }

  const answered = (reply: FastifyReply, path: string) => reply.redirect(path, 303);

  app.post<Posted>(`${QUOTATION_LINK_PREFIX}/:token/accept`, async (request, reply) => {
    const found = find(request.params.token);
    const stop = refused(request, reply, found);
    if (stop) return stop;
    if (found.state !== 'open')
      return found.state === 'answered' ? answered(reply, found.path) : showFound(reply, found);
    const form = acceptFormSchema.safeParse(request.body ?? {});
    if (!form.success) return showFound(reply, found, 'form', 400);
    answers.accept(found.linked, form.data);
    void services.notifications?.run();
    void services.webhooks.run();
    return answered(reply, found.path);
  });

  app.post<Posted>(`${QUOTATION_LINK_PREFIX}/:token/decline`, async (request, reply) => {
    const found = find(request.params.token);
    const stop = refused(request, reply, found);
    if (stop) return stop;
    if (found.state !== 'open')
      return found.state === 'answered' ? answered(reply, found.path) : showFound(reply, found);
    const form = declineFormSchema.safeParse(request.body ?? {});
    if (!form.success) return showFound(reply, found, 'reason', 400);
    answers.decline(found.linked, form.data);
    void services.notifications?.run();
    return answered(reply, found.path);
  });

  app.post<Posted>(`${QUOTATION_LINK_PREFIX}/:token/ask`, async (request, reply) => {
    const found = find(request.params.token);
    const stop = refused(request, reply, found);
    if (stop) return stop;
    if (found.state !== 'expired' && found.state !== 'superseded') return showFound(reply, found);
    const form = askFormSchema.safeParse(request.body ?? {});
    if (!form.success) return showFound(reply, found, 'form', 400);
    answers.askAgain(found.linked, found.state, form.data.message);
    void services.notifications?.run();
    return reply.redirect(`${found.path}?asked=1`, 303);
  });
}
