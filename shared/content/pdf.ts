/**
 * PDFs the owner uploads in the site editor (a certificate's): kept as uploaded, checked by their
 * first bytes, under a name made from their content, and offered on the site as a download.
 */

/** A PDF as the content holds it. `id` names its file; the server fills in `bytes` from it. */
export interface Pdf {
  /** The first 20 hex digits of the SHA-256 of the uploaded file. */
  id: string;
  /** Its size, shown beside its link ("PDF, 240 KB"). */
  bytes: number;
}

/** What an upload may be: a file that starts as every PDF does, up to 10 MB. */
export const PDF_LIMITS = { maxBytes: 10 * 1024 * 1024 };
export const PDF_MAGIC = '%PDF-';
export const PDF_ACCEPT = 'application/pdf,.pdf';

/** Where the site serves a PDF: always as a download (server/site-content/pdf-routes.ts). */
export function pdfUrl(id: string): string {
  return `/documents/${id}.pdf`;
}
