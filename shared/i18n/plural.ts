import { LANGUAGE_INFO, type LanguageCode } from './languages.js';

/** A text per CLDR plural category; `other` always, the rest as the language needs them (Arabic: all six). */
export type PluralForms<Required extends Intl.LDMLPluralRule = never> = Record<Required | 'other', string> &
  Partial<Record<Intl.LDMLPluralRule, string>>;

/** Arabic's six categories: zero, one, two, few (3–10), many (11–99), other. */
export type ArabicPluralForms = PluralForms<Intl.LDMLPluralRule>;

/** `{count}` in the form Intl.PluralRules picks for this language, the number written by Intl (Latin digits). */
export function plural(lang: LanguageCode, count: number, forms: PluralForms): string {
  const { intlLocale } = LANGUAGE_INFO[lang];
  const form = forms[new Intl.PluralRules(intlLocale).select(count)] ?? forms.other;
  return form.replace('{count}', new Intl.NumberFormat(intlLocale).format(count));
}
