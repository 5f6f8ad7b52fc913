import type { DB } from '../../platform/db/open-database.js';
import { isLanguageCode, languages, type LanguageCode } from '../../../shared/i18n/languages.js';

/** The public languages, in the site's order: English always, the others once published (table `site_languages`). */
export function publishedLanguages(db: DB): LanguageCode[] {
  const codes = db.prepare<[], { code: string }>('SELECT code FROM site_languages').all();
  const published = new Set(codes.map(({ code }) => code).filter(isLanguageCode));
  return languages.filter((code) => code === 'en' || published.has(code));
}
