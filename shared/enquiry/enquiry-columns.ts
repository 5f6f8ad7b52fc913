import { STAGE_LABELS, type Enquiry, type Note, type Stage } from './enquiry.js';
import { productLabel, type Drawing, type ProductNames } from './quote.js';
import type { EnquiryInput } from './validation.js';
import { describeSource, SOURCE_FIELDS, type LeadSource } from './lead-source.js';
import { formatInZone } from '../time/time-zone.js';
import { AWAITING_LABELS, type Awaiting } from './thread.js';
import type { DeliveryState, ReplyDelivery } from './delivery.js';
import { countryShown } from './country.js';
import { CURRENCIES, formatScaled } from '../quotations/money.js';
import { LANGUAGE_INFO, type LanguageCode } from '../i18n/languages.js';

/**
 * The one description of a stored enquiry: for each field of `Enquiry`, the columns of the
 * enquiries table it is kept in, how it is read back from them, whether INSERT writes it from the
 * validated input (the column then has the field's name), and its CSV column. The store's SELECT
 * list, its INSERT, its row mapping and the CSV export's columns are all made from this list; the
 * CSV columns follow its order.
 */

/** A row of the enquiries table as SQLite returns it. */
export type EnquiryRow = Record<string, string | number | null>;
/** What is read from other tables for a row. */
export interface Related {
  drawings: Drawing[];
  notes: Note[];
  /** The newest delivery of each of its e-mails in the outbox (the deliveries table), by channel. */
  deliveries: Partial<Record<EnquiryMailChannel, DeliveryState>>;
}
/** The outbox's channels of e-mails about one enquiry (server/platform/mail/outbox.ts). */
export type EnquiryMailChannel = 'notification' | 'acknowledgement';
/** What a CSV cell is written with besides the enquiry. */
export interface CsvContext {
  timeZone: string;
  products: ProductNames;
}

interface Column<K extends keyof Enquiry> {
  key: K;
  /** Its columns in the enquiries table (none: it comes from another table). */
  columns: readonly string[];
  /** Written by INSERT from the validated input (the column is named as the field). */
  input?: true;
  /** Read back (default: the value of its one column). */
  read?: (row: EnquiryRow, related: Related) => Enquiry[K];
  /** Its CSV column (none: not exported); the cell defaults to the value as text, empty for null. */
  csv?: { header: string | ((timeZone: string) => string); cell?: (enquiry: Enquiry, context: CsvContext) => string };
}
type AnyColumn = { [K in keyof Enquiry]: Column<K> }[keyof Enquiry];

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** A field of the form, stored as entered (validated) in the column of its name. */
const input = <K extends keyof EnquiryInput>(
  key: K,
  header: string,
  cell?: (enquiry: Enquiry, context: CsvContext) => string,
): Column<K> & { input: true } => ({
  key,
  columns: [key],
  input: true,
  csv: cell ? { header, cell } : { header },
});

/** The spec's six CSV columns first (Date names the time zone its times are in), then the desk's, then the quote details. */
export const ENQUIRY_COLUMNS = [
  {
    key: 'createdAt',
    columns: ['created_at'],
    read: (row) => row.created_at as string,
    csv: {
      header: (timeZone) => `Date (${timeZone})`,
      cell: (enquiry, { timeZone }) => formatInZone(enquiry.createdAt, timeZone),
    },
  },
  input('name', 'Name'),
  input('email', 'Email'),
  input('phone', 'Phone'),
  input('subject', 'Subject'),
  input('message', 'Message'),
  {
    key: 'status',
    columns: ['status'],
    read: (row) => row.status as Stage,
    csv: { header: 'Stage', cell: (enquiry) => STAGE_LABELS[enquiry.status] },
  },
  {
    key: 'read',
    columns: ['read_at'],
    read: (row) => row.read_at !== null,
    csv: { header: 'Read', cell: (enquiry) => yesNo(enquiry.read) },
  },
  {
    key: 'starred',
    columns: ['starred'],
    read: (row) => row.starred === 1,
    csv: { header: 'Starred', cell: (enquiry) => yesNo(enquiry.starred) },
  },
  {
    key: 'notes',
    columns: [],
    read: (_row, related) => related.notes,
    csv: {
      header: 'Notes',
      cell: (enquiry, { timeZone }) =>
        enquiry.notes.map((note) => `${formatInZone(note.createdAt, timeZone)}: ${note.body}`).join('\n\n'),
    },
  },
  input('product', 'Product', (enquiry, { products }) => productLabel(enquiry.product, products)),
  input('company', 'Company'),
  input('country', 'Country', (enquiry) => countryShown(enquiry) ?? ''),
  { key: 'countryCode', columns: ['country_code'] },
  {
    key: 'language',
    columns: ['language'],
    read: (row) => row.language as LanguageCode,
    csv: { header: 'Language', cell: (enquiry) => LANGUAGE_INFO[enquiry.language].english },
  },
  input('quantity', 'Quantity'),
  input('unit', 'Unit'),
  input('material', 'Material'),
  input('treatment', 'Delivery condition'),
  input('incoterm', 'Incoterm'),
  input('place', 'Named place'),
  input('deadline', 'Required by'),
  input('certificate', 'Certificate'),
  input('annual', 'Annual quantity'),
  input('price', 'Target price', (enquiry) =>
    enquiry.price === null || !enquiry.currency
      ? ''
      : formatScaled(BigInt(enquiry.price), CURRENCIES[enquiry.currency].digits, true),
  ),
  input('currency', 'Currency'),
  input('inspection', 'Inspection'),
  input('inspector', 'Third-party inspection by'),
  {
    key: 'drawings',
    columns: [],
    read: (_row, related) => related.drawings,
    csv: { header: 'Drawings', cell: (enquiry) => enquiry.drawings.map((drawing) => drawing.name).join('; ') },
  },
  {
    key: 'source',
    columns: Object.values(SOURCE_FIELDS),
    read: (row) =>
      Object.fromEntries(
        Object.entries(SOURCE_FIELDS).map(([key, column]) => [key, (row[column] as string | null) ?? null]),
      ) as unknown as LeadSource,
    csv: { header: 'Source', cell: (enquiry) => describeSource(enquiry.source) },
  },
  {
    key: 'awaiting',
    columns: ['awaiting'],
    read: (row) => row.awaiting as Awaiting | null,
    csv: { header: 'Awaiting', cell: (enquiry) => (enquiry.awaiting ? AWAITING_LABELS[enquiry.awaiting] : '') },
  },
  { key: 'lastMessageAt', columns: ['last_message_at'], read: (row) => row.last_message_at as string },
  {
    key: 'followUp',
    columns: ['follow_up_on', 'follow_up_note'],
    read: (row) =>
      row.follow_up_on === null
        ? null
        : { on: row.follow_up_on as string, note: (row.follow_up_note as string | null) ?? '' },
    csv: {
      header: 'Follow up',
      cell: (enquiry) => (enquiry.followUp ? `${enquiry.followUp.on} ${enquiry.followUp.note}`.trim() : ''),
    },
  },
  { key: 'resentOf', columns: ['resent_of'] },
  {
    key: 'replyDelivery',
    columns: ['reply_status', 'reply_error'],
    read: (row) =>
      row.reply_status === null
        ? null
        : { status: row.reply_status as ReplyDelivery['status'], error: row.reply_error as string | null },
  },
  { key: 'id', columns: ['id'] },
  { key: 'repeats', columns: ['repeats'] },
  { key: 'trashedAt', columns: ['trashed_at'] },
  { key: 'spamReason', columns: ['spam_reason'] },
  { key: 'notification', columns: [], read: (_row, related) => related.deliveries.notification ?? null },
  { key: 'acknowledgement', columns: [], read: (_row, related) => related.deliveries.acknowledgement ?? null },
] as const satisfies readonly AnyColumn[];

type Listed = (typeof ENQUIRY_COLUMNS)[number];
// Compile-time checks: every field of an enquiry is described, and every field of the form is written.
const everyField: Exclude<keyof Enquiry, Listed['key']> extends never ? true : never = true;
const everyInput: Exclude<keyof EnquiryInput, Extract<Listed, { input: true }>['key']> extends never ? true : never =
  true;
void [everyField, everyInput];

/** The SELECT list of an enquiry. */
export const SELECT_COLUMNS: string = ENQUIRY_COLUMNS.flatMap((column: AnyColumn) => column.columns).join(', ');
/** The fields INSERT writes from the validated input, each into the column of its name. */
export const INPUT_COLUMNS: readonly (keyof EnquiryInput)[] = ENQUIRY_COLUMNS.flatMap((column: AnyColumn) =>
  column.input ? [column.key as keyof EnquiryInput] : [],
);

/** An enquiry from its row and what other tables hold for it. */
export function enquiryOf(row: EnquiryRow, related: Related): Enquiry {
  const enquiry: Record<string, unknown> = {};
  for (const column of ENQUIRY_COLUMNS as readonly AnyColumn[]) {
    enquiry[column.key] = column.read ? column.read(row, related) : row[column.columns[0]!];
  }
  return enquiry as Enquiry;
}

const exported = (ENQUIRY_COLUMNS as readonly AnyColumn[]).filter((column) => column.csv);

/** The CSV header cells. */
export function csvHeader(timeZone: string): string[] {
  return exported.map(({ csv }) => (typeof csv!.header === 'string' ? csv!.header : csv!.header(timeZone)));
}

/** The CSV cells of one enquiry, in the header's order. */
export function csvCells(enquiry: Enquiry, context: CsvContext): string[] {
  return exported.map(({ key, csv }) => {
    if (csv!.cell) return csv!.cell(enquiry, context);
    const value = enquiry[key];
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') throw new Error(`the CSV column of ${key} needs a cell function`);
    return String(value);
  });
}
