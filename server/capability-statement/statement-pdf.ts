import PDFDocument from 'pdfkit';
import { nameInSentence } from '../../shared/content/company.js';
import { LANGUAGE_INFO, type LanguageCode } from '../../shared/i18n/languages.js';
import { plural, type PluralForms } from '../../shared/i18n/plural.js';
import { STATEMENT_TEXTS } from '../../shared/i18n/statement-texts.js';
import { COLOURS } from '../pages/images/colours.js';
import { printableText } from './printable-text.js';
import { rightToLeftText, type Font } from './right-to-left-text.js';
import { STATEMENT_FONTS } from './statement-fonts.js';
import { LIMITS, type StatementContents } from './statement-contents.js';
import type { StatementImage } from './statement-images.js';

/** What the statement is drawn from: the records, and their images read from disk beforehand. */
export interface StatementInput {
  /** The language it is written in; the contents are already in it (localizedContent). */
  lang: LanguageCode;
  contents: StatementContents;
  /** When the content was published (shown in the footer; the PDF's creation date). */
  publishedAt: string;
  siteUrl: string;
  timeZone: string;
  logo: StatementImage | undefined;
  /** The photos of the first machines that have one (two at most), in order. */
  machinePhotos: StatementImage[];
  /** Each case study's photo, by its index among the case studies. */
  caseStudyPhotos: Map<number, StatementImage>;
}

// A4 in points; every length below is in points (1/72 inch).
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const WIDTH = PAGE.width - 2 * MARGIN;
const FOOTER_Y = PAGE.height - 30;
/** Blocks end above the footer. */
const BOTTOM = FOOTER_Y - 12;
const MAX_PAGES = 2;
const GAP = 14;

const INK = '#1d232b';
const MUTED = '#5b6573';
const RULE = '#d5dbe3';
const TINT = '#f2f5f9';

interface Style {
  font?: Font;
  size?: number;
  color?: string;
  /** At most this many lines (the last ends with an ellipsis when cut). */
  lines?: number;
  align?: 'left' | 'right';
  link?: string;
}

interface Cell {
  text: string;
  style?: Style;
}

const LINE_GAP = 1.5;

/**
 * Lays out the capability statement on one or two A4 pages: the company's name, logo and contact
 * details, its registration numbers, capacity, valid certificates, machines (with up to two
 * photos), materials, standards, export markets and case studies. Lists longer than fit end with
 * "and N more"; a block that would start a third page is left out, with its heading.
 */
export function statementPdf(input: StatementInput): Promise<Buffer> {
  const { content, certificates } = input.contents;
  const { company } = content;
  const { capability } = content;
  const texts = STATEMENT_TEXTS[input.lang];
  const { intlLocale, dir } = LANGUAGE_INFO[input.lang];
  const rtl = dir === 'rtl';
  const { printable, fullyPrintable } = printableText(rtl);
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
  const rightToLeft = rightToLeftText(doc);
  /** Where a box `width` wide at `x` goes: the same place, or mirrored on a right-to-left page. */
  const at = (x: number, width: number) => (rtl ? PAGE.width - x - width : x);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let page = 1;
  let y = MARGIN;

  const use = (style: Style = {}) => {
    doc
      .font(style.font ?? 'regular')
      .fontSize(style.size ?? 8.5)
      .fillColor(style.color ?? INK);
  };
  const lineHeight = (style: Style = {}) => {
    use(style);
    return doc.currentLineHeight(true) + LINE_GAP;
  };
  const options = (style: Style, width: number) => ({
    width,
    lineGap: LINE_GAP,
    align: style.align ?? 'left',
    ...(style.lines && { height: style.lines * lineHeight(style) - LINE_GAP / 2, ellipsis: '…' }),
    ...(style.link && { link: style.link }),
  });
  /** The height the text takes at `width`. */
  const measure = (text: string, width: number, style: Style = {}) => {
    if (text === '') return 0;
    use(style);
    if (rtl) return rightToLeft.lines(text, width, style.font ?? 'regular', style.lines).length * lineHeight(style);
    const full = doc.heightOfString(text, options({ ...style, lines: undefined }, width));
    return style.lines ? Math.min(full, style.lines * lineHeight(style)) : full;
  };
  const write = (text: string, x: number, top: number, width: number, style: Style = {}) => {
    if (text === '') return 0;
    const height = measure(text, width, style);
    use(style);
    if (!rtl) {
      doc.text(text, x, top, options(style, width));
      return height;
    }
    const font = style.font ?? 'regular';
    const align = style.align === 'right' ? 'end' : 'start';
    rightToLeft.lines(text, width, font, style.lines).forEach((line, index) => {
      use(style);
      rightToLeft.drawLine(line, at(x, width), top + index * lineHeight(style), width, font, align, style.link);
    });
    return height;
  };
  /** Room for `height` more on this page, or on a new one while there are pages to spare. */
  const newPage = () => {
    doc.addPage();
    page += 1;
    y = MARGIN;
  };
  const room = (height: number): boolean => {
    if (y + height <= BOTTOM) return true;
    if (page >= MAX_PAGES) return false;
    newPage();
    return true;
  };
  const HEADING_HEIGHT = 20;
  const heading = (title: string) => {
    doc.rect(at(MARGIN, 3), y + 2, 3, 11).fill(COLOURS.accent);
    write(title, MARGIN + 9, y, WIDTH - 9, { font: 'bold', size: 11, color: COLOURS.navy });
    y += HEADING_HEIGHT;
  };
  const more = (count: number, what: PluralForms) => {
    const text = plural(input.lang, count, what);
    y += 2;
    y += write(text, MARGIN, y, WIDTH, { size: 8, color: MUTED });
  };
  const MORE_HEIGHT = lineHeight({ size: 8 }) + 2;

  // ---------- The header: logo, name, contact details ----------
  const contactWidth = 190;
  const logoSize = input.logo ? 52 : 0;
  const nameX = MARGIN + (logoSize ? logoSize + 12 : 0);
  const nameWidth = WIDTH - contactWidth - 16 - (nameX - MARGIN);
  if (input.logo) doc.image(input.logo.data, at(MARGIN, logoSize), y, { fit: [logoSize, logoSize], valign: 'center' });
  let left = y;
  left += write(name, nameX, left, nameWidth, { font: 'bold', size: 17, color: COLOURS.navy, lines: 2 });
  left += 2;
  left += write(texts.title, nameX, left, nameWidth, {
    font: 'bold',
    size: 8.5,
    color: COLOURS.accent,
  });
  const legalName = printable(company.registration.legalName);
  const identity = [
    legalName !== name ? legalName : '',
    company.registration.established ? texts.established(company.registration.established) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  if (identity) left += 2 + write(identity, nameX, left + 2, nameWidth, { size: 8, color: MUTED, lines: 2 });

  const contactX = MARGIN + WIDTH - contactWidth;
  const contact: Cell[] = [
    { text: company.address.map(printable).join('\n') },
    { text: company.phones.join(' · ') },
    { text: company.email, style: { link: `mailto:${company.email}`, color: COLOURS.navy } },
    {
      text: input.siteUrl.replace(/^https?:\/\//, ''),
      style: { link: input.siteUrl, color: COLOURS.navy, font: 'bold' },
    },
  ];
  let right = y;
  for (const line of contact)
    right += write(line.text, contactX, right, contactWidth, { size: 8, align: 'right', lines: 6, ...line.style });
  y = Math.max(left, right, y + logoSize) + 8;
  doc.rect(MARGIN, y, WIDTH, 1.5).fill(COLOURS.accent);
  y += 10;

  // ---------- Facts in a row: registration numbers, then capacity ----------
  const facts = (items: { label: string; value: string }[], valueSize: number) => {
    if (items.length === 0) return;
    const columns = Math.max(items.length, 3);
    const columnWidth = WIDTH / columns;
    const height =
      8 +
      Math.max(
        ...items.map(
          (item) =>
            measure(item.label, columnWidth - 16, { size: 7 }) +
            measure(item.value, columnWidth - 16, { font: 'bold', size: valueSize, lines: 2 }),
        ),
      ) +
      8;
    room(height);
    doc.rect(MARGIN, y, WIDTH, height).fill(TINT);
    items.forEach((item, index) => {
      const x = MARGIN + index * columnWidth + 8;
      const labelHeight = write(item.label.toUpperCase(), x, y + 8, columnWidth - 16, {
        size: 7,
        color: MUTED,
      });
      write(item.value, x, y + 8 + labelHeight, columnWidth - 16, {
        font: 'bold',
        size: valueSize,
        color: COLOURS.navy,
        lines: 2,
      });
    });
    y += height + 8;
  };
  const { registration } = company;
  facts(
    [
      { label: 'GSTIN', value: registration.gstin },
      { label: 'IEC', value: registration.iec },
      { label: registration.cin.startsWith('UDYAM') ? texts.udyamNumber : 'CIN', value: registration.cin },
    ].filter((item) => item.value !== ''),
    9,
  );
  const { capacity } = capability;
  facts(
    [
      { label: texts.capacity, value: capacity.tonnesPerMonth && texts.tonnesPerMonth(capacity.tonnesPerMonth) },
      { label: texts.weightPerPiece, value: printable(capacity.weightRange) },
      { label: texts.largestDiameter, value: printable(capacity.largestDiameter) },
    ].filter((item) => item.value !== ''),
    12,
  );
  y += GAP - 8;

  // ---------- Tables ----------
  interface Column {
    title: string;
    width: number;
  }
  const CELL_PADDING = 4;
  const rowHeight = (cells: Cell[][], columns: Column[]) =>
    Math.max(
      ...cells.map((cell, index) =>
        cell.reduce((sum, part) => sum + measure(part.text, columns[index]!.width - 2 * CELL_PADDING, part.style), 0),
      ),
    ) +
    2 * CELL_PADDING;
  const headerHeight = lineHeight({ font: 'bold', size: 7.5 }) + 2 * CELL_PADDING;
  const tableHeader = (columns: Column[]) => {
    doc.rect(MARGIN, y, WIDTH, headerHeight).fill(TINT);
    let x = MARGIN;
    for (const column of columns) {
      write(column.title, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, {
        font: 'bold',
        size: 7.5,
        color: MUTED,
      });
      x += column.width;
    }
    y += headerHeight;
  };
  const row = (cells: Cell[][], columns: Column[], height: number) => {
    let x = MARGIN;
    cells.forEach((cell, index) => {
      let top = y + CELL_PADDING;
      for (const part of cell)
        top += write(part.text, x + CELL_PADDING, top, columns[index]!.width - 2 * CELL_PADDING, part.style);
      x += columns[index]!.width;
    });
    y += height;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  /** A titled table; rows past its limit, or past the second page, are counted in "and N more". */
  const table = (title: string, what: PluralForms, columns: Column[], rows: Cell[][][], limit: number) => {
    if (rows.length === 0) return;
    const heights = rows.map((cells) => rowHeight(cells, columns));
    if (!room(HEADING_HEIGHT + headerHeight + heights[0]! + (rows.length > 1 ? MORE_HEIGHT : 0))) return;
    heading(title);
    tableHeader(columns);
    for (const [index, cells] of rows.entries()) {
      const left = rows.length - index;
      const height = heights[index]!;
      // Each row leaves room for the "and N more" line that may follow it.
      const needed = height + (left > 1 ? MORE_HEIGHT : 0);
      if (index >= limit || (y + needed > BOTTOM && page >= MAX_PAGES)) {
        more(left, what);
        break;
      }
      // Carried onto the second page, under its column titles again.
      if (y + needed > BOTTOM) {
        newPage();
        tableHeader(columns);
      }
      row(cells, columns, height);
    }
    y += GAP;
  };

  const validUntil = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const [nameAndNumber, scope, certifier, validUntilTitle] = texts.certificateColumns;
  table(
    texts.certificates,
    texts.moreCertificates,
    [
      { title: nameAndNumber, width: 140 },
      { title: scope, width: 185 },
      { title: certifier, width: WIDTH - 140 - 185 - 70 },
      { title: validUntilTitle, width: 70 },
    ],
    certificates.map((certificate) => [
      [
        { text: printable(certificate.name), style: { font: 'bold', lines: 2 } },
        { text: texts.certificateNumber(printable(certificate.number)), style: { size: 8, color: MUTED, lines: 2 } },
      ],
      [{ text: printable(certificate.scope), style: { size: 8, lines: 2 } }],
      [
        { text: printable(certificate.certifier), style: { size: 8, lines: 2 } },
        { text: printable(certificate.accreditation), style: { size: 7.5, color: MUTED, lines: 2 } },
      ],
      [{ text: validUntil(certificate.validUntil), style: { size: 8 } }],
    ]),
    LIMITS.certificates,
  );

  const [machineTitle, make, machineCapacity, count] = texts.machineColumns;
  table(
    texts.machines,
    texts.moreMachines,
    [
      { title: machineTitle, width: 215 },
      { title: make, width: 130 },
      { title: machineCapacity, width: 110 },
      { title: count, width: WIDTH - 215 - 130 - 110 },
    ],
    capability.machines.map((machine) => [
      [{ text: printable(machine.name), style: { font: 'bold', lines: 1 } }],
      [{ text: printable(machine.make), style: { lines: 1 } }],
      [{ text: printable([machine.capacity, machine.unit].filter(Boolean).join(' ')), style: { lines: 1 } }],
      [{ text: machine.count }],
    ]),
    LIMITS.machines,
  );

  // Up to two machine photos side by side, each with its alt text as the caption.
  const photos = input.machinePhotos.slice(0, LIMITS.machinePhotos);
  if (photos.length > 0) {
    const photoWidth = (WIDTH - 12) / 2;
    const photoHeight = 130;
    const captionStyle: Style = { size: 7.5, color: MUTED, lines: 2 };
    const captionHeight = Math.max(...photos.map((photo) => measure(printable(photo.alt), photoWidth, captionStyle)));
    if (room(photoHeight + 4 + captionHeight)) {
      photos.forEach((photo, index) => {
        const x = MARGIN + index * (photoWidth + 12);
        cropped(photo, x, y, photoWidth, photoHeight);
        write(printable(photo.alt), x, y + photoHeight + 4, photoWidth, captionStyle);
      });
      y += photoHeight + 4 + captionHeight + GAP;
    }
  }

  // ---------- Lists: materials and standards side by side, then export markets ----------
  const listText = (items: string[], width: number, lines: number, style: Style) => {
    const clean = items.map(printable).filter(Boolean);
    const fits = (text: string) => measure(text, width, { ...style, lines: undefined }) <= lines * lineHeight(style);
    const all = clean.join(texts.listSeparator);
    if (fits(all)) return all;
    let shown = clean.length - 1;
    const cut = (count: number) =>
      texts.listAndMore(clean.slice(0, count).join(texts.listSeparator), clean.length - count);
    while (shown > 1 && !fits(cut(shown))) shown -= 1;
    return cut(shown);
  };
  const listStyle: Style = { size: 8.5 };
  const halfWidth = (WIDTH - 16) / 2;
  const lists = [
    { title: texts.materials, items: capability.materials },
    { title: texts.standards, items: capability.standards },
  ].filter((list) => list.items.length > 0);
  if (lists.length > 0) {
    const width = lists.length === 2 ? halfWidth : WIDTH;
    const texts = lists.map((list) => listText(list.items, width, LIMITS.listLines, listStyle));
    const height = HEADING_HEIGHT + Math.max(...texts.map((text) => measure(text, width, listStyle)));
    if (room(height)) {
      const top = y;
      lists.forEach((list, index) => {
        y = top;
        const x = MARGIN + index * (halfWidth + 16);
        doc.rect(at(x, 3), y + 2, 3, 11).fill(COLOURS.accent);
        write(list.title, x + 9, y, width - 9, { font: 'bold', size: 11, color: COLOURS.navy });
        write(texts[index]!, x, y + HEADING_HEIGHT, width, listStyle);
      });
      y = top + height + GAP;
    }
  }
  if (capability.markets.length > 0) {
    const text = listText(capability.markets, WIDTH, LIMITS.marketLines, listStyle);
    const height = measure(text, WIDTH, listStyle);
    if (room(HEADING_HEIGHT + height)) {
      heading(texts.exportMarkets);
      y += write(text, MARGIN, y, WIDTH, listStyle) + GAP;
    }
  }

  // ---------- Case studies: a photo (when there is one) beside the title, industry and country, and what was made ----------
  const studies = capability.caseStudies;
  if (studies.length > 0) {
    const thumb = { width: 96, height: 68 };
    const textWidth = (index: number) => (input.caseStudyPhotos.has(index) ? WIDTH - thumb.width - 12 : WIDTH);
    const parts = studies.map((study): Cell[] => [
      { text: printable(study.title), style: { font: 'bold', size: 9.5, lines: 2 } },
      {
        text: [printable(study.industry), printable(study.country)].filter(Boolean).join(' · '),
        style: { size: 7.5, color: MUTED, lines: 1 },
      },
      { text: printable(study.made.replace(/\s*\n+\s*/g, ' ')), style: { size: 8.5, lines: 4 } },
    ]);
    const heights = parts.map((cell, index) =>
      Math.max(
        input.caseStudyPhotos.has(index) ? thumb.height : 0,
        cell.reduce((sum, part) => sum + measure(part.text, textWidth(index), part.style) + 1, 0),
      ),
    );
    const what = texts.moreCaseStudies;
    if (room(HEADING_HEIGHT + heights[0]! + (studies.length > 1 ? MORE_HEIGHT : 0))) {
      heading(texts.caseStudies);
      for (const [index, cell] of parts.entries()) {
        const left = studies.length - index;
        const height = heights[index]!;
        if (index >= LIMITS.caseStudies || !room(height + (left > 1 ? MORE_HEIGHT : 0))) {
          more(left, what);
          break;
        }
        const photo = input.caseStudyPhotos.get(index);
        if (photo) cropped(photo, MARGIN, y, thumb.width, thumb.height);
        const x = photo ? MARGIN + thumb.width + 12 : MARGIN;
        let top = y;
        for (const part of cell) top += write(part.text, x, top, textWidth(index), part.style) + 1;
        y += height + 10;
      }
    }
  }

  // ---------- The footer of each page ----------
  const published = new Date(input.publishedAt).toLocaleDateString(intlLocale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: input.timeZone,
  });
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc
      .moveTo(MARGIN, FOOTER_Y - 6)
      .lineTo(MARGIN + WIDTH, FOOTER_Y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    write(texts.footer(nameInSentence(name), published), MARGIN, FOOTER_Y, WIDTH - 90, {
      size: 7,
      color: MUTED,
      lines: 1,
    });
    write(texts.page(index + 1, range.count), MARGIN + WIDTH - 90, FOOTER_Y, 90, {
      size: 7,
      color: MUTED,
      align: 'right',
    });
  }
  doc.end();
  return done;

  /** An image filling the box, cropped to it (centred). */
  function cropped(image: StatementImage, x: number, top: number, width: number, height: number) {
    const scale = Math.max(width / image.width, height / image.height);
    const drawnWidth = image.width * scale;
    const drawnHeight = image.height * scale;
    doc.save();
    const left = at(x, width);
    doc.rect(left, top, width, height).clip();
    doc.image(image.data, left - (drawnWidth - width) / 2, top - (drawnHeight - height) / 2, {
      width: drawnWidth,
      height: drawnHeight,
    });
    doc.restore();
  }
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
