import { ANSWER_TERMS, type QuotationView } from '../../shared/quotations/answer.js';
import { CURRENCIES, formatMoney, formatScaled, parseScaled, QUANTITY_DIGITS } from '../../shared/quotations/money.js';
import { revisionLabel, type QuotationRevision } from '../../shared/quotations/revisions.js';

/** A sent revision as its buyer's page shows it: the amounts formatted as on the PDF. */
export function buyerView({ number, revision, draft, totals }: QuotationRevision): QuotationView {
  const money = (minor: number) => formatMoney(minor, draft.currency);
  const digits = CURRENCIES[draft.currency].digits;
  return {
    number,
    revision: revisionLabel(revision),
    validUntil: draft.validUntil,
    lines: draft.lines.map((line, index) => ({
      description: line.description,
      drawing: line.drawing,
      material: line.material,
      hsCode: line.hsCode,
      quantity: `${formatScaled(parseScaled(line.quantity, QUANTITY_DIGITS)!, QUANTITY_DIGITS)} ${line.unit}`,
      unitPrice: money(Number(parseScaled(line.unitPrice, digits))),
      total: money(totals.lines[index]!),
    })),
    subtotal: money(totals.subtotal),
    gstRate: draft.tax === 'gst' ? draft.gstRate : null,
    tax: money(totals.tax),
    total: money(totals.total),
    terms: ANSWER_TERMS.map((term) => ({
      term,
      value: term === 'incoterm' ? [draft.incoterm, draft.place].filter(Boolean).join(' ') : draft[term],
    })).filter(({ value }) => value !== ''),
  };
}
