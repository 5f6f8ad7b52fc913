import PDFDocument from 'pdfkit';
import { LANGUAGE_INFO } from '../../shared/i18n/languages.js';
import { STATEMENT_TEXTS } from '../../shared/i18n/statement-texts.js';
import { printableText } from './printable-text.js';
import { STATEMENT_FONTS } from './statement-fonts.js';
import type { StatementDrawing, StatementInput } from './statement-drawing.js';
import { drawFacts, drawHeader } from './statement-header.js';
import { MARGIN, StatementLayout } from './statement-layout.js';
import {
  drawCaseStudies,
  drawCertificates,
  drawFooters,
  drawLists,
  drawMachinePhotos,
  drawMachines,
} from './statement-sections.js';

/**
 * Lays out the capability statement on one or two A4 pages: the company's name, logo and contact
 * details, its registration numbers, capacity, valid certificates, machines (with up to two
 * photos), materials, standards, export markets and case studies. Lists longer than fit end with
 * "and N more"; a block that would start a third page is left out, with its heading.
 */
export function statementPdf(input: StatementInput): Promise<Buffer> {
  const { company } = input.contents.content;
  const texts = STATEMENT_TEXTS[input.lang];
  const { intlLocale, dir } = LANGUAGE_INFO[input.lang];
  const { printable, fullyPrintable } = printableText(dir === 'rtl');
  const name = displayName(company.name, company.registration.legalName, printable, fullyPrintable);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 8 },
    bufferPages: true,
    font: STATEMENT_FONTS.regular,
    lang: input.lang,
    info: {
      Title: texts.documentTitle(name),
      Author: name,
      Subject: texts.subject,
      CreationDate: new Date(input.publishedAt),
      ModDate: new Date(input.publishedAt),
    },
  });
  for (const [font, file] of Object.entries(STATEMENT_FONTS)) doc.registerFont(font, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new StatementLayout(doc, input.lang, dir === 'rtl');
  const drawing: StatementDrawing = { input, layout, texts, intlLocale, printable, name };
  const sections = [
    drawHeader,
    drawFacts,
    drawCertificates,
    drawMachines,
    drawMachinePhotos,
    drawLists,
    drawCaseStudies,
  ];
  for (const draw of sections) draw(drawing);
  drawFooters(drawing);
  doc.end();
  return done;
}

/** The company's name as the fonts can draw it; its legal name instead when letters of the name would be lost. */
function displayName(
  name: string,
  legalName: string,
  printable: (text: string) => string,
  fullyPrintable: (text: string) => boolean,
): string {
  if (!fullyPrintable(name) && legalName && fullyPrintable(legalName)) return legalName;
  return printable(name) || printable(legalName);
}
