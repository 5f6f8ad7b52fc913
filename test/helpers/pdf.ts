import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import PDFDocument from 'pdfkit';

/** A PDF as a reader sees it: its pages' text and the images each page paints. */
export interface ReadPdf {
  pages: number;
  /** Each page's text, its runs joined by spaces. */
  text: string[];
  /** Each run of text as pdf.js reads it, where it starts on its page (points from the bottom left). */
  runs: { page: number; text: string; x: number; y: number }[];
  /** Each image painted, with its page and its size in pixels. */
  images: { page: number; width: number; height: number }[];
  /** The document's title, from its information dictionary. */
  title: string;
}

/** Opens a PDF with pdf.js (Mozilla's reader, its build for Node) and reads it back. */
export async function readPdf(data: Uint8Array): Promise<ReadPdf> {
  const loading = getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  const document = await loading.promise;
  try {
    const text: string[] = [];
    const runs: ReadPdf['runs'] = [];
    const images: ReadPdf['images'] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      for (const item of content.items)
        if ('str' in item) {
          const [, , , , x, y] = item.transform as number[];
          runs.push({ page: number, text: item.str, x: x!, y: y! });
        }
      text.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
      const operators = await page.getOperatorList();
      for (const [index, operator] of operators.fnArray.entries()) {
        if (operator !== OPS.paintImageXObject) continue;
        const name = (operators.argsArray[index] as [string])[0];
        const image = await new Promise<{ width: number; height: number }>((resolve) => {
          page.objs.get(name, (value: { width: number; height: number }) => resolve(value));
        });
        images.push({ page: number, width: image.width, height: image.height });
      }
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    return { pages: document.numPages, text, runs, images, title: info.Title ?? '' };
  } finally {
    await loading.destroy();
  }
}

/** A small real PDF, as a certifying body sends one: an A4 page with the certificate's name and number (a few KB). */
export async function makeCertificatePdf(name: string, number: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: `${name} certificate` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.font('Helvetica-Bold').fontSize(24).text('Certificate', { align: 'center' });
  doc.moveDown().font('Helvetica').fontSize(14).text(name, { align: 'center' });
  doc.moveDown().text(`Certificate number ${number}`, { align: 'center' });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
