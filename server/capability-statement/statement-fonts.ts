import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openSync } from 'fontkit';
import { NOTO_SANS } from '../pages/images/rasterize.js';

const fontsource = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-arabic/LICENSE')),
  'files',
);

/**
 * The statement's fonts: Noto Sans (Latin, Greek, Cyrillic, Devanagari), and for an Arabic statement
 * Noto Sans Arabic's Arabic subset (from @fontsource/noto-sans-arabic, the Arabic pages' own font),
 * embedded as subsets. Its WOFF files, not the WOFF2 the pages take: fontkit's subsetter fails on
 * WOFF2's transformed glyph table ("Offset is outside the bounds of the DataView").
 */
export const STATEMENT_FONTS = {
  regular: NOTO_SANS.regular,
  bold: NOTO_SANS.bold,
  'arabic-regular': join(fontsource, 'noto-sans-arabic-arabic-400-normal.woff'),
  'arabic-bold': join(fontsource, 'noto-sans-arabic-arabic-700-normal.woff'),
};

const latin = openSync(NOTO_SANS.regular);
const arabic = openSync(STATEMENT_FONTS['arabic-regular']);

export const latinGlyph = (character: string): boolean => latin.hasGlyphForCodePoint(character.codePointAt(0)!);
export const arabicGlyph = (character: string): boolean => arabic.hasGlyphForCodePoint(character.codePointAt(0)!);
