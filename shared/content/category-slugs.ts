/**
 * The seven product categories' slugs (spec sections 3 and 9): they make the routes and stay fixed.
 * Nothing here depends on the content, so its schema can name a product per slug.
 */
export const CATEGORY_SLUGS = [
  'auto-parts',
  'flanges',
  'hydraulic-jack-parts',
  'pipe-fittings',
  'agriculture-parts',
  'industrial-valve',
  'transmission-parts',
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export function isCategorySlug(value: string | null | undefined): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly (string | null | undefined)[]).includes(value);
}
