import { QUOTATION_TEXT } from '../admin/texts.js';
import { formatMoney } from './money.js';
import {
  LINE_FIELDS,
  TERM_FIELDS,
  type QuotationDraft,
  type QuotationLine,
  type QuotationTerm,
  type QuotationTotals,
  type TaxKind,
} from './quotation.js';

type LineField = keyof QuotationLine;

/** One saved revision of an enquiry's quotation, as the desk shows it. */
export interface QuotationRevision {
  /** Q-2026-0058: one number per enquiry's quotation. */
  number: string;
  revision: number;
  draft: QuotationDraft;
  totals: QuotationTotals;
  savedAt: string;
  savedBy: string;
  /** When it was sent to the buyer; a sent revision is never changed. */
  sentAt: string | null;
}

/** Q-2026-0058: the year and its sequence, four digits at least. */
export const quotationNumber = (year: number, sequence: number) => `Q-${year}-${String(sequence).padStart(4, '0')}`;
/** R1, R2 … */
export const revisionLabel = (revision: number) => `R${revision}`;

/** The form's label of each field the changes name. */
const LABELS = QUOTATION_TEXT as unknown as Record<LineField | QuotationTerm, string>;
/** A term's value as the form shows it: the tax by its name, not its code. */
const shownTerm = (field: QuotationTerm, value: string) =>
  field === 'tax' ? QUOTATION_TEXT.taxKinds[value as TaxKind] : value;
const change = (label: string, from: string, to: string) => `${label}: ${from || '—'} → ${to || '—'}`;

function lineChanges(before: QuotationRevision, after: QuotationRevision): string[] {
  const changes: string[] = [];
  const count = Math.max(before.draft.lines.length, after.draft.lines.length);
  for (let index = 0; index < count; index++) {
    const [was, now] = [before.draft.lines[index], after.draft.lines[index]];
    const line = `${QUOTATION_TEXT.line} ${index + 1}`;
    if (!was) changes.push(`${line} added: ${now!.description}`);
    else if (!now) changes.push(`${line} removed: ${was.description}`);
    else
      for (const field of LINE_FIELDS)
        if (was[field] !== now[field]) changes.push(change(`${line}, ${LABELS[field]}`, was[field], now[field]));
  }
  return changes;
}

/** What changed from one revision to a later one: lines, prices, terms and the total, one sentence each. */
export function revisionChanges(before: QuotationRevision, after: QuotationRevision): string[] {
  const changes = lineChanges(before, after);
  for (const field of TERM_FIELDS) {
    const [was, now] = [before.draft[field], after.draft[field]];
    if (was !== now) changes.push(change(LABELS[field], shownTerm(field, was), shownTerm(field, now)));
  }
  const [was, now] = [
    formatMoney(before.totals.total, before.draft.currency),
    formatMoney(after.totals.total, after.draft.currency),
  ];
  if (was !== now) changes.push(change(QUOTATION_TEXT.total, was, now));
  return changes;
}
