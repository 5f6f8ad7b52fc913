import type { SiteContent } from '../../shared/content/schema.js';
import type { LanguageOffer } from '../../shared/page-data.js';
import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import type { DB } from '../platform/db/open-database.js';
import { localizedContent } from '../site-content/languages/localized-content.js';
import { publishedLanguages } from '../site-content/languages/published.js';

export type PageLanguages = ReturnType<typeof createPageLanguages>;

/** The same page in a language (or, for `x-default`, the one for every other visitor: English). */
export interface Alternate {
  lang: LanguageCode | 'x-default';
  href: string;
}

/**
 * The languages the public pages are served in (English and the published ones), read once and again after
 * `forget` (a language published or withdrawn), so that answering a page reads no database; the content
 * in each, and each page's absolute address in each.
 */
export function createPageLanguages(db: DB, siteUrl: string) {
  let published: readonly LanguageCode[] | undefined;
  let offers: Promise<LanguageOffer[]> | undefined;
  const list = () => (published ??= publishedLanguages(db));
  const absoluteUrl = (lang: LanguageCode, englishPath: string) =>
    `${siteUrl}${encodeURI(localizedPath(lang, englishPath))}`;
  return {
    published: list,
    isPublished: (lang: LanguageCode) => list().includes(lang),
    content: (content: SiteContent, lang: LanguageCode) => localizedContent(content, lang, db),
    absoluteUrl,
    /** The page in each public language, and English as the default (hreflang, og:locale:alternate, sitemap). */
    alternates: (englishPath: string): Alternate[] => [
      ...list().map((lang) => ({ lang, href: absoluteUrl(lang, englishPath) })),
      { lang: 'x-default', href: absoluteUrl('en', englishPath) },
    ],
    /** Each public language with the line that offers a page in it, in it (the switcher and the offer). */
    offers: () =>
      (offers ??= Promise.all(
        list().map(async (lang) => {
          const texts = await loadCatalogue(lang);
          return { lang, offer: texts.pageInThisLanguage, dismiss: texts.dismiss };
        }),
      )),
    forget: () => {
      published = undefined;
      offers = undefined;
    },
  };
}
