/** The site's languages: English first (the source, at `/`, always public), the others under their prefix. */
export const languages = ['en', 'de', 'es', 'fr', 'ar'] as const;
export type LanguageCode = (typeof languages)[number];

/** A language that is translated from English (every one but English). */
export type TranslatedLanguage = Exclude<LanguageCode, 'en'>;

export interface LanguageInfo {
  /** The language's name in itself, for the switcher. */
  native: string;
  english: string;
  dir: 'ltr' | 'rtl';
  /** `og:locale` (Open Graph takes language_TERRITORY). */
  ogLocale: string;
  /** The locale Intl formats dates, numbers and plurals with; Latin digits everywhere (`-u-nu-latn`). */
  intlLocale: string;
}

export const LANGUAGE_INFO: Record<LanguageCode, LanguageInfo> = {
  en: { native: 'English', english: 'English', dir: 'ltr', ogLocale: 'en_GB', intlLocale: 'en-GB' },
  de: { native: 'Deutsch', english: 'German', dir: 'ltr', ogLocale: 'de_DE', intlLocale: 'de-DE' },
  es: { native: 'Español', english: 'Spanish', dir: 'ltr', ogLocale: 'es_ES', intlLocale: 'es-ES' },
  fr: { native: 'Français', english: 'French', dir: 'ltr', ogLocale: 'fr_FR', intlLocale: 'fr-FR' },
  ar: { native: 'العربية', english: 'Arabic', dir: 'rtl', ogLocale: 'ar_AE', intlLocale: 'ar-AE-u-nu-latn' },
};

export const TRANSLATED_LANGUAGES = languages.filter((code): code is TranslatedLanguage => code !== 'en');

export const isLanguageCode = (value: string): value is LanguageCode =>
  (languages as readonly string[]).includes(value);

export const isTranslatedLanguage = (code: string): code is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(code);
