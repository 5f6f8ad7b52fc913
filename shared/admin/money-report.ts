import { CURRENCY_CODES, formatScaled, mulDivHalfUp, parseScaled, type Currency } from '../quotations/money.js';

/**
 * Reports follow the money (issue 39): the quotations sent and won in a period, in each currency and in
 * INR at the rates the owner enters. Amounts are integer minor units (paise, cents); a rate is the rupees
 * one unit of a currency is worth, in ten-thousandths (83.1250 is 831250).
 */

/** A rate's decimals. */
export const EXCHANGE_RATE_DIGITS = 4;
/** The currencies the owner gives a rate for (INR is 1). */
export const RATED_CURRENCIES = CURRENCY_CODES.filter((code) => code !== 'INR');
export type RateTable = Partial<Record<Currency, number>>;

/** A month's quoted and won amounts in one currency ("2026-03", minor units). */
export interface MoneyMonth {
  month: string;
  currency: Currency;
  quoted: number;
  won: number;
}

/** A month's quoted and won amounts in INR (paise); the currencies left out for want of a rate. */
export interface InrMonth {
  month: string;
  quoted: number;
  won: number;
  unrated: Currency[];
}

/**
 * One line by product, country or source: quotations sent (their latest sent revision in the period)
 * and won in the period, their values in INR (paise, at the rates), and the median time from the
 * enquiry to its first quotation sent (milliseconds; null when none was first sent in the period).
 */
export interface MoneyRow {
  label: string;
  quoted: number;
  won: number;
  quotedInr: number;
  wonInr: number;
  medianToQuote: number | null;
}

export interface MoneyReport {
  byCurrency: MoneyMonth[];
  inr: InrMonth[];
  total: MoneyRow;
  byProduct: MoneyRow[];
  byCountry: MoneyRow[];
  bySource: MoneyRow[];
  rates: RateTable;
  /** Currencies quoted in the period with no rate: left out of every INR figure. */
  unrated: Currency[];
}

/** An amount in INR paise at a rate (ten-thousandths of a rupee per unit), rounded half up once; null without a rate. */
export function inInr(minor: number, currency: Currency, rates: RateTable): number | null {
  if (currency === 'INR') return minor;
  const rate = rates[currency];
  return rate === undefined
    ? null
    : Number(mulDivHalfUp(BigInt(minor), BigInt(rate), 10n ** BigInt(EXCHANGE_RATE_DIGITS)));
}

/** A rate as typed ("83.125"), in ten-thousandths; null when it is not a positive number of up to 4 decimals. */
export function parseRate(text: string): number | null {
  const rate = parseScaled(text.trim(), EXCHANGE_RATE_DIGITS);
  return rate === null || rate <= 0n ? null : Number(rate);
}

/** A stored rate as the form shows it: "83.125". */
export const rateText = (rate: number | undefined): string =>
  rate === undefined ? '' : formatScaled(BigInt(rate), EXCHANGE_RATE_DIGITS);

/** "2.5 days": a median time, to a tenth of a day; a dash for none. */
export function daysText(ms: number | null): string {
  if (ms === null) return '–';
  const tenths = Math.round(ms / 8_640_000);
  return `${formatScaled(BigInt(tenths), 1)} ${tenths === 10 ? 'day' : 'days'}`;
}

/** The middle of some durations (the mean of the two middle ones, rounded down, for an even count). */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.floor((sorted[middle - 1]! + sorted[middle]!) / 2);
}
