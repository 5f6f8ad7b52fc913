import type { Currency } from './money.js';
import { emptyLine, type QuotationLine } from './quotation.js';

/** A part of the business saved from a quotation's line, to be used again (migration 43). */
export interface PriceListItem extends Omit<QuotationLine, 'quantity'> {
  id: number;
  currency: Currency;
}

/** The line a price list item adds to a quotation: its part and price, the quantity to be typed. */
export function lineOfItem({ description, drawing, material, hsCode, unit, unitPrice }: PriceListItem): QuotationLine {
  return { ...emptyLine(), description, drawing, material, hsCode, unit, unitPrice };
}

/** How the form's list names an item: "Weld neck flange 6\" (DRG-114) — USD 42.50 / pieces". */
export const itemLabel = (item: PriceListItem) =>
  `${item.description}${item.drawing ? ` (${item.drawing})` : ''} — ${item.currency} ${item.unitPrice} / ${item.unit}`;
