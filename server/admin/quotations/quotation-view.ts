import type { FastifyReply } from 'fastify';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_SEND_TEXT } from '../../../shared/admin/texts.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { priceQuotation, type QuotationDraft, type QuotationErrors } from '../../../shared/quotations/quotation.js';
import type { AdminQuotationPage, QuotationSending } from '../../../shared/quotations/quotation-page.js';
import { revisionLabel } from '../../../shared/quotations/revisions.js';
import type { Replies } from '../../enquiries/replies/replies.js';
import type { QuotationStore } from '../../quotations/quotation-store.js';
import type { DeskServices } from '../desk/desk-services.js';

export interface QuotationViewOptions extends Pick<DeskServices, 'pages'> {
  quotations: QuotationStore;
  replies?: Replies;
}

/** What the quotation page shows besides its form: a message, and the send form's text or refusal. */
export interface QuotationView {
  draft: QuotationDraft;
  errors?: QuotationErrors;
  message?: string;
  send?: { message: string; error: string };
}

/** The send form of the enquiry's latest revision, or how its sending stands (null: nothing saved yet). */
function sendingOf(options: QuotationViewOptions, enquiry: Enquiry, view: QuotationView): QuotationSending | null {
  const last = options.quotations.revisions(enquiry.id).at(-1);
  const delivery = options.quotations.delivery(enquiry.id);
  if (!last || !delivery) return null;
  const revision = revisionLabel(last.revision);
  return {
    revision,
    to: enquiry.email,
    canSend: options.replies !== undefined,
    status: delivery.status,
    sentAt: delivery.sentAt,
    message: view.send?.message ?? QUOTATION_SEND_TEXT.defaultMessage(last.number, revision, last.draft.validUntil),
    error: view.send?.error ?? null,
  };
}

/** Renders /admin/enquiries/<n>/quotation: the form of the next revision and the latest one's send form. */
export function showQuotation(
  options: QuotationViewOptions,
  reply: FastifyReply,
  enquiry: Enquiry,
  view: QuotationView,
  status = 200,
) {
  const revisions = options.quotations.revisions(enquiry.id);
  const priced = priceQuotation(view.draft);
  const data: AdminQuotationPage = {
    ...reply.signedIn(),
    screen: 'quotation',
    enquiry: { id: enquiry.id, name: enquiry.name, company: enquiry.company, subject: enquiry.subject },
    number: revisions.at(-1)?.number ?? null,
    nextRevision: revisions.length + 1,
    draft: view.draft,
    errors: view.errors ?? {},
    totals: priced.ok ? priced.totals : null,
    priceList: options.quotations.priceList(),
    message: view.message ?? null,
    send: sendingOf(options, enquiry, view),
  };
  const path = pathTo(ADMIN_PATHS.quotation, { id: enquiry.id });
  return options.pages.sendPrivate(reply, path, { admin: data }, status);
}
