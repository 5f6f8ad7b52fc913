import type { CategorySlug } from './content/categories.js';

/** The SVG source of the logo and of each category's drawing, for the images the server draws
 * (link previews, icons). client/entry-server.tsx exports them; the browser's bundle never has them. */
export interface DrawingSources {
  logo: string;
  categories: Record<CategorySlug, string>;
}
