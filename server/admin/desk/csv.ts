import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { csvCells, csvHeader } from '../../../shared/enquiry/enquiry-columns.js';
import type { ProductNames } from '../../../shared/enquiry/quote.js';

/** UTF-8 byte order mark: spreadsheet programs then read Indian scripts correctly. */
export const BOM = '\uFEFF';

/**
 * What a spreadsheet may read as the start of a formula: = + - @ (also their full-width forms, which
 * some spreadsheets fold), a tab or a carriage return, even behind invisible format characters
 * (zero-width space, BOM, direction marks) or spaces.
 */
const FORMULA_START = /^[\p{Cf}\p{Zs}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\p{Cf}\p{Zs}]*[\t\r]/u;
/** A phone number (+91 98250 12345, -, (0)…): read as a formula, but with nothing in it that could run. */
const PHONE_LIKE = /^[+-]?[\d\s()./-]*\d[\d\s()./-]*$/;
/** Invisible, and not the start of a formula: a phone number shows as written, with no apostrophe. */
const WORD_JOINER = '\u2060';

/**
 * One RFC 4180 cell, always quoted, inner quotes doubled, line breaks as LF. A cell a spreadsheet
 * would read as a formula is guarded: a phone number by an invisible word joiner, anything else
 * (which might call a function) by a leading apostrophe.
 */
export function csvCell(value: string): string {
  const lines = value.replace(/\r\n?/g, '\n');
  const safe = !FORMULA_START.test(lines) ? lines : PHONE_LIKE.test(lines) ? WORD_JOINER + lines : `'${lines}`;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvRow(enquiry: Enquiry, timeZone: string, products: ProductNames): string {
  return csvLine(csvCells(enquiry, { timeZone, products }));
}

/** The whole file, lazily: the BOM and header, then one line per enquiry. */
export function* csvLines(enquiries: Iterable<Enquiry>, timeZone: string, products: ProductNames): Generator<string> {
  yield BOM + csvLine(csvHeader(timeZone));
  for (const enquiry of enquiries) yield csvRow(enquiry, timeZone, products);
}

export function csvFileName(now: Date = new Date()): string {
  return `enquiries_${now.toISOString().slice(0, 10)}.csv`;
}
