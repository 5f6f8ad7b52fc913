import { findRoute, ROUTES, type SiteRoute } from '../routes.js';
import type { LanguageCode, TranslatedLanguage } from './languages.js';
import { localizedPath, readLocalizedPath } from './paths.js';

/** A page's language and English page, from its decoded path: a path without a language prefix is English. */
export function pageAddress(path: string): { lang: LanguageCode; englishPath: string } {
  return readLocalizedPath(path) ?? { lang: 'en', englishPath: path };
}

/**
 * The address to put in a link to a path of the English site (with its query and fragment): a public
 * page's path in `lang`, anything else (the admin, a PDF) as it is.
 */
export function localizedHref(lang: LanguageCode, englishHref: string): string {
  if (lang === 'en') return englishHref;
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/s.exec(englishHref) ?? [];
  return findRoute(path) ? localizedPath(lang, path) + rest : englishHref;
}

/** Each public page's address in a translated language, with the route it shows (a quotation's page has its own routes). */
export function localizedRoutes(lang: TranslatedLanguage): { path: string; route: SiteRoute }[] {
  return ROUTES.filter((route) => route.cache !== 'private').map((route) => ({
    path: localizedPath(lang, route.path),
    route,
  }));
}
