import { CATEGORY_SLUGS, type CategorySlug } from './content/categories.js';
import type { SiteContent } from './content/schema.js';
import { SCREEN_REGISTRY } from './admin/screens.js';

/** Title and description of a page: the server writes them into <head>, the client into document.title. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * How the server answers a page: `public` is the same for everyone (rendered once per content
 * revision, with an ETag; browsers revalidate it on each load); `form` carries a per-request form
 * token (never stored); `private` is made for one request (the admin's screens).
 */
type CachePolicy = 'public' | 'form' | 'private';

/** Which page component renders a route (client/app/App.tsx maps each to its component). */
export type PageName =
  'home' | 'about' | 'infrastructure' | 'products' | 'category' | 'contact' | 'thank-you' | 'admin';

export interface SiteRoute {
  path: string;
  page: PageName;
  cache: CachePolicy;
  /** In the sitemap, with link previews and structured data. */
  listed: boolean;
  /** The category a category page shows. */
  slug?: CategorySlug;
  meta: (content: SiteContent) => PageMeta;
}

// In a file of their own: the content's shape names them, and this file imports the content's type.
export { SLIDE_TARGETS } from './slide-targets.js';

/** The capability statement: a PDF made on the server from the capability records, linked on the Infrastructure page. */
export const CAPABILITY_STATEMENT_PATH = '/capability-statement.pdf';

/** The page of the plant, its capacity and its quality: proof of capability (menu, footer, sitemap). */
export const INFRASTRUCTURE_PATH = '/infrastructure';
export const INFRASTRUCTURE_TITLE = 'Infrastructure and Quality';

/** Where the enquiry form lands after a successful submission without JavaScript. */
export const THANK_YOU_PATH = '/contact/thank-you';
/** The query parameter of the thank-you page that carries the enquiry's reference number. */
export const REFERENCE_PARAM = 'ref';
/** The thank-you page, with the enquiry's reference number when one was stored. */
export const thankYouPath = (reference?: number) =>
  reference === undefined ? THANK_YOU_PATH : `${THANK_YOU_PATH}?${REFERENCE_PARAM}=${reference}`;

const fixed = (title: string, description: string) => () => ({ title, description });

/** The addresses of the admin's screens (shared/admin/screens.ts), each made for one request. */
function adminRoutes(): SiteRoute[] {
  return Object.values(SCREEN_REGISTRY).flatMap(({ paths, title, description }) =>
    paths.map((path): SiteRoute => ({
      path,
      page: 'admin',
      cache: 'private',
      listed: false,
      meta: fixed(title, description),
    })),
  );
}

/**
 * Every route of the site, in the order of the sitemap: the one table the React routes, the
 * server's page routes, the sitemap, link previews and structured data are made from. Paths and
 * slugs are fixed (spec sections 2, 3 and 9); titles of category pages come from the content.
 */
export const ROUTES: readonly SiteRoute[] = [
  {
    path: '/',
    page: 'home',
    cache: 'public',
    listed: true,
    meta: fixed(
      'Closed-Die Forging and Precision Machining',
      'Indian manufacturer and exporter of closed-die and upset forgings and precision-machined parts in carbon, alloy and stainless steel. ISO 9001:2015 certified.',
    ),
  },
  {
    path: '/about',
    page: 'about',
    cache: 'public',
    listed: true,
    meta: (content) => ({ title: 'About Us', description: content.about.intro }),
  },
  {
    path: INFRASTRUCTURE_PATH,
    page: 'infrastructure',
    cache: 'public',
    listed: true,
    meta: fixed(
      INFRASTRUCTURE_TITLE,
      'Our forging plant and machines, its capacity, our certificates, the materials and standards we work to, and the countries we export to.',
    ),
  },
  {
    path: '/products',
    page: 'products',
    cache: 'public',
    listed: true,
    meta: (content) => ({
      title: 'Products',
      description: `Forged ${CATEGORY_SLUGS.map((slug) => content.products[slug].name).join(', ')}.`,
    }),
  },
  ...CATEGORY_SLUGS.map((slug): SiteRoute => ({
    path: `/products/${slug}`,
    page: 'category',
    cache: 'public',
    listed: true,
    slug,
    meta: (content) => ({ title: content.products[slug].name, description: content.products[slug].description }),
  })),
  {
    path: '/contact',
    page: 'contact',
    cache: 'form',
    listed: true,
    meta: (content) => ({ title: 'Contact Us', description: content.contact.intro }),
  },
  {
    path: THANK_YOU_PATH,
    page: 'thank-you',
    cache: 'public',
    listed: false,
    meta: fixed('Thank You', 'Your enquiry has been received.'),
  },
  ...adminRoutes(),
];

export const publicRoutes: readonly SiteRoute[] = ROUTES.filter((route) => route.listed);

export const notFoundMeta: PageMeta = {
  title: 'Page Not Found',
  description: 'The page you asked for does not exist.',
};

const byPath = new Map(ROUTES.map((route) => [route.path, route]));
const underPaths = ROUTES.filter((route) => route.path.endsWith('/*'));

/** The route at a path (a trailing /* in the table matches anything under it). */
export function findRoute(path: string): SiteRoute | undefined {
  return byPath.get(path) ?? underPaths.find((route) => path.startsWith(route.path.slice(0, -1)));
}

export function documentTitle(meta: PageMeta, companyName: string, path: string): string {
  return path === '/' ? `${companyName} | ${meta.title}` : `${meta.title} | ${companyName}`;
}
