import PDFDocument from 'pdfkit';
import type { SiteContent } from '../../shared/content/schema.js';
import type { FormTexts } from '../../shared/i18n/catalogue.js';
import { LANGUAGE_INFO, type LanguageCode } from '../../shared/i18n/languages.js';
import { CURRENCIES, formatMoney, formatScaled, parseScaled, QUANTITY_DIGITS } from '../../shared/quotations/money.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { COLOURS } from '../pages/images/colours.js';
import { printableText } from '../capability-statement/printable-text.js';
import { rightToLeftText, type Font } from '../capability-statement/right-to-left-text.js';
import type { Certificate } from '../capability-statement/statement-contents.js';
import { STATEMENT_FONTS } from '../capability-statement/statement-fonts.js';
import type { StatementImage } from '../capability-statement/statement-images.js';
import { QUOTATION_PDF_TEXTS, type QuotationPdfTexts } from './quotation-pdf-texts.js';
import { totalInWords } from './total-in-words.js';

/** What a quotation's PDF is drawn from. */
export interface QuotationPdfInput {
  company: SiteContent['company'];
  /** The certificates in force on the day it is drawn. */
  certificates: Certificate[];
  logo: StatementImage | undefined;
  revision: QuotationRevision;
  buyer: { name: string; company: string | null; email: string | null; phone: string; country: string | null };
  enquiryId: number;
  /** The buyer's language: the PDF's texts (right to left in Arabic) and the content's translations. */
  lang: LanguageCode;
  /** The buyer's page catalogue's texts of a quotation: the lines', totals' and terms' labels. */
  labels: FormTexts['quotation'];
  /** The quantity units in the buyer's words ("Stück"). */
  units: FormTexts['form']['units'];
}

// A4 in points, as the capability statement.
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - 50;
const INK = '#1d232b';
const MUTED = '#5b6573';
const TINT = '#f2f5f9';
const LINE_GAP = 1.5;

/** The lines' columns: their share of the width, and whether they are figures (set to the end). */
const columnsOf = (labels: FormTexts['quotation']) =>
  [
    { title: '#', width: 0.04, figures: false },
    { title: labels.description, width: 0.3, figures: false },
    { title: labels.material, width: 0.14, figures: false },
    { title: labels.hsCode, width: 0.1, figures: false },
    { title: labels.quantity, width: 0.12, figures: true },
    { title: labels.unitPrice, width: 0.14, figures: true },
    { title: labels.lineTotal, width: 0.16, figures: true },
  ] as const;

/**
 * Where the quotation is being written: the document, its texts, the height reached (`y`), and how
 * to write there: left to right, or on an Arabic quotation right to left, every box mirrored.
 */
class QuotationPen {
  y = MARGIN;
  private font: Font = 'regular';
  private readonly rightToLeft: ReturnType<typeof rightToLeftText> | null;
  readonly printable: (text: string) => string;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly text: QuotationPdfTexts,
    readonly labels: FormTexts['quotation'],
    rtl: boolean,
  ) {
    this.rightToLeft = rtl ? rightToLeftText(doc) : null;
    this.printable = printableText(rtl).printable;
  }

  style(font: Font, size: number, color = INK): void {
    this.font = font;
    this.doc.font(font).fontSize(size).fillColor(color);
  }

  private lineHeight(): number {
    return this.doc.font(this.font).currentLineHeight(true) + LINE_GAP;
  }

  /** The height the text takes in a box `width` wide, in the current style. */
  height(text: string, width: number): number {
    if (!this.rightToLeft) return this.doc.heightOfString(this.printable(text), { width, lineGap: LINE_GAP });
    return this.rightToLeft.lines(this.printable(text), width, this.font).length * this.lineHeight();
  }

  /** Writes the text in a box `width` wide at (x, top), `end` against its far side; returns the height reached under it. */
  write(text: string, x: number, top: number, width: number, align: 'start' | 'end' = 'start'): number {
    const printable = this.printable(text);
    if (!this.rightToLeft) {
      this.doc.text(printable, x, top, { width, align: align === 'end' ? 'right' : 'left', lineGap: LINE_GAP });
      return this.doc.y;
    }
    let y = top;
    for (const line of this.rightToLeft.lines(printable, width, this.font)) {
      const height = this.lineHeight();
      this.rightToLeft.drawLine(line, PAGE.width - x - width, y, width, this.font, align);
      y += height;
    }
    this.doc.font(this.font);
    return y;
  }

  /** An image fitted in a square of `size` at (x, top), mirrored on a right-to-left page. */
  image(data: Buffer, x: number, top: number, size: number): void {
    this.doc.image(data, this.rightToLeft ? PAGE.width - x - size : x, top, { fit: [size, size] });
  }

  /** Room for `height` more on this page, or a new page. */
  room(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }
}

/** The letterhead: logo, name, address and numbers at the start; the document's title at the end. */
function letterhead(pen: QuotationPen, input: QuotationPdfInput, name: string, title: string): void {
  const { company, revision } = input;
  const { y, text } = pen;
  const logoSize = input.logo ? 48 : 0;
  if (input.logo) pen.image(input.logo.data, MARGIN, y, logoSize);
  const left = MARGIN + (logoSize ? logoSize + 10 : 0);
  pen.style('bold', 15, COLOURS.navy);
  let headY = pen.write(name, left, y, 300);
  pen.style('regular', 8, MUTED);
  const numbers = [
    company.registration.gstin && `GSTIN ${company.registration.gstin}`,
    company.registration.iec && `IEC ${company.registration.iec}`,
  ];
  for (const line of [
    ...company.address,
    [company.phones.join(' · '), company.email].filter(Boolean).join(' · '),
    numbers.filter(Boolean).join(' · '),
  ])
    if (line) headY = pen.write(line, left, headY, 300);
  const certificates = input.certificates.map((certificate) => `${certificate.name} (No. ${certificate.number})`);
  if (certificates.length > 0) headY = pen.write(`${text.certificates}: ${certificates.join('; ')}`, left, headY, 300);
  pen.style('bold', 16, COLOURS.accent);
  let titleY = pen.write(text.title.toLocaleUpperCase(input.lang), MARGIN + WIDTH - 170, y, 170, 'end');
  pen.style('regular', 8.5);
  for (const line of [
    title,
    `${text.date}: ${revision.savedAt.slice(0, 10)}`,
    `${text.reference}: #${input.enquiryId}`,
  ])
    titleY = pen.write(line, MARGIN + WIDTH - 170, titleY, 170, 'end');
  pen.y = Math.max(headY, titleY, y + logoSize) + 8;
  pen.doc.rect(MARGIN, pen.y, WIDTH, 1.5).fill(COLOURS.accent);
  pen.y += 10;
}

function buyerBlock(pen: QuotationPen, buyer: QuotationPdfInput['buyer'], lang: LanguageCode): void {
  pen.style('bold', 8, MUTED);
  pen.y = pen.write(pen.text.to.toLocaleUpperCase(lang), MARGIN, pen.y, WIDTH);
  pen.style('regular', 9.5);
  for (const line of [buyer.name, buyer.company, buyer.country, [buyer.email, buyer.phone].filter(Boolean).join(' · ')])
    if (line) pen.y = pen.write(line, MARGIN, pen.y, WIDTH);
  pen.y += 10;
}

/** The lines, a header row first. */
function linesTable(
  pen: QuotationPen,
  { draft, totals }: QuotationRevision,
  units: FormTexts['form']['units'],
  money: (minor: number) => string,
): void {
  const columns = columnsOf(pen.labels);
  const widths = columns.map((column) => column.width * WIDTH);
  const row = (cells: string[], font: Font, fill?: string) => {
    pen.style(font, 8);
    const height = Math.max(...cells.map((cell, index) => pen.height(cell, widths[index]! - 8))) + 8;
    pen.room(height);
    if (fill) pen.doc.rect(MARGIN, pen.y, WIDTH, height).fill(fill);
    pen.style(font, 8, fill ? MUTED : INK);
    let x = MARGIN;
    cells.forEach((cell, index) => {
      pen.write(cell, x + 4, pen.y + 4, widths[index]! - 8, columns[index]!.figures ? 'end' : 'start');
      x += widths[index]!;
    });
    pen.y += height;
  };
  row(
    columns.map((column) => column.title),
    'bold',
    TINT,
  );
  draft.lines.forEach((line, index) => {
    const described = [line.description, line.drawing && `${pen.labels.drawing}: ${line.drawing}`];
    const quantity = formatScaled(parseScaled(line.quantity, QUANTITY_DIGITS)!, QUANTITY_DIGITS);
    const price = money(Number(parseScaled(line.unitPrice, CURRENCIES[draft.currency].digits)));
    row(
      [
        String(index + 1),
        described.filter(Boolean).join('\n'),
        line.material,
        line.hsCode,
        `${quantity} ${units[line.unit]}`,
        price,
        money(totals.lines[index]!),
      ],
      'regular',
    );
  });
  pen.doc.rect(MARGIN, pen.y, WIDTH, 0.75).fill(MUTED);
  pen.y += 6;
}

/** The totals, then the total in words. */
function totalsBlock(pen: QuotationPen, revision: QuotationRevision, lang: LanguageCode): void {
  const { draft, totals } = revision;
  const money = (minor: number) => formatMoney(minor, draft.currency);
  const taxLabel = draft.tax === 'gst' ? pen.labels.gst(draft.gstRate) : pen.labels.exportTax;
  for (const [label, amount, font] of [
    [pen.labels.subtotal, totals.subtotal, 'regular'],
    [taxLabel, totals.tax, 'regular'],
    [pen.labels.total, totals.total, 'bold'],
  ] as const) {
    pen.room(14);
    pen.style(font, 9);
    pen.write(label, MARGIN + WIDTH - 330, pen.y, 200, 'end');
    pen.y = pen.write(money(amount), MARGIN + WIDTH - 125, pen.y, 125, 'end') + 2;
  }
  pen.style('regular', 8.5, MUTED);
  const words = totalInWords(lang, totals.total, draft.currency);
  pen.y = pen.write(`${pen.text.inWords}: ${words}`, MARGIN, pen.y + 4, WIDTH) + 10;
}

/** The terms, then the signatory. */
function termsAndSignatory(pen: QuotationPen, draft: QuotationRevision['draft'], name: string): void {
  const { terms: labels, validUntil } = pen.labels;
  const terms: [string, string][] = [
    [labels.incoterm, [draft.incoterm, draft.place].filter(Boolean).join(' ')],
    [validUntil, draft.validUntil],
    [labels.paymentTerms, draft.paymentTerms],
    [labels.leadTime, draft.leadTime],
    [labels.packing, draft.packing],
    [labels.inspection, draft.inspection],
    [labels.notes, draft.notes],
  ];
  for (const [label, value] of terms.filter(([, value]) => value !== '')) {
    pen.style('regular', 8.5);
    pen.room(pen.height(value, WIDTH - 130) + 4);
    pen.style('bold', 8.5);
    pen.write(label, MARGIN, pen.y, 125);
    pen.style('regular', 8.5);
    pen.y = pen.write(value, MARGIN + 130, pen.y, WIDTH - 130) + 3;
  }
  pen.room(60);
  pen.style('regular', 9);
  pen.y = pen.write(`${pen.text.for} ${name}`, MARGIN + WIDTH - 220, pen.y + 24, 220, 'end');
  pen.style('regular', 8, MUTED);
  pen.write(pen.text.signatory, MARGIN + WIDTH - 220, pen.y + 18, 220, 'end');
}

/**
 * A quotation revision on A4, in the capability statement's engine and fonts (pdfkit, Noto Sans and,
 * in Arabic, Noto Sans Arabic embedded, text through `printable`), in the buyer's language (right to
 * left in Arabic): the letterhead from the site's content in that language (logo, name, address, GSTIN,
 * IEC, certificates in force), the buyer, the lines, the totals and the total in words, the terms, the
 * validity and the signatory. Long quotations flow onto more pages.
 */
export function quotationPdf(input: QuotationPdfInput): Promise<Buffer> {
  const { company, revision, lang } = input;
  const rtl = LANGUAGE_INFO[lang].dir === 'rtl';
  const { printable } = printableText(rtl);
  const text = QUOTATION_PDF_TEXTS[lang];
  const name = printable(company.name) || printable(company.registration.legalName);
  const title = `${revision.number} ${revisionLabel(revision.revision)}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 },
    font: STATEMENT_FONTS.regular,
    lang,
    info: { Title: `${name}: ${text.title} ${title}`, Author: name, CreationDate: new Date(revision.savedAt) },
  });
  for (const [font, path] of Object.entries(STATEMENT_FONTS)) doc.registerFont(font, path);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pen = new QuotationPen(doc, text, input.labels, rtl);
  letterhead(pen, input, name, title);
  buyerBlock(pen, input.buyer, lang);
  linesTable(pen, revision, input.units, (minor) => formatMoney(minor, revision.draft.currency));
  totalsBlock(pen, revision, lang);
  termsAndSignatory(pen, revision.draft, name);
  doc.end();
  return done;
}
