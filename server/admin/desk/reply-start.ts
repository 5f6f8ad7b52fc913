import type { AdminEnquiryPage } from '../../../shared/admin/desk.js';
import { EDIT_REPLY_QUERY, type ReplyDraft } from '../../../shared/admin/reply.js';
import { fillTemplate, USE_TEMPLATE_QUERY, type TemplateValues } from '../../../shared/admin/templates.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { productLabel } from '../../../shared/enquiry/quote.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { OpenedEnquiry } from './desk-reader.js';
import { editedReply } from './edited-reply.js';
import type { ReplyTemplates } from '../templates/template-store.js';
import type { ReplySignature } from '../templates/signature-store.js';
import type { ReplyDrafts } from '../../enquiries/replies/reply-drafts.js';

/** What the placeholders of a template become in a reply to this enquiry. */
function templateValues(enquiry: Enquiry, content: SiteContentService): TemplateValues {
  const { company, products } = content.current().content;
  return {
    buyer: enquiry.name,
    enquiry: `#${enquiry.id}`,
    product: productLabel(enquiry.product, products),
    company: company.name,
  };
}

/** The enquiry's kept draft as the reply form's start, if there is one. */
function keptDraft(drafts: ReplyDrafts, enquiryId: number, key: string): { replyDraft?: ReplyDraft } {
  const kept = drafts.get(enquiryId);
  if (!kept) return {};
  const { body, cc, bcc, savedAt } = kept;
  const signature = kept.signature ?? undefined;
  return { replyDraft: { body, attach: [], key, errors: {}, savedAt, signature, cc, bcc } };
}

/**
 * How the reply form of an enquiry's page starts: the templates, filled for this enquiry (the form's
 * choice; with JavaScript it fills the text in place), the usual signature, and the text it holds: a
 * template chosen without JavaScript (`?template=<id>`), or a reply that was not sent (`?edit=<id>`),
 * or the draft kept as it was typed, or nothing.
 */
export function replyStart(
  options: {
    replyTemplates: ReplyTemplates;
    content: SiteContentService;
    replySignature: ReplySignature;
    replyDrafts: ReplyDrafts;
  },
  opened: OpenedEnquiry,
  query: unknown,
  key: string,
): Pick<AdminEnquiryPage, 'replyDraft' | 'replyTemplates' | 'replySignature'> {
  const values = templateValues(opened.enquiry, options.content);
  const replyTemplates = options.replyTemplates.list().map(({ id, name, subject, body }) => ({
    id,
    name,
    subject: fillTemplate(subject, values),
    body: fillTemplate(body, values),
  }));
  const replySignature = options.replySignature.text();
  const asked = (query as Record<string, unknown>)[USE_TEMPLATE_QUERY];
  const chosen = replyTemplates.find((template) => String(template.id) === asked);
  if (chosen) return { replyTemplates, replySignature, replyDraft: { body: chosen.body, attach: [], key, errors: {} } };
  const edited = editedReply(opened.timeline, (query as Record<string, unknown>)[EDIT_REPLY_QUERY], key);
  const start = edited.replyDraft ? edited : keptDraft(options.replyDrafts, opened.enquiry.id, key);
  return { replyTemplates, replySignature, ...start };
}
