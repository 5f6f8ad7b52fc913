import type { CategorySlug } from '../../shared/content/categories.js';
import agricultureParts from './categories/agriculture-parts.svg';
import autoParts from './categories/auto-parts.svg';
import flanges from './categories/flanges.svg';
import hydraulicJackParts from './categories/hydraulic-jack-parts.svg';
import industrialValve from './categories/industrial-valve.svg';
import pipeFittings from './categories/pipe-fittings.svg';
import transmissionParts from './categories/transmission-parts.svg';

/** Hashed URLs of the category cover drawings (480 × 320). */
export const categoryImages: Record<CategorySlug, string> = {
  'auto-parts': autoParts,
  flanges,
  'hydraulic-jack-parts': hydraulicJackParts,
  'pipe-fittings': pipeFittings,
  'agriculture-parts': agricultureParts,
  'industrial-valve': industrialValve,
  'transmission-parts': transmissionParts,
};

export const COVER_WIDTH = 480;
export const COVER_HEIGHT = 320;
