import type { Enquiry } from '../../shared/enquiry/enquiry.js';

export const CSV_COLUMNS = ['Date', 'Name', 'Email', 'Phone', 'Subject', 'Message'] as const;
/** UTF-8 byte order mark: spreadsheet programs then read Indian scripts correctly. */
export const BOM = '\uFEFF';

/**
 * One RFC 4180 cell, always quoted, inner quotes doubled. A value that a spreadsheet would take
 * as a formula (= + - @ tab CR) gets a leading apostrophe.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
