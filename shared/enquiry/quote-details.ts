import type { Enquiry } from './enquiry.js';
import { productLabel, type ProductNames } from './quote.js';
import { FIELD_LABELS } from './validation.js';
import { countryWithWritten } from './country.js';

/** The quantity as written in the card and the e-mail: "2,000 pieces". */
function formatQuantity(enquiry: Pick<Enquiry, 'quantity' | 'unit'>): string {
  return enquiry.quantity === null ? '' : `${enquiry.quantity.toLocaleString('en-IN')} ${enquiry.unit ?? ''}`.trim();
}

/** The quote details an enquiry has, as label and text, in the form's order (the card and the e-mail show these). */
export function quoteDetails(enquiry: Enquiry, products: ProductNames): [label: string, value: string][] {
  const details: [string, string][] = [
    [FIELD_LABELS.product, productLabel(enquiry.product, products)],
    [FIELD_LABELS.company, enquiry.company ?? ''],
    [FIELD_LABELS.country, countryWithWritten(enquiry) ?? ''],
    [FIELD_LABELS.quantity, formatQuantity(enquiry)],
    [FIELD_LABELS.material, enquiry.material ?? ''],
    [FIELD_LABELS.treatment, enquiry.treatment ?? ''],
    [FIELD_LABELS.incoterm, [enquiry.incoterm, enquiry.place].filter(Boolean).join(' ')],
    [FIELD_LABELS.deadline, enquiry.deadline ?? ''],
    [FIELD_LABELS.certificate, enquiry.certificate ?? ''],
  ];
  return details.filter(([, value]) => value !== '');
}
