/** The site's five languages: English at `/`, the others under their own prefix (issue 38). */
export const languages = ['en', 'de', 'es', 'fr', 'ar'] as const;
export type LanguageCode = (typeof languages)[number];

export interface LanguageFacts {
  /** The language's name in itself, for the switcher. */
  nativeName: string;
  englishName: string;
  dir: 'ltr' | 'rtl';
  /** `og:locale` (Open Graph takes language_TERRITORY). */
  ogLocale: string;
  /** The locale Intl formats dates, numbers and plurals with; Latin digits everywhere (`-u-nu-latn`). */
  intlLocale: string;
}

export const languageFacts: Record<LanguageCode, LanguageFacts> = {
  en: { nativeName: 'English', englishName: 'English', dir: 'ltr', ogLocale: 'en_GB', intlLocale: 'en-GB' },
  de: { nativeName: 'Deutsch', englishName: 'German', dir: 'ltr', ogLocale: 'de_DE', intlLocale: 'de-DE' },
  es: { nativeName: 'Español', englishName: 'Spanish', dir: 'ltr', ogLocale: 'es_ES', intlLocale: 'es-ES' },
  fr: { nativeName: 'Français', englishName: 'French', dir: 'ltr', ogLocale: 'fr_FR', intlLocale: 'fr-FR' },
  ar: { nativeName: 'العربية', englishName: 'Arabic', dir: 'rtl', ogLocale: 'ar_AE', intlLocale: 'ar-AE-u-nu-latn' },
};

export function isLanguageCode(value: string): value is LanguageCode {
  return (languages as readonly string[]).includes(value);
}
