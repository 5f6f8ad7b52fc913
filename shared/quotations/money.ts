/**
 * Money of a quotation in integer minor units (paise, cents): typed decimals are parsed as text,
 * never through floating point, and every product or share is rounded half up once, in BigInt.
 */

/** The currencies a quotation may be in, with their minor units' digits and how their thousands are grouped. */
export const CURRENCIES = {
  INR: { digits: 2, grouping: 'indian' },
  USD: { digits: 2, grouping: 'western' },
  EUR: { digits: 2, grouping: 'western' },
  GBP: { digits: 2, grouping: 'western' },
  AED: { digits: 2, grouping: 'western' },
} as const;
export type Currency = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** Quantities are counted in thousandths (12.5 kg is 12500). */
export const QUANTITY_DIGITS = 3;
/** A GST rate is counted in hundredths of a percent (18% is 1800). */
export const RATE_DIGITS = 2;

const DECIMAL = /^(\d{1,13})(?:\.(\d+))?$/;

/**
 * A typed decimal ("1,250.5", "12") as an integer scaled by 10^digits; null when it is not a plain
 * non-negative number or has more decimals than `digits` (nothing is silently rounded away).
 */
export function parseScaled(text: string, digits: number): bigint | null {
  const match = DECIMAL.exec(text.replace(/[\s,]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
}

/** a × b / divisor, rounded half up (a, b ≥ 0). */
export function mulDivHalfUp(a: bigint, b: bigint, divisor: bigint): bigint {
  return (a * b * 2n + divisor) / (divisor * 2n);
}

/** A line's total: quantity (thousandths) × unit price (minor units), in minor units. */
export const lineTotal = (quantity: bigint, unitPrice: bigint): bigint =>
  mulDivHalfUp(quantity, unitPrice, 10n ** BigInt(QUANTITY_DIGITS));

/** Tax on an amount at a rate in hundredths of a percent, in minor units. */
export const taxOn = (amount: bigint, rate: bigint): bigint =>
  mulDivHalfUp(amount, rate, 100n * 10n ** BigInt(RATE_DIGITS));

function grouped(whole: string, grouping: 'indian' | 'western'): string {
  if (grouping === 'western' || whole.length <= 3) return whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const head = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${whole.slice(-3)}`;
}

/** A scaled integer as a decimal: formatScaled(125000n, 3) is "125". */
export function formatScaled(value: bigint, digits: number, keepZeros = false): string {
  const text = value.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? text.slice(-digits) : '';
  const shown = keepZeros ? fraction : fraction.replace(/0+$/, '');
  return shown ? `${whole}.${shown}` : whole;
}

/** An amount as people read it: "INR 1,23,456.78", "USD 123,456.78". */
export function formatMoney(minor: bigint | number, currency: Currency): string {
  const { digits, grouping } = CURRENCIES[currency];
  const [whole, fraction] = formatScaled(BigInt(minor), digits, true).split('.');
  return `${currency} ${grouped(whole!, grouping)}${fraction ? `.${fraction}` : ''}`;
}
