import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { quotationLinkPath } from '../../shared/quotations/answer.js';
import { quotationDraftSchema } from '../../shared/quotations/quotation.js';
import type { DB } from '../platform/db/open-database.js';
import { sealQuotationLink } from './quotation-link.js';

/**
 * The link below the reply that carries a revision (the replies' linkOf): the buyer's page of that
 * revision, signed to the end of its validity day, introduced in the enquiry's language.
 */
export function createQuotationMailLinks(options: { db: DB; secret: string; siteUrl: string }) {
  const revisionOf = options.db.prepare<[number], { id: number; draft: string; language: LanguageCode }>(
    `SELECT r.id, r.draft, e.language FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id
     JOIN enquiries e ON e.id = q.enquiry_id WHERE r.reply_id = ?`,
  );
  return async (replyId: number) => {
    const row = revisionOf.get(replyId);
    if (!row) return undefined;
    const { validUntil } = quotationDraftSchema.parse(JSON.parse(row.draft));
    const token = sealQuotationLink(options.secret, { revisionId: row.id, validUntil });
    const texts = await loadCatalogue(row.language);
    return { label: texts.quotation.mailLink, url: `${options.siteUrl}${quotationLinkPath(token)}` };
  };
}
