import { bySlug } from './by-slug.js';

/** Hashed URLs of the category cover drawings (480 × 320). */
export const categoryImages = bySlug(
  import.meta.glob<string>('./categories/*.svg', { eager: true, import: 'default' }),
);

export const COVER_WIDTH = 480;
export const COVER_HEIGHT = 320;
