import * as z from 'zod/mini';

/** The buyer's page of a sent revision: /quotation/<token> (server/quotations/quotation-link.ts signs the token). */
export const QUOTATION_LINK_PREFIX = '/quotation';
export const quotationLinkPath = (token: string) => `${QUOTATION_LINK_PREFIX}/${token}`;

/** Why a buyer declines, as the decline form offers it. */
export const DECLINE_REASONS = [
  'price',
  'lead-time',
  'specification',
  'bought-elsewhere',
  'project-cancelled',
  'other',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

export const ANSWER_LIMITS = { poNumber: 60, text: 2000 } as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const optionalText = (max: number) => z.optional(text(max));

/** The forms of the buyer's page, each with the form token that shows it came from that page. */
export const acceptFormSchema = z.object({
  formToken: z.string(),
  poNumber: optionalText(ANSWER_LIMITS.poNumber),
  note: optionalText(ANSWER_LIMITS.text),
});
export const declineFormSchema = z.object({
  formToken: z.string(),
  reason: z.enum(DECLINE_REASONS),
  details: optionalText(ANSWER_LIMITS.text),
});
export const askFormSchema = z.object({
  formToken: z.string(),
  message: text(ANSWER_LIMITS.text).check(z.minLength(1)),
});
export type AcceptForm = z.infer<typeof acceptFormSchema>;
export type DeclineForm = z.infer<typeof declineFormSchema>;

/** What the buyer answered, as the page shows it again. */
export type QuotationAnswer =
  { kind: 'accepted'; poNumber: string; at: string } | { kind: 'declined'; reason: DeclineReason; at: string };

/** The terms the page lists, each under its label in the buyer's language. */
export const ANSWER_TERMS = ['incoterm', 'paymentTerms', 'leadTime', 'packing', 'inspection', 'notes'] as const;
export type AnswerTerm = (typeof ANSWER_TERMS)[number];

/** A sent revision as the buyer sees it: every amount formatted on the server. */
export interface QuotationView {
  number: string;
  /** R2 */
  revision: string;
  validUntil: string;
  lines: {
    description: string;
    drawing: string;
    material: string;
    hsCode: string;
    quantity: string;
    unitPrice: string;
    total: string;
  }[];
  subtotal: string;
  /** null: export, zero-rated under LUT; else the GST rate in per cent. */
  gstRate: string | null;
  tax: string;
  total: string;
  terms: { term: AnswerTerm; value: string }[];
}

/**
 * The buyer's page (PageData.quotation): the quotation with its forms (open), what was answered,
 * or why the link no longer works (unknown: 404; expired and superseded: 410, with a form to ask
 * for a new quotation; asked: that request was received).
 */
export type QuotationPageData =
  | { state: 'open'; path: string; view: QuotationView; formToken: string; error?: 'reason' | 'form' }
  | { state: 'answered'; path: string; view: QuotationView; answer: QuotationAnswer }
  | { state: 'expired' | 'superseded'; path: string; validUntil: string; formToken: string; error?: 'form' }
  | { state: 'asked'; path: string }
  | { state: 'unknown' };
