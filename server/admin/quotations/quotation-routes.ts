import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_ERRORS, lineSavedToPriceList, quotationSaved } from '../../../shared/admin/texts.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { productLabel } from '../../../shared/enquiry/quote.js';
import { CURRENCIES, parseScaled } from '../../../shared/quotations/money.js';
import { lineOfItem } from '../../../shared/quotations/price-list.js';
import {
  emptyLine,
  lineFieldName,
  priceQuotation,
  QUOTATION_LIMITS,
  type QuotationDraft,
  type QuotationErrors,
} from '../../../shared/quotations/quotation.js';
import { draftFromEnquiry, formActionOf, readQuotationForm } from '../../../shared/quotations/quotation-form.js';
import { revisionLabel } from '../../../shared/quotations/revisions.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import type { DeskServices } from '../desk/desk-services.js';
import type { DB } from '../../platform/db/open-database.js';
import type { QuotationStore } from '../../quotations/quotation-store.js';
import { quotationDocument } from '../../quotations/quotation-documents.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { Replies } from '../../enquiries/replies/replies.js';
import { showQuotation } from './quotation-view.js';

export interface QuotationRouteOptions extends Pick<DeskServices, 'store' | 'pages' | 'content' | 'timeZone'> {
  db: DB;
  quotations: QuotationStore;
  /** The site's clock. */
  now: () => number;
  media: { photosDir: string };
  drawingSources: { logo: string };
  /** Present when SMTP is set up: a revision is sent as a reply. */
  replies?: Replies;
}

const revisionParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, revision: { type: 'integer', minimum: 1 } },
  required: ['id', 'revision'],
} as const;
const idParam = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

/**
 * The enquiry's quotation (issue 39): GET shows the form of its next revision, filled in from the
 * last one or, for the first, from the request. POST is a plain form: Save (priced on the server,
 * stored as a new revision, 303 to the enquiry) or one of the buttons that change the lines (add,
 * remove, save one to the price list, add one from it), which show the form again with what was typed.
 */
export default async function quotationRoutes(admin: FastifyInstance, options: QuotationRouteOptions): Promise<void> {
  const { store, quotations, pages } = options;
  const today = () => dayInZone(new Date(options.now()), options.timeZone);
  const documents = { ...options, photosDir: options.media.photosDir, logoDrawing: options.drawingSources.logo };

  const show = (
    _request: FastifyRequest,
    reply: FastifyReply,
    enquiry: Enquiry,
    view: { draft: QuotationDraft; errors?: QuotationErrors; message?: string },
    status = 200,
  ) => showQuotation(options, reply, enquiry, view, status);
  const notFound = (reply: FastifyReply, id: number) =>
    pages.sendPrivate(reply, pathTo(ADMIN_PATHS.quotation, { id }), { notFound: true }, 404);

  admin.get<{ Params: { id: number } }>(
    ADMIN_PATHS.quotation,
    { schema: { params: idParam }, config: { access: 'redirect' } },
    (request, reply) => {
      const enquiry = store.get(request.params.id);
      if (!enquiry) return notFound(reply, request.params.id);
      const last = quotations.revisions(enquiry.id).at(-1);
      const productName = productLabel(enquiry.product, options.content.current().content.products);
      return show(request, reply, enquiry, { draft: last?.draft ?? draftFromEnquiry(enquiry, productName, today()) });
    },
  );

  admin.get<{ Params: { id: number; revision: number } }>(
    ADMIN_PATHS.quotationPdf,
    { schema: { params: revisionParams }, config: { access: 'redirect' } },
    async (request, reply) => {
      const { id, revision: number } = request.params;
      const enquiry = store.get(id);
      const revision = enquiry && quotations.revisions(id).find((one) => one.revision === number);
      if (!enquiry || !revision) return notFound(reply, id);
      const document = await quotationDocument(documents, enquiry, revision);
      return sendAttachment(
        reply,
        { name: document.name, type: 'application/pdf', size: document.pdf.length },
        document.pdf,
      );
    },
  );

  admin.post<{ Params: { id: number }; Body: Record<string, unknown> }>(
    ADMIN_PATHS.quotation,
    { schema: { params: idParam } },
    (request, reply) => {
      const enquiry = store.get(request.params.id);
      if (!enquiry) return notFound(reply, request.params.id);
      const { draft, errors } = readQuotationForm(request.body);
      const action = formActionOf(request.body ?? {});
      const { lines } = draft;
      /** The draft priced as Save prices it, and every problem with the form. */
      const checked = () => {
        const priced = priceQuotation(draft, today());
        return { priced, problems: { ...(priced.ok ? {} : priced.errors), ...errors } };
      };
      switch (action.kind) {
        case 'update':
          return show(request, reply, enquiry, { draft, errors: checked().problems });
        case 'add-line':
          if (lines.length < QUOTATION_LIMITS.lines) lines.push(emptyLine());
          return show(request, reply, enquiry, { draft });
        case 'remove-line':
          lines.splice(action.index, 1);
          return show(request, reply, enquiry, { draft });
        case 'pick': {
          const item = quotations.priceList().find((one) => one.id === action.itemId);
          if (item && lines.length < QUOTATION_LIMITS.lines) lines.push(lineOfItem(item));
          return show(request, reply, enquiry, { draft });
        }
        case 'save-line': {
          const line = lines[action.index];
          if (!line) return show(request, reply, enquiry, { draft });
          const { digits } = CURRENCIES[draft.currency];
          const problems: QuotationErrors = {};
          if (line.description === '')
            problems[lineFieldName(action.index, 'description')] = QUOTATION_ERRORS.description;
          if (parseScaled(line.unitPrice, digits) === null)
            problems[lineFieldName(action.index, 'unitPrice')] = QUOTATION_ERRORS.unitPrice(digits);
          if (Object.keys(problems).length > 0) return show(request, reply, enquiry, { draft, errors: problems }, 400);
          quotations.saveToPriceList(line, draft.currency);
          return show(request, reply, enquiry, { draft, message: lineSavedToPriceList(line.description) });
        }
        case 'save': {
          const { priced, problems } = checked();
          if (!priced.ok || Object.keys(problems).length > 0)
            return show(request, reply, enquiry, { draft, errors: problems }, 400);
          const saved = quotations.save(enquiry.id, draft, priced.totals, request.adminAccount?.email ?? 'unknown');
          const back = pathTo(ADMIN_PATHS.enquiryPage, { id: enquiry.id });
          request.session.set('done', {
            at: back,
            done: { message: quotationSaved(saved.number, revisionLabel(saved.revision)), undo: null },
          });
          return reply.redirect(`${back}#quotations`, 303);
        }
      }
    },
  );
}
