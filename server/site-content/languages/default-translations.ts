import type { SiteContent } from '../../../shared/content/schema.js';
import { translatableTexts } from '../../../shared/content/translatable.js';
import type { TranslatedLanguage } from '../../../shared/i18n/languages.js';
import { ar } from './defaults/ar.js';
import { de } from './defaults/de.js';
import { es } from './defaults/es.js';
import { fr } from './defaults/fr.js';

/**
 * The default content's texts translated, by their English: a field whose English is still the
 * default's gets the shipped translation, wherever it stands (a product's call to action is the
 * same sentence on every product).
 */
export const DEFAULT_TRANSLATIONS: Record<TranslatedLanguage, Record<string, string>> = { de, es, fr, ar };

/** The shipped translations that fit the content: each field whose English is a default text, by path. */
export function defaultTranslationsFor(lang: TranslatedLanguage, content: SiteContent): Map<string, string> {
  const shipped = DEFAULT_TRANSLATIONS[lang];
  return new Map(
    translatableTexts(content).flatMap(({ path, english }) =>
      Object.hasOwn(shipped, english) ? [[path, shipped[english]!] as const] : [],
    ),
  );
}
