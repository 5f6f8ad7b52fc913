import { QUOTATION_ERRORS } from '../admin/texts.js';
import type { Enquiry } from '../enquiry/enquiry.js';
import { addDays } from '../enquiry/follow-up.js';
import { QUANTITY_UNITS } from '../enquiry/quote.js';
import { CURRENCY_CODES } from './money.js';
import {
  LINE_FIELDS,
  QUOTATION_LIMITS,
  TERM_FIELDS,
  emptyLine,
  lineFieldName,
  quotationDraftSchema,
  type QuotationDraft,
  type QuotationErrors,
  type QuotationLine,
} from './quotation.js';

/** Days a new quotation stays valid unless the admin sets another date. */
export const DEFAULT_VALIDITY_DAYS = 30;

/** The first draft of an enquiry's quotation: its product, quantity, material and terms, as the buyer gave them. */
export function draftFromEnquiry(enquiry: Enquiry, productName: string, today: string): QuotationDraft {
  const domestic = enquiry.countryCode === 'IN';
  return {
    currency: domestic ? 'INR' : 'USD',
    incoterm: (enquiry.incoterm ?? '') as QuotationDraft['incoterm'],
    place: enquiry.place ?? '',
    validUntil: addDays(today, DEFAULT_VALIDITY_DAYS),
    paymentTerms: '',
    leadTime: '',
    packing: '',
    inspection: enquiry.certificate ?? '',
    notes: enquiry.treatment ? `Delivery condition: ${enquiry.treatment}` : '',
    tax: domestic ? 'gst' : 'export-lut',
    gstRate: domestic ? '18' : '',
    lines: [
      {
        ...emptyLine(),
        description: (productName || enquiry.subject).slice(0, QUOTATION_LIMITS.description),
        material: (enquiry.material ?? '').slice(0, QUOTATION_LIMITS.short),
        quantity: enquiry.quantity === null ? '' : String(enquiry.quantity),
        unit: enquiry.unit ?? 'pieces',
      },
    ],
  };
}

/** What the form's submit buttons ask for: save, or change the lines and show the form again. */
export type QuotationFormAction =
  | { kind: 'save' }
  | { kind: 'update' }
  | { kind: 'add-line' }
  | { kind: 'remove-line'; index: number }
  | { kind: 'save-line'; index: number }
  | { kind: 'pick'; itemId: number };

export function formActionOf(body: Record<string, unknown>): QuotationFormAction {
  const action = typeof body.action === 'string' ? body.action : 'save';
  const indexed = /^(remove-line|save-line)-(\d{1,3})$/.exec(action);
  if (indexed) return { kind: indexed[1] as 'remove-line' | 'save-line', index: Number(indexed[2]) };
  if (action === 'add-line' || action === 'update') return { kind: action };
  if (action === 'pick' && /^\d{1,9}$/.test(String(body.priceItem)))
    return { kind: 'pick', itemId: Number(body.priceItem) };
  return { kind: 'save' };
}

const DEFAULTS: Pick<QuotationDraft, 'currency' | 'incoterm' | 'tax'> & Pick<QuotationLine, 'unit'> = {
  currency: CURRENCY_CODES[0]!,
  incoterm: '',
  tax: 'export-lut',
  unit: QUANTITY_UNITS[0],
};
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The line numbers a form sent (`line-3-description` …), in order. */
function lineIndexes(body: Record<string, unknown>): number[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(body)) {
    const match = /^line-(\d{1,3})-description$/.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes].sort((a, b) => a - b).slice(0, QUOTATION_LIMITS.lines);
}

/**
 * The draft a posted form holds (urlencoded: `currency`, `line-0-description` …), trimmed, with what
 * the schema refuses said by field; a choice not on its list is put back to its default.
 */
export function readQuotationForm(body: unknown): { draft: QuotationDraft; errors: QuotationErrors } {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const lines = lineIndexes(source).map((index) =>
    Object.fromEntries(LINE_FIELDS.map((field) => [field, stringOf(source[lineFieldName(index, field)])])),
  );
  const candidate = { ...Object.fromEntries(TERM_FIELDS.map((field) => [field, stringOf(source[field])])), lines };
  const parsed = quotationDraftSchema.safeParse(candidate);
  if (parsed.success) return { draft: parsed.data, errors: {} };
  const errors: QuotationErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, index, field] = issue.path as [string, number?, (keyof QuotationLine)?];
    const inLine = first === 'lines' && field !== undefined;
    const fallback = DEFAULTS[(inLine ? field : first) as keyof typeof DEFAULTS];
    // A choice not on its list, or a text over its limit (the form's maxLength stops both): said, and reset.
    errors[inLine ? lineFieldName(index!, field) : first] =
      fallback === undefined ? issue.message : QUOTATION_ERRORS.choice;
    const target = (inLine ? lines[index!] : candidate) as Record<string, unknown>;
    target[inLine ? field : first] = fallback ?? '';
  }
  const again = quotationDraftSchema.safeParse(candidate);
  if (!again.success) throw new Error(`a quotation form could not be read: ${again.error.message}`);
  return { draft: again.data, errors };
}
