import { LANGUAGE_INFO, type LanguageCode } from './languages.js';

/** A text per CLDR plural category; `other` always, the rest as the language needs them (Arabic: all six). */
export type PluralForms<Required extends Intl.LDMLPluralRule = never> = Record<Required | 'other', string> &
  Partial<Record<Intl.LDMLPluralRule, string>>;

/** Arabic's six categories: zero, one, two, few (3–10), many (11–99), other. */
export type ArabicPluralForms = PluralForms<Intl.LDMLPluralRule>;

/** Languages whose rule for a whole number is "one" for 1 and "other" for the rest (CLDR: English, German). */
const ONE_OR_OTHER: ReadonlySet<LanguageCode> = new Set(['en', 'de']);

/**
 * `{count}` in the form Intl.PluralRules picks for this language, the number written by Intl (Latin digits).
 * A whole number gets its form without Intl in English and German, and under 1,000 is written as its
 * digits in every language here: the same answers (test/shared/i18n/written-without-intl.test.ts)
 * without Intl's first-use cost as a page starts (docs/development.md).
 */
export function plural(lang: LanguageCode, count: number, forms: PluralForms): string {
  const { intlLocale } = LANGUAGE_INFO[lang];
  const whole = Number.isInteger(count) && count >= 0;
  const category =
    whole && ONE_OR_OTHER.has(lang) ? (count === 1 ? 'one' : 'other') : new Intl.PluralRules(intlLocale).select(count);
  const written = whole && count < 1000 ? String(count) : new Intl.NumberFormat(intlLocale).format(count);
  return (forms[category] ?? forms.other).replace('{count}', written);
}
