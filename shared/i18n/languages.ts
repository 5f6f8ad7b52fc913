/** The site's languages: English first (the source, always public), then the translations. */
export const languages = ['en', 'de', 'es', 'fr', 'ar'] as const;
export type LanguageCode = (typeof languages)[number];

/** A language that is translated from English (every one but English). */
export type TranslatedLanguage = Exclude<LanguageCode, 'en'>;

export const LANGUAGE_INFO: Record<LanguageCode, { native: string; english: string; dir: 'ltr' | 'rtl' }> = {
  en: { native: 'English', english: 'English', dir: 'ltr' },
  de: { native: 'Deutsch', english: 'German', dir: 'ltr' },
  es: { native: 'Español', english: 'Spanish', dir: 'ltr' },
  fr: { native: 'Français', english: 'French', dir: 'ltr' },
  ar: { native: 'العربية', english: 'Arabic', dir: 'rtl' },
};

export const TRANSLATED_LANGUAGES = languages.filter((code): code is TranslatedLanguage => code !== 'en');

export const isTranslatedLanguage = (code: string): code is TranslatedLanguage =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(code);
