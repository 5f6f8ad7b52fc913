import { toCardinal as arabic } from 'n2words/ar-SA';
import { toCardinal as german } from 'n2words/de-DE';
import { toCardinal as spanish } from 'n2words/es-ES';
import { toCardinal as french } from 'n2words/fr-FR';
import type { LanguageCode, TranslatedLanguage } from '../../shared/i18n/languages.js';
import { amountInWords } from '../../shared/quotations/amount-in-words.js';
import { CURRENCIES, type Currency } from '../../shared/quotations/money.js';
import { QUOTATION_PDF_TEXTS } from './quotation-pdf-texts.js';

/** Whole numbers in words in each translated language (n2words: see docs/dependencies.md). */
const CARDINALS: Record<TranslatedLanguage, (value: bigint) => string> = {
  de: german,
  es: spanish,
  fr: french,
  ar: arabic,
};

/**
 * A quotation's total in words in the buyer's language: in English as the Indian documents write it
 * (amount-in-words.ts: lakhs and crores for INR, "only"); in another language its whole and minor
 * units in words with the currency's names ("dreiundzwanzigtausendsechshundert Euro und fünfzig Cent").
 */
export function totalInWords(lang: LanguageCode, minor: bigint | number, currency: Currency): string {
  if (lang === 'en') return amountInWords(minor, currency);
  const { units, and } = QUOTATION_PDF_TEXTS[lang];
  const scale = 10n ** BigInt(CURRENCIES[currency].digits);
  const value = BigInt(minor);
  const [whole, part] = [value / scale, value % scale];
  const words = CARDINALS[lang];
  const wholeText = `${words(whole)} ${units[currency][0]}`;
  return part === 0n ? wholeText : `${wholeText} ${and} ${words(part)} ${units[currency][1]}`;
}
