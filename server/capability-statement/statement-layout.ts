import type { LanguageCode } from '../../shared/i18n/languages.js';
import { plural, type PluralForms } from '../../shared/i18n/plural.js';
import { COLOURS } from '../pages/images/colours.js';
import { rightToLeftText, type Font } from './right-to-left-text.js';
import type { StatementImage } from './statement-images.js';

// A4 in points; every length below is in points (1/72 inch).
export const PAGE = { width: 595.28, height: 841.89 };
export const MARGIN = 40;
export const WIDTH = PAGE.width - 2 * MARGIN;
export const FOOTER_Y = PAGE.height - 30;
/** Blocks end above the footer. */
export const BOTTOM = FOOTER_Y - 12;
export const MAX_PAGES = 2;
export const GAP = 14;
export const HEADING_HEIGHT = 20;

export const INK = '#1d232b';
export const MUTED = '#5b6573';
export const RULE = '#d5dbe3';
export const TINT = '#f2f5f9';

const LINE_GAP = 1.5;

export interface Style {
  font?: Font;
  size?: number;
  color?: string;
  /** At most this many lines (the last ends with an ellipsis when cut). */
  lines?: number;
  align?: 'left' | 'right';
  link?: string;
}

export interface Cell {
  text: string;
  style?: Style;
}

/**
 * Where the statement is being written: the page, the height reached on it (`y`), and the ways to
 * measure and write text there, left to right or, on an Arabic statement, right to left.
 */
export class StatementLayout {
  page = 1;
  y = MARGIN;
  private readonly rightToLeft;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly lang: LanguageCode,
    readonly rtl: boolean,
  ) {
    this.rightToLeft = rightToLeftText(doc);
  }

  /** Where a box `width` wide at `x` goes: the same place, or mirrored on a right-to-left page. */
  at(x: number, width: number): number {
    return this.rtl ? PAGE.width - x - width : x;
  }

  use(style: Style = {}): void {
    this.doc
      .font(style.font ?? 'regular')
      .fontSize(style.size ?? 8.5)
      .fillColor(style.color ?? INK);
  }

  lineHeight(style: Style = {}): number {
    this.use(style);
    return this.doc.currentLineHeight(true) + LINE_GAP;
  }

  /** The height of the "and N more" line under a list. */
  get moreHeight(): number {
    return this.lineHeight({ size: 8 }) + 2;
  }

  private options(style: Style, width: number) {
    return {
      width,
      lineGap: LINE_GAP,
      align: style.align ?? 'left',
      ...(style.lines && { height: style.lines * this.lineHeight(style) - LINE_GAP / 2, ellipsis: '…' }),
      ...(style.link && { link: style.link }),
    };
  }

  /** The height the text takes at `width`. */
  measure(text: string, width: number, style: Style = {}): number {
    if (text === '') return 0;
    this.use(style);
    if (this.rtl)
      return this.rightToLeft.lines(text, width, style.font ?? 'regular', style.lines).length * this.lineHeight(style);
    const full = this.doc.heightOfString(text, this.options({ ...style, lines: undefined }, width));
    return style.lines ? Math.min(full, style.lines * this.lineHeight(style)) : full;
  }

  /** Writes the text in a box `width` wide at (x, top); returns its height. */
  write(text: string, x: number, top: number, width: number, style: Style = {}): number {
    if (text === '') return 0;
    const height = this.measure(text, width, style);
    this.use(style);
    if (!this.rtl) {
      this.doc.text(text, x, top, this.options(style, width));
      return height;
    }
    const font = style.font ?? 'regular';
    const align = style.align === 'right' ? 'end' : 'start';
    this.rightToLeft.lines(text, width, font, style.lines).forEach((line, index) => {
      this.use(style);
      const lineTop = top + index * this.lineHeight(style);
      this.rightToLeft.drawLine(line, this.at(x, width), lineTop, width, font, align, style.link);
    });
    return height;
  }

  newPage(): void {
    this.doc.addPage();
    this.page += 1;
    this.y = MARGIN;
  }

  /** Room for `height` more on this page, or on a new one while there are pages to spare. */
  room(height: number): boolean {
    if (this.y + height <= BOTTOM) return true;
    if (this.page >= MAX_PAGES) return false;
    this.newPage();
    return true;
  }

  /** A block's title with the accent bar before it, at (x, top). */
  title(title: string, x: number, top: number, width: number): void {
    this.doc.rect(this.at(x, 3), top + 2, 3, 11).fill(COLOURS.accent);
    this.write(title, x + 9, top, width - 9, { font: 'bold', size: 11, color: COLOURS.navy });
  }

  heading(title: string): void {
    this.title(title, MARGIN, this.y, WIDTH);
    this.y += HEADING_HEIGHT;
  }

  /** "and N more" under a list cut short. */
  more(count: number, what: PluralForms): void {
    this.y += 2;
    this.y += this.write(plural(this.lang, count, what), MARGIN, this.y, WIDTH, { size: 8, color: MUTED });
  }

  /** A rule across the page at `top`. */
  rule(top: number): void {
    this.doc
      .moveTo(MARGIN, top)
      .lineTo(MARGIN + WIDTH, top)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }

  /** An image filling the box, cropped to it (centred). */
  cropped(image: StatementImage, x: number, top: number, width: number, height: number): void {
    const scale = Math.max(width / image.width, height / image.height);
    const drawnWidth = image.width * scale;
    const drawnHeight = image.height * scale;
    this.doc.save();
    const left = this.at(x, width);
    this.doc.rect(left, top, width, height).clip();
    this.doc.image(image.data, left - (drawnWidth - width) / 2, top - (drawnHeight - height) / 2, {
      width: drawnWidth,
      height: drawnHeight,
    });
    this.doc.restore();
  }
}
