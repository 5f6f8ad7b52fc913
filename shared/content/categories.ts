import { isCategorySlug, type CategorySlug } from './category-slugs.js';
import type { ProductContent } from './schema.js';

/**
 * The seven product categories (spec sections 3 and 9): their slugs (category-slugs.ts, which the
 * content's schema uses too), which make the routes, stay fixed; what the pages say about each is
 * content (content/schema.ts), edited in the admin.
 */
export { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from './category-slugs.js';

export type CategoryIcon = 'car' | 'ring' | 'jack' | 'pipe' | 'tractor' | 'valve' | 'gear';

/** What stays with a category's drawing: its icon and the drawing's text alternative. */
export interface CategoryArt {
  slug: CategorySlug;
  icon: CategoryIcon;
  imageAlt: string;
}

export const CATEGORY_ART: readonly CategoryArt[] = [
  { slug: 'auto-parts', icon: 'car', imageAlt: 'Drawing of a forged connecting rod and wheel hub' },
  { slug: 'flanges', icon: 'ring', imageAlt: 'Drawing of a forged weld-neck flange with bolt holes' },
  {
    slug: 'hydraulic-jack-parts',
    icon: 'jack',
    imageAlt: 'Drawing of a hydraulic bottle jack with its forged ram and base',
  },
  { slug: 'pipe-fittings', icon: 'pipe', imageAlt: 'Drawing of a forged 90 degree elbow pipe fitting' },
  {
    slug: 'agriculture-parts',
    icon: 'tractor',
    imageAlt: 'Drawing of a forged cultivator tine and tractor linkage pin',
  },
  { slug: 'industrial-valve', icon: 'valve', imageAlt: 'Drawing of a forged ball valve body with its handle' },
  { slug: 'transmission-parts', icon: 'gear', imageAlt: 'Drawing of a forged gear blank on a shaft' },
];

/** A category as its pages show it: the fixed parts and the edited content. */
export type Category = CategoryArt & ProductContent;

/** The categories in their fixed order, with the content's texts. */
export function categoriesOf(products: Record<CategorySlug, ProductContent>): Category[] {
  return CATEGORY_ART.map((art) => ({ ...art, ...products[art.slug] }));
}

/**
 * The contact form with this product chosen (Request a Quote, the Send Enquiry button on its page):
 * the page opens at the form itself, headed "Request a quote: <product>", not at the address above it.
 * Without a product (Send Enquiry elsewhere) it opens at the form too, headed "Send Us a Message".
 */
export function quoteHref(slug?: CategorySlug): string {
  return slug ? `/contact?product=${slug}#enquiry-form` : '/contact#enquiry-form';
}

/** The slug of the category whose page is at this path (/products/<slug>), if any. */
export function categoryAtPath(pathname: string): CategorySlug | undefined {
  const slug = /^\/products\/([a-z-]+)$/.exec(pathname)?.[1];
  return isCategorySlug(slug) ? slug : undefined;
}
