import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import type { DB } from '../platform/db/open-database.js';
import { localizedContent } from '../site-content/languages/localized-content.js';
import { publishedLanguages } from '../site-content/languages/published.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { dayInZone } from '../../shared/time/time-zone.js';
import { validCertificates } from '../capability-statement/statement-contents.js';
import { logoPng } from '../capability-statement/statement-images.js';
import type { SiteContentService } from '../site-content/site-content.js';

export interface QuotationDocumentOptions {
  content: SiteContentService;
  /** The content's translations and the published languages. */
  db: DB;
  photosDir: string;
  /** The site's own logo drawing (SVG), used when no logo was uploaded. */
  logoDrawing: string;
  timeZone: string;
  now: () => number;
}

/**
 * A revision's PDF in the buyer's language (English when it is not published), with the letterhead as
 * published in it and the certificates in force today, and its file name.
 */
export async function quotationDocument(
  options: QuotationDocumentOptions,
  enquiry: Enquiry,
  revision: QuotationRevision,
) {
  const lang = publishedLanguages(options.db).includes(enquiry.language) ? enquiry.language : 'en';
  const { company, capability } = localizedContent(options.content.current().content, lang, options.db);
  const today = dayInZone(new Date(options.now()), options.timeZone);
  // pdfkit and the fonts load with the first PDF, never with a page (test/platform/lazy-libraries.test.ts).
  const { quotationPdf } = await import('./quotation-pdf.js');
  const catalogue = await loadCatalogue(lang);
  const pdf = await quotationPdf({
    company,
    certificates: validCertificates(capability, today),
    logo: await logoPng(options.photosDir, company.logo, options.logoDrawing),
    revision,
    buyer: enquiry,
    enquiryId: enquiry.id,
    lang,
    labels: catalogue.quotation,
    units: catalogue.form.units,
  });
  return { name: `Quotation ${revision.number} ${revisionLabel(revision.revision)}.pdf`, pdf };
}
