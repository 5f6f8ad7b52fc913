import type { SignedIn } from '../admin/session.js';
import type { PriceListItem } from './price-list.js';
import type { QuotationDraft, QuotationErrors, QuotationTotals } from './quotation.js';

/** /admin/enquiries/<n>/quotation: the form of the enquiry's next revision. */
export interface AdminQuotationPage extends SignedIn {
  screen: 'quotation';
  enquiry: { id: number; name: string; company: string | null; subject: string };
  /** Its number once a revision is saved (Q-2026-0058), and the revision a save makes. */
  number: string | null;
  nextRevision: number;
  draft: QuotationDraft;
  errors: QuotationErrors;
  /** The draft's totals, when every line can be priced. */
  totals: QuotationTotals | null;
  priceList: PriceListItem[];
  /** What the last button did (a line kept in the price list), said once. */
  message: string | null;
}
