import PDFDocument from 'pdfkit';
import { QUOTATION_PDF_TEXT as TEXT, QUOTATION_TEXT } from '../../shared/admin/texts.js';
import type { SiteContent } from '../../shared/content/schema.js';
import { amountInWords } from '../../shared/quotations/amount-in-words.js';
import { CURRENCIES, formatMoney, formatScaled, parseScaled, QUANTITY_DIGITS } from '../../shared/quotations/money.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { COLOURS } from '../pages/images/colours.js';
import { NOTO_SANS } from '../pages/images/rasterize.js';
import { printable } from '../capability-statement/printable-text.js';
import type { Certificate } from '../capability-statement/statement-contents.js';
import type { StatementImage } from '../capability-statement/statement-images.js';

/** What a quotation's PDF is drawn from. */
export interface QuotationPdfInput {
  company: SiteContent['company'];
  /** The certificates in force on the day it is drawn. */
  certificates: Certificate[];
  logo: StatementImage | undefined;
  revision: QuotationRevision;
  buyer: { name: string; company: string | null; email: string | null; phone: string; country: string | null };
  enquiryId: number;
}

// A4 in points, as the capability statement.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - 50;
const INK = '#1d232b';
const MUTED = '#5b6573';
const TINT = '#f2f5f9';

/** The lines' columns: their share of the width, and whether they are figures (set to the right). */
const COLUMNS = [
  { title: '#', width: 0.04, right: false },
  { title: QUOTATION_TEXT.description, width: 0.3, right: false },
  { title: QUOTATION_TEXT.material, width: 0.14, right: false },
  { title: QUOTATION_TEXT.hsCode, width: 0.1, right: false },
  { title: QUOTATION_TEXT.quantity, width: 0.12, right: true },
  { title: QUOTATION_TEXT.unitPrice, width: 0.14, right: true },
  { title: QUOTATION_TEXT.lineTotal, width: 0.16, right: true },
] as const;

/**
 * A quotation revision on A4, in the capability statement's engine and fonts (pdfkit, Noto Sans
 * embedded, text through `printable`): the letterhead from the site's content (logo, name, address,
 * GSTIN, IEC, certificates in force), the buyer, the lines, the totals and the total in words, the
 * terms, the validity and the signatory. Long quotations flow onto more pages.
 */
export function quotationPdf(input: QuotationPdfInput): Promise<Buffer> {
  const { company, revision } = input;
  const { draft, totals } = revision;
  const name = printable(company.name) || printable(company.registration.legalName);
  const title = `${revision.number} ${revisionLabel(revision.revision)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    font: NOTO_SANS.regular,
    info: { Title: `${name}: ${TEXT.quotation} ${title}`, Author: name, CreationDate: new Date(revision.savedAt) },
  });
  doc.registerFont('regular', NOTO_SANS.regular);
  doc.registerFont('bold', NOTO_SANS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => formatMoney(minor, draft.currency);
  const style = (font: 'regular' | 'bold', size: number, color = INK) => doc.font(font).fontSize(size).fillColor(color);
  const write = (text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') => {
    doc.text(printable(text), x, y, { width, align, lineGap: 1.5 });
    return doc.y;
  };
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
  };

  // The letterhead: logo, name, address and numbers on the left; the document's title on the right.
  const logoSize = input.logo ? 48 : 0;
  if (input.logo) doc.image(input.logo.data, MARGIN, y, { fit: [logoSize, logoSize] });
  const left = MARGIN + (logoSize ? logoSize + 10 : 0);
  style('bold', 15, COLOURS.navy);
  let headY = write(name, left, y, 300);
  style('regular', 8, MUTED);
  const numbers = [
    company.registration.gstin && `GSTIN ${company.registration.gstin}`,
    company.registration.iec && `IEC ${company.registration.iec}`,
  ];
  for (const line of [
    ...company.address,
    [company.phones.join(' · '), company.email].filter(Boolean).join(' · '),
    numbers.filter(Boolean).join(' · '),
  ])
    if (line) headY = write(line, left, headY, 300);
  const certificates = input.certificates.map((certificate) => `${certificate.name} (No. ${certificate.number})`);
  if (certificates.length > 0) headY = write(`${TEXT.certificates}: ${certificates.join('; ')}`, left, headY, 300);
  style('bold', 16, COLOURS.accent);
  let titleY = write(TEXT.quotation.toUpperCase(), MARGIN + WIDTH - 170, y, 170, 'right');
  style('regular', 8.5);
  for (const line of [
    title,
    `${TEXT.date}: ${revision.savedAt.slice(0, 10)}`,
    `${TEXT.reference}: #${input.enquiryId}`,
  ])
    titleY = write(line, MARGIN + WIDTH - 170, titleY, 170, 'right');
  y = Math.max(headY, titleY, y + logoSize) + 8;
  doc.rect(MARGIN, y, WIDTH, 1.5).fill(COLOURS.accent);
  y += 10;

  // The buyer.
  const { buyer } = input;
  style('bold', 8, MUTED);
  y = write(TEXT.to.toUpperCase(), MARGIN, y, WIDTH);
  style('regular', 9.5);
  for (const line of [buyer.name, buyer.company, buyer.country, [buyer.email, buyer.phone].filter(Boolean).join(' · ')])
    if (line) y = write(line, MARGIN, y, WIDTH);
  y += 10;

  // The lines, with a header row repeated on each new page.
  const widths = COLUMNS.map((column) => column.width * WIDTH);
  const row = (cells: string[], font: 'regular' | 'bold', fill?: string) => {
    style(font, 8);
    const height =
      Math.max(...cells.map((cell, index) => doc.heightOfString(printable(cell), { width: widths[index]! - 8 }))) + 8;
    room(height);
    if (fill) doc.rect(MARGIN, y, WIDTH, height).fill(fill);
    style(font, 8, fill ? MUTED : INK);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      write(cell, x + 4, y + 4, widths[index]! - 8, COLUMNS[index]!.right ? 'right' : 'left');
      x += widths[index]!;
    });
    y += height;
  };
  row(
    COLUMNS.map((column) => column.title),
    'bold',
    TINT,
  );
  draft.lines.forEach((line, index) => {
    const described = [line.description, line.drawing && `${QUOTATION_TEXT.drawing}: ${line.drawing}`];
    const quantity = formatScaled(parseScaled(line.quantity, QUANTITY_DIGITS)!, QUANTITY_DIGITS);
    const price = money(Number(parseScaled(line.unitPrice, CURRENCIES[draft.currency].digits)));
    row(
      [
        String(index + 1),
        described.filter(Boolean).join('\n'),
        line.material,
        line.hsCode,
        `${quantity} ${line.unit}`,
        price,
        money(totals.lines[index]!),
      ],
      'regular',
    );
  });
  doc.rect(MARGIN, y, WIDTH, 0.75).fill(MUTED);
  y += 6;

  // The totals, then the total in words.
  const taxLabel = draft.tax === 'gst' ? `GST ${draft.gstRate}%` : QUOTATION_TEXT.taxKinds['export-lut'];
  for (const [label, amount, font] of [
    [QUOTATION_TEXT.subtotal, totals.subtotal, 'regular'],
    [taxLabel, totals.tax, 'regular'],
    [QUOTATION_TEXT.total, totals.total, 'bold'],
  ] as const) {
    room(14);
    style(font, 9);
    write(label, MARGIN + WIDTH - 330, y, 200, 'right');
    y = write(money(amount), MARGIN + WIDTH - 125, y, 125, 'right') + 2;
  }
  style('regular', 8.5, MUTED);
  y = write(`${TEXT.inWords}: ${amountInWords(totals.total, draft.currency)}`, MARGIN, y + 4, WIDTH) + 10;

  // The terms, then the signatory.
  const terms: [string, string][] = [
    [QUOTATION_TEXT.incoterm, [draft.incoterm, draft.place].filter(Boolean).join(' ')],
    [QUOTATION_TEXT.validUntil, draft.validUntil],
    [QUOTATION_TEXT.paymentTerms, draft.paymentTerms],
    [QUOTATION_TEXT.leadTime, draft.leadTime],
    [QUOTATION_TEXT.packing, draft.packing],
    [QUOTATION_TEXT.inspection, draft.inspection],
    [QUOTATION_TEXT.notes, draft.notes],
  ];
  for (const [label, value] of terms.filter(([, value]) => value !== '')) {
    style('regular', 8.5);
    room(doc.heightOfString(printable(value), { width: WIDTH - 130 }) + 4);
    style('bold', 8.5);
    write(label, MARGIN, y, 125);
    style('regular', 8.5);
    y = write(value, MARGIN + 130, y, WIDTH - 130) + 3;
  }
  room(60);
  style('regular', 9);
  y = write(`${TEXT.for} ${name}`, MARGIN + WIDTH - 220, y + 24, 220, 'right');
  style('regular', 8, MUTED);
  write(TEXT.signatory, MARGIN + WIDTH - 220, y + 18, 220, 'right');
  doc.end();
  return done;
}
