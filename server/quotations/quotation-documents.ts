import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { dayInZone } from '../../shared/time/time-zone.js';
import { validCertificates } from '../capability-statement/statement-contents.js';
import { logoPng } from '../capability-statement/statement-images.js';
import type { SiteContentService } from '../site-content/site-content.js';

export interface QuotationDocumentOptions {
  content: SiteContentService;
  photosDir: string;
  /** The site's own logo drawing (SVG), used when no logo was uploaded. */
  logoDrawing: string;
  timeZone: string;
  now: () => number;
}

/** A revision's PDF with the published letterhead and the certificates in force today, and its file name. */
export async function quotationDocument(
  options: QuotationDocumentOptions,
  enquiry: Enquiry,
  revision: QuotationRevision,
) {
  const { company, capability } = options.content.current().content;
  const today = dayInZone(new Date(options.now()), options.timeZone);
  // pdfkit and the fonts load with the first PDF, never with a page (test/platform/lazy-libraries.test.ts).
  const { quotationPdf } = await import('./quotation-pdf.js');
  const pdf = await quotationPdf({
    company,
    certificates: validCertificates(capability, today),
    logo: await logoPng(options.photosDir, company.logo, options.logoDrawing),
    revision,
    buyer: enquiry,
    enquiryId: enquiry.id,
  });
  return { name: `Quotation ${revision.number} ${revisionLabel(revision.revision)}.pdf`, pdf };
}
