import { findRoute, ROUTES, type SiteRoute } from '../routes.js';
import type { LanguageCode, TranslatedLanguage } from './languages.js';
import { localizedPath, readLocalizedPath } from './paths.js';

/** A page of the public site (not the admin's): it has an address in every language. */
export const isPublicPage = (route: SiteRoute | undefined): route is SiteRoute =>
  route !== undefined && route.page !== 'admin';

/** The public routes (the thank-you page included) a language prefix serves. */
export const PUBLIC_PAGE_ROUTES: readonly SiteRoute[] = ROUTES.filter(isPublicPage);

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
  return isPublicPage(findRoute(path)) ? localizedPath(lang, path) + rest : englishHref;
}

/** Each public page's address in a translated language, with the route it shows (a quotation's page has its own routes). */
export function localizedRoutes(lang: TranslatedLanguage): { path: string; route: SiteRoute }[] {
  return PUBLIC_PAGE_ROUTES.filter((route) => route.cache !== 'private').map((route) => ({
    path: localizedPath(lang, route.path),
    route,
  }));
}
