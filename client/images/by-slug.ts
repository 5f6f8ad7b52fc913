import { CATEGORY_SLUGS, type CategorySlug } from '../../shared/content/categories.js';

/**
 * Each category's drawing, from what a glob of ./categories/*.svg found (its URL, or its text with
 * ?raw): one file per category, named by its slug. A category without a drawing stops the page
 * from rendering at all, as a missing import would stop the build.
 */
export function bySlug(files: Record<string, string>): Record<CategorySlug, string> {
  return Object.fromEntries(
    CATEGORY_SLUGS.map((slug) => {
      const file = files[`./categories/${slug}.svg`];
      if (file === undefined) throw new Error(`client/images/categories/ has no drawing for the category ${slug}`);
      return [slug, file];
    }),
  ) as Record<CategorySlug, string>;
}
