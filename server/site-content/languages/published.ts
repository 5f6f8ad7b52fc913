import { languages, type LanguageCode } from '../../../shared/i18n/languages.js';
import type { DB } from '../../platform/db/open-database.js';

/** The public languages: English always, then each the owner has published (site_languages), in the site's order. */
export function publishedLanguages(db: DB): LanguageCode[] {
  const rows = db.prepare<[], { code: string }>('SELECT code FROM site_languages').all();
  const published = new Set(rows.map((row) => row.code));
  return languages.filter((code) => code === 'en' || published.has(code));
}
