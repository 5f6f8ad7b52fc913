import type { Enquiry } from '../../shared/enquiry/enquiry.js';

export const CSV_COLUMNS = ['Date', 'Name', 'Email', 'Phone', 'Subject', 'Message'] as const;
/** UTF-8 byte order mark: spreadsheet programs then read Indian scripts correctly. */
export const BOM = '\uFEFF';

/**
 * What a spreadsheet may read as the start of a formula: = + - @ (also their full-width forms, which
 * some spreadsheets fold), a tab or a carriage return, even behind invisible format characters
 * (zero-width space, BOM, direction marks) or spaces.
 */
const FORMULA_START = /^[\p{Cf}\p{Zs}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\p{Cf}\p{Zs}]*[\t\r]/u;

/** One RFC 4180 cell, always quoted, inner quotes doubled; a would-be formula gets a leading apostrophe. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvRow(enquiry: Enquiry): string {
  return csvLine([enquiry.createdAt, enquiry.name, enquiry.email ?? '', enquiry.phone, enquiry.subject, enquiry.message]);
}

/** The whole file, lazily: the BOM and header, then one line per enquiry. */
export function* csvLines(enquiries: Iterable<Enquiry>): Generator<string> {
  yield BOM + csvLine(CSV_COLUMNS);
  for (const enquiry of enquiries) yield csvRow(enquiry);
}

export function csvFileName(now: Date = new Date()): string {
  return `enquiries_${now.toISOString().slice(0, 10)}.csv`;
}
