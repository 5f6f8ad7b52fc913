import * as z from 'zod/mini';
import { QUANTITY_UNITS } from '../enquiry/quote.js';
import { QUOTATION_ERRORS } from '../admin/texts.js';
import { INCOTERMS } from './request-terms.js';
import {
  CURRENCIES,
  CURRENCY_CODES,
  QUANTITY_DIGITS,
  RATE_DIGITS,
  lineTotal,
  parseScaled,
  taxOn,
  type Currency,
} from './money.js';

/** A quotation as the admin typed it (issue 39): every field kept as text, so a refused form shows it again as typed. */

export const QUOTATION_LIMITS = { lines: 40, description: 200, short: 100, text: 1000, gstRate: 28 } as const;
/** Zero-rated export under a Letter of Undertaking, or a domestic sale with GST at a rate. */
export const TAX_KINDS = ['export-lut', 'gst'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, QUOTATION_ERRORS.tooLong(max)));
const choice = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]);

export const quotationLineSchema = z.object({
  description: text(QUOTATION_LIMITS.description),
  drawing: text(QUOTATION_LIMITS.short),
  material: text(QUOTATION_LIMITS.short),
  hsCode: text(12),
  quantity: text(20),
  unit: choice(QUANTITY_UNITS),
  unitPrice: text(20),
});
export type QuotationLine = z.infer<typeof quotationLineSchema>;
export const LINE_FIELDS = Object.keys(quotationLineSchema.shape) as (keyof QuotationLine)[];

export const quotationDraftSchema = z.object({
  currency: choice(CURRENCY_CODES),
  incoterm: z.union([z.literal(''), choice(INCOTERMS)]),
  place: text(QUOTATION_LIMITS.short),
  validUntil: text(10),
  paymentTerms: text(QUOTATION_LIMITS.text),
  leadTime: text(QUOTATION_LIMITS.short),
  packing: text(QUOTATION_LIMITS.text),
  inspection: text(QUOTATION_LIMITS.text),
  notes: text(QUOTATION_LIMITS.text),
  tax: choice(TAX_KINDS),
  gstRate: text(6),
  lines: z.array(quotationLineSchema).check(z.maxLength(QUOTATION_LIMITS.lines)),
});
export type QuotationDraft = z.infer<typeof quotationDraftSchema>;
export type QuotationTerm = Exclude<keyof QuotationDraft, 'lines'>;
export const TERM_FIELDS = Object.keys(quotationDraftSchema.shape).filter((key) => key !== 'lines') as QuotationTerm[];

export const emptyLine = (): QuotationLine => ({
  description: '',
  drawing: '',
  material: '',
  hsCode: '',
  quantity: '',
  unit: 'pieces',
  unitPrice: '',
});

/** Totals in minor units of the quotation's currency. */
export interface QuotationTotals {
  lines: number[];
  subtotal: number;
  tax: number;
  total: number;
}

/** Errors by form field name (`validUntil`, `line-2-unitPrice`). */
export type QuotationErrors = Record<string, string>;

export const lineFieldName = (index: number, field: keyof QuotationLine) => `line-${index}-${field}`;

const HS_CODE = /^\d{4}(\.?\d{2}){0,3}$/;
const isCalendarDay = (value: string) =>
  /^\d{4}-\d\d-\d\d$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const safe = (value: bigint) => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null);

/** A line's total in minor units of `currency`, or null while its quantity or price is not a number it can take. */
export function priceLine(line: Pick<QuotationLine, 'quantity' | 'unitPrice'>, currency: Currency): number | null {
  const quantity = parseScaled(line.quantity, QUANTITY_DIGITS);
  const price = parseScaled(line.unitPrice, CURRENCIES[currency].digits);
  return quantity === null || price === null ? null : safe(lineTotal(quantity, price));
}

function lineProblems(line: QuotationLine, index: number, digits: number, errors: QuotationErrors): bigint | null {
  const name = (field: keyof QuotationLine) => lineFieldName(index, field);
  if (line.description === '') errors[name('description')] = QUOTATION_ERRORS.description;
  if (line.hsCode !== '' && !HS_CODE.test(line.hsCode)) errors[name('hsCode')] = QUOTATION_ERRORS.hsCode;
  const quantity = parseScaled(line.quantity, QUANTITY_DIGITS);
  if (quantity === null || quantity === 0n) errors[name('quantity')] = QUOTATION_ERRORS.quantity;
  const price = parseScaled(line.unitPrice, digits);
  if (price === null) errors[name('unitPrice')] = QUOTATION_ERRORS.unitPrice(digits);
  return quantity === null || price === null ? null : lineTotal(quantity, price);
}

/**
 * The totals of a draft, computed in integer minor units (a line's total rounded half up, the tax on
 * the subtotal rounded half up), or what is wrong with it by field. `today` (when given) bounds the validity.
 */
export function priceQuotation(
  draft: QuotationDraft,
  today = '',
): { ok: true; totals: QuotationTotals } | { ok: false; errors: QuotationErrors } {
  const errors: QuotationErrors = {};
  const { digits } = CURRENCIES[draft.currency];
  if (draft.lines.length === 0) errors.lines = QUOTATION_ERRORS.noLines;
  const lines = draft.lines.map((line, index) => lineProblems(line, index, digits, errors));
  if (!isCalendarDay(draft.validUntil) || draft.validUntil < today) errors.validUntil = QUOTATION_ERRORS.validUntil;
  const rate = draft.tax === 'gst' ? parseScaled(draft.gstRate, RATE_DIGITS) : 0n;
  if (rate === null || rate > BigInt(QUOTATION_LIMITS.gstRate * 10 ** RATE_DIGITS))
    errors.gstRate = QUOTATION_ERRORS.gstRate;
  const subtotal = lines.reduce<bigint>((sum, total) => sum + (total ?? 0n), 0n);
  const tax = taxOn(subtotal, rate ?? 0n);
  const total = safe(subtotal + tax);
  if (total === null) errors.lines = QUOTATION_ERRORS.tooLarge;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    totals: { lines: lines.map((line) => Number(line)), subtotal: Number(subtotal), tax: Number(tax), total: total! },
  };
}
