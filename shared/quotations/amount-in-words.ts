import { CURRENCIES, type Currency } from './money.js';

/** The names a total in words gives each currency's whole and minor units. */
export const UNIT_NAMES: Record<Currency, [whole: string, minor: string]> = {
  INR: ['Rupees', 'Paise'],
  USD: ['US Dollars', 'Cents'],
  EUR: ['Euros', 'Cents'],
  GBP: ['Pounds Sterling', 'Pence'],
  AED: ['UAE Dirhams', 'Fils'],
};

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 to 999 in words ('' for 0). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tens = rest < 20 ? ONES[rest]! : `${TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', tens].filter(Boolean).join(' ');
}

/** A whole number in words, in lakhs and crores (Indian) or in thousands and millions. */
function wholeInWords(value: bigint, indian: boolean): string {
  if (value === 0n) return 'Zero';
  // Each step: what it divides by and the name of what it counts, smallest first.
  const steps: [bigint, string][] = indian
    ? [
        [1000n, ''],
        [100n, 'Thousand'],
        [100n, 'Lakh'],
        [100n, 'Crore'],
      ]
    : [
        [1000n, ''],
        [1000n, 'Thousand'],
        [1000n, 'Million'],
        [1000n, 'Billion'],
      ];
  const parts: string[] = [];
  let rest = value;
  for (const [index, [size, name]] of steps.entries()) {
    const last = index === steps.length - 1;
    const part = last ? rest : rest % size;
    rest = last ? 0n : rest / size;
    if (part === 0n) continue;
    const words = part < 1000n ? belowThousand(Number(part)) : wholeInWords(part, indian);
    parts.unshift(name ? `${words} ${name}` : words);
    if (rest === 0n) break;
  }
  return parts.join(' ');
}

/** A total as a quotation writes it out: "US Dollars Twenty-One Thousand Two Hundred Fifty and Five Cents only". */
export function amountInWords(minor: bigint | number, currency: Currency): string {
  const scale = 10n ** BigInt(CURRENCIES[currency].digits);
  const value = BigInt(minor);
  const [whole, part] = [value / scale, value % scale];
  const [wholeName, minorName] = UNIT_NAMES[currency];
  const indian = CURRENCIES[currency].grouping === 'indian';
  const cents = part === 0n ? '' : ` and ${wholeInWords(part, indian)} ${minorName}`;
  return `${wholeName} ${wholeInWords(whole, indian)}${cents} only`;
}
