import type { SiteContent } from '../../../shared/content/schema.js';
import { withTexts } from '../../../shared/content/translatable.js';
import type { LanguageCode } from '../../../shared/i18n/languages.js';
import type { DB } from '../../platform/db/open-database.js';

/** A language's published translations, by path in the content; an empty translation is left out (the page shows the English). */
export function publishedTranslations(db: DB, lang: LanguageCode): Map<string, string> {
  const rows = db
    .prepare<[string], { path: string; text: string }>(
      "SELECT path, text FROM site_translations WHERE lang = ? AND state = 'published' AND text <> ''",
    )
    .all(lang);
  return new Map(rows.map((row) => [row.path, row.text]));
}

/**
 * The published content in `lang`: each field with its published translation in place, a stale one
 * included (it is still that language; the editor marks it), and the English where there is none.
 */
export function localizedContent(content: SiteContent, lang: LanguageCode, db: DB): SiteContent {
  if (lang === 'en') return content;
  return withTexts(content, publishedTranslations(db, lang));
}
