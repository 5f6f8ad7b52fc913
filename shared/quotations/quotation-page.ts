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
  /** Sending the latest revision to the buyer; null before a revision is saved. */
  send: QuotationSending | null;
}

/** The send form of the latest revision, or how its sending stands. */
export interface QuotationSending {
  /** The latest revision (R2). */
  revision: string;
  /** The buyer's address (null: none given). */
  to: string | null;
  /** Whether the site can send mail (SMTP set up). */
  canSend: boolean;
  /** The reply that carries it: null before it is sent; 'sent' once the mail server accepted it. */
  status: 'pending' | 'sent' | 'failed' | null;
  sentAt: string | null;
  /** The message, as typed or the catalogue's default. */
  message: string;
  /** Why the last send was refused. */
  error: string | null;
}
