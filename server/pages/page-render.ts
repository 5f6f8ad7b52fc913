import { publicContentOn } from '../../shared/capability/certificates.js';
import { pageAddress } from '../../shared/i18n/page-address.js';
import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import { PAGE_DESCRIPTIONS } from '../../shared/i18n/page-descriptions.js';
import { findAnyRoute } from '../../shared/admin/routes.js';
import { documentTitle, pageMeta } from '../../shared/routes.js';
import type { PageData } from '../../shared/page-data.js';
import type { SiteContent } from '../../shared/content/schema.js';
import type { ServerConfig } from '../config/load-config.js';
import type { SiteContentService } from '../site-content/site-content.js';
import { withHeroShades } from '../site-content/hero-shades.js';
import type { LinkPreviews } from './images/link-previews.js';
import type { SiteIcons } from './images/site-icons.js';
import type { ClientBundle } from '../platform/bundles/client-bundle-types.js';
import { COUNTRY_SUGGESTIONS } from './country-suggestions.js';
import { languageHeadTags, renderDocument } from './document.js';
import type { PageLanguages } from './page-languages.js';
import { structuredData } from './structured-data.js';

/** What a page is rendered with: the built client, the content, the images, the photos' shades and the languages. */
export interface PageSources {
  bundle: ClientBundle;
  site: ServerConfig['site'];
  content: SiteContentService;
  images: { previews: LinkPreviews; icons: SiteIcons };
  photos: { shade(id: string): Promise<number | undefined> };
  languages: PageLanguages;
  /** Today in the site's time zone ("2026-11-25"): which certificates are valid. */
  today: () => string;
}

/** Renders one whole HTML document (see `render` below). */
export function pageRender({ bundle, site, content, images, photos, languages, today }: PageSources) {
  /**
   * The HTML page at `path` (decoded; a translated address is the page in its language; plus `search`, a
   * query string the page reads, e.g. ?product=flanges), from the published content in that language, or
   * from a draft's (`pageData.preview`: never indexed, never cached); each hero photo with the overlay
   * shade it needs (hero-shades.ts). Under an unpublished language's prefix there is only the 404, in English.
   */
  return async function render(
    path: string,
    pageData: PageData = {},
    search = '',
    source: SiteContent = content.current().content,
  ): Promise<string> {
    const { error, notFound, preview } = pageData;
    const { lang: asked, englishPath } = pageAddress(path);
    const lang = languages.isPublished(asked) ? asked : 'en';
    const found = findAnyRoute(englishPath);
    const route = error || notFound ? undefined : found;
    const admin = found?.page === 'admin';
    // The public pages (and their previews) show the certificates valid today; the admin's screens (the editor) all of them.
    const shown = admin ? source : publicContentOn(languages.content(source, lang), today());
    const published = await withHeroShades(shown, (id) => photos.shade(id));
    const texts = { texts: await loadCatalogue(lang), descriptions: PAGE_DESCRIPTIONS[lang] };
    const meta = error ? { title: error.title, description: error.message } : pageMeta(route, published, texts);
    const offers = admin ? [] : await languages.offers();
    const bootstrap = { content: published, pageData, lang, languages: offers };
    const [appHtml, headTags] = await Promise.all([
      bundle.render(englishPath + search, bootstrap),
      bundle.headTags(englishPath, lang),
    ]);
    // The admin's tab says how many enquiries are unread: "(3) Admin …".
    const unread = pageData.admin?.signedIn && pageData.admin.screen === 'enquiries' ? pageData.admin.unread : 0;
    const listed = route?.listed === true && !preview;
    return renderDocument({
      lang,
      title: `${unread > 0 ? `(${unread}) ` : ''}${documentTitle(meta.title, published.company.name, englishPath)}`,
      description: meta.description,
      canonicalUrl: route && !preview ? languages.absoluteUrl(lang, englishPath) : undefined,
      alternates: listed ? languages.alternates(englishPath) : [],
      noindex: preview !== undefined || found?.listed !== true,
      siteName: published.company.name,
      icons: images.icons.links(),
      previewImage: listed ? images.previews.imageFor(englishPath) : undefined,
      structuredData: listed
        ? structuredData(published, site.siteUrl, englishPath, images.icons.logoUrl(), { lang, ...texts })
        : undefined,
      headTags: headTags + languageHeadTags(lang, bundle.arabicFont),
      appHtml,
      afterApp: route?.page === 'contact' ? COUNTRY_SUGGESTIONS : '',
      bootstrap,
    });
  };
}
