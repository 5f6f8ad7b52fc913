import { CATEGORY_SLUGS, type CategorySlug } from './content/categories.js';
import type { SiteContent } from './content/schema.js';
import type { SiteTexts } from './i18n/catalogue.js';
import type { PageDescriptions } from './i18n/page-descriptions.js';

/** Title and description of a page: the server writes them into <head>, the client into document.title. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The texts a page's title and description are written from, in the page's language. */
export interface MetaTexts {
  texts: SiteTexts;
  descriptions: PageDescriptions;
}

/**
 * How the server answers a page: `public` is the same for everyone (rendered once per content
 * revision, with an ETag; browsers revalidate it on each load); `form` carries a per-request form
 * token (never stored); `private` is made for one request (the admin's screens).
 */
type CachePolicy = 'public' | 'form' | 'private';

/** Which page component renders a route (client/app/App.tsx maps each to its component). */
export type PageName =
  'home' | 'about' | 'infrastructure' | 'products' | 'category' | 'contact' | 'thank-you' | 'quotation' | 'admin';

export interface SiteRoute {
  path: string;
  page: PageName;
  cache: CachePolicy;
  /** In the sitemap, with link previews and structured data. */
  listed: boolean;
  /** The category a category page shows. */
  slug?: CategorySlug;
  /** The page's title in the language of `texts` (the browser has the catalogue only). */
  title: (content: SiteContent, texts: SiteTexts) => string;
  description: (content: SiteContent, descriptions: PageDescriptions) => string;
}

// In a file of their own: the content's shape names them, and this file imports the content's type.
export { SLIDE_TARGETS } from './slide-targets.js';

/** The capability statement: a PDF made on the server from the capability records, linked on the Infrastructure page. */
export const CAPABILITY_STATEMENT_PATH = '/capability-statement.pdf';

/** The page of the plant, its capacity and its quality: proof of capability (menu, footer, sitemap). */
export const INFRASTRUCTURE_PATH = '/infrastructure';

/** Where the enquiry form lands after a successful submission without JavaScript. */
export const THANK_YOU_PATH = '/contact/thank-you';
/** The query parameter of the thank-you page that carries the enquiry's reference number. */
export const REFERENCE_PARAM = 'ref';
/** The thank-you page, with the enquiry's reference number when one was stored. */
export const thankYouPath = (reference?: number) =>
  reference === undefined ? THANK_YOU_PATH : `${THANK_YOU_PATH}?${REFERENCE_PARAM}=${reference}`;

/**
 * Every route of the public site, in the order of the sitemap: the one table the React routes, the
 * server's page routes, the sitemap, link previews and structured data are made from. Paths and
 * slugs are fixed (spec sections 2, 3 and 9); titles of category pages come from the content. The
 * admin's screens have their own (shared/admin/routes.ts), so a public page's script does not carry them.
 */
export const ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    page: 'home',
    cache: 'public',
    listed: true,
    title: (_content, texts) => texts.homeTitle,
    description: (_content, descriptions) => descriptions.home,
  },
  {
    path: '/about',
    page: 'about',
    cache: 'public',
    listed: true,
    title: (_content, texts) => texts.nav.about,
    description: (content) => content.about.intro,
  },
  {
    path: INFRASTRUCTURE_PATH,
    page: 'infrastructure',
    cache: 'public',
    listed: true,
    title: (_content, texts) => texts.footer.infrastructure,
    description: (_content, descriptions) => descriptions.infrastructure,
  },
  {
    path: '/products',
    page: 'products',
    cache: 'public',
    listed: true,
    title: (_content, texts) => texts.nav.products,
    description: (content, descriptions) =>
      descriptions.products(CATEGORY_SLUGS.map((slug) => content.products[slug].name)),
  },
  ...CATEGORY_SLUGS.map((slug): SiteRoute => ({
    path: `/products/${slug}`,
    page: 'category',
    cache: 'public',
    listed: true,
    slug,
    title: (content) => content.products[slug].name,
    description: (content) => content.products[slug].description,
  })),
  {
    path: '/contact',
    page: 'contact',
    cache: 'form',
    listed: true,
    title: (_content, texts) => texts.nav.contact,
    description: (content) => content.contact.intro,
  },
  {
    path: THANK_YOU_PATH,
    page: 'thank-you',
    cache: 'public',
    listed: false,
    title: (_content, texts) => texts.thankYou.title,
    description: (_content, descriptions) => descriptions.thankYou,
  },
  {
    // A sent quotation's page for its buyer (server/quotations/quotation-answer-routes.ts answers it).
    path: '/quotation/*',
    page: 'quotation',
    cache: 'private',
    listed: false,
    // The page's own title names the number; the document's, before it is known, only the word.
    title: (_content, texts) => texts.quotationTitle,
    description: (_content, descriptions) => descriptions.quotation,
  },
];

export const publicRoutes: readonly SiteRoute[] = ROUTES.filter((route) => route.listed);

/** A route's title and description in the language of `texts`; the not-found page's for no route. */
export function pageMeta(route: SiteRoute | undefined, content: SiteContent, meta: MetaTexts): PageMeta {
  return route
    ? { title: route.title(content, meta.texts), description: route.description(content, meta.descriptions) }
    : { title: meta.texts.notFound.title, description: meta.descriptions.notFound };
}

/** A lookup of the route at a path in a table (a trailing /* in the table matches anything under it). */
export function routeFinder(routes: readonly SiteRoute[]): (path: string) => SiteRoute | undefined {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const underPaths = routes.filter((route) => route.path.endsWith('/*'));
  return (path) => byPath.get(path) ?? underPaths.find((route) => path.startsWith(route.path.slice(0, -1)));
}

/** The public site's route at a path. */
export const findRoute = routeFinder(ROUTES);

export function documentTitle(title: string, companyName: string, path: string): string {
  return path === '/' ? `${companyName} | ${title}` : `${title} | ${companyName}`;
}
