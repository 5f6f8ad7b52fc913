import type { Enquiry } from './enquiry.js';
import { productLabel, type ProductNames, type QuantityUnit } from './quote.js';
import type { EnquiryField } from './validation.js';
import { ENGLISH_UNITS, FIELD_LABELS } from './english-labels.js';
import { countryWithWritten } from './country.js';
import { CURRENCIES, formatMoney, type Currency } from '../quotations/money.js';

/** A quantity as written in the card and the e-mail: "2,000 pieces" (in a buyer's locale and words: "2.000 Stück"). */
function formatQuantity(
  quantity: number | null,
  unit: Enquiry['unit'],
  locale: string,
  units: Record<QuantityUnit, string>,
): string {
  return quantity === null ? '' : `${quantity.toLocaleString(locale)} ${unit ? units[unit] : ''}`.trim();
}

/** A price as the desk reads it ("USD 1,234.50"), or in a buyer's locale as Intl writes it ("1.234,50 USD"). */
function formatPrice(minor: number, currency: Currency, locale: string): string {
  if (locale === 'en-IN') return formatMoney(minor, currency);
  const { digits } = CURRENCIES[currency];
  const format = { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: digits } as const;
  return new Intl.NumberFormat(locale, format).format(minor / 10 ** digits);
}

/**
 * The quote details an enquiry has, as label and text, in the form's order (the card and the e-mail show
 * these); the numbers as the desk reads them (en-IN), or in the buyer's locale for the acknowledgement.
 */
export function quoteDetails(
  enquiry: Enquiry,
  products: ProductNames,
  labels: Record<EnquiryField, string> = FIELD_LABELS,
  locale = 'en-IN',
  units: Record<QuantityUnit, string> = ENGLISH_UNITS,
): [label: string, value: string][] {
  const details: [string, string][] = [
    [labels.product, productLabel(enquiry.product, products)],
    [labels.company, enquiry.company ?? ''],
    [labels.country, countryWithWritten(enquiry) ?? ''],
    [labels.quantity, formatQuantity(enquiry.quantity, enquiry.unit, locale, units)],
    [labels.annual, formatQuantity(enquiry.annual, enquiry.unit, locale, units)],
    [
      labels.price,
      enquiry.price === null || !enquiry.currency ? '' : formatPrice(enquiry.price, enquiry.currency, locale),
    ],
    [labels.material, enquiry.material ?? ''],
    [labels.treatment, enquiry.treatment ?? ''],
    [labels.incoterm, [enquiry.incoterm, enquiry.place].filter(Boolean).join(' ')],
    [labels.deadline, enquiry.deadline ?? ''],
    [labels.certificate, enquiry.certificate ?? ''],
    [labels.inspection, enquiry.inspection ?? ''],
    [labels.inspector, enquiry.inspector ?? ''],
  ];
  return details.filter(([, value]) => value !== '');
}
