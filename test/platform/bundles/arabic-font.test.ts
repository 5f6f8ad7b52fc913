/**
 * The Arabic pages' font as built (vite.config.ts cuts it to the basic Arabic block): much smaller than
 * the @fontsource file, with a glyph for every Arabic letter the site's own texts use, and shaping each of
 * their words as the whole font does (joined forms, ligatures, marks).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openSync, type Font } from 'fontkit';
import t from 'tap';
import { clientBuildDir, projectRoot } from '../../../server/platform/paths.js';

/** The files whose Arabic the pages show: the interface's texts and the site's default content. */
const ARABIC_SOURCES = [
  'shared/i18n/catalogues/ar.ts',
  'shared/i18n/catalogues/forms/ar.ts',
  'shared/i18n/paths.ts',
  'shared/i18n/page-descriptions.ts',
  'server/site-content/languages/defaults/ar.ts',
];
const ARABIC_WORD = /[\u0600-\u06ff\u0750-\u077f\u0870-\u08ff\ufb50-\ufdff\ufe70-\ufeff]+/g;
const words = [
  ...new Set(ARABIC_SOURCES.flatMap((file) => readFileSync(join(projectRoot, file), 'utf8').match(ARABIC_WORD) ?? [])),
];
const fontsource = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-arabic/LICENSE')),
  'files',
);
const assets = join(clientBuildDir, 'assets');

/** How a font sets a word: its glyphs' advances and offsets (glyph numbers differ between the two files). */
const shaped = (font: Font, word: string) => {
  const { glyphs, positions } = font.layout(word);
  return { glyphs: glyphs.length, positions: positions.map(({ xAdvance, xOffset }) => [xAdvance, xOffset]) };
};

t.ok(words.length > 200, `the site's Arabic texts have many words (${words.length})`);

for (const weight of [400, 700]) {
  t.test(`the Arabic letters at weight ${weight}`, async (t) => {
    const name = `noto-sans-arabic-arabic-${weight}-normal`;
    const built = readdirSync(assets).find((file) => file.startsWith(`${name}-`) && file.endsWith('.woff2'));
    if (!built) return t.fail(`no ${name} in ${assets}`);
    const whole = join(fontsource, `${name}.woff2`);
    const size = statSync(join(assets, built)).size;
    t.ok(size < statSync(whole).size / 2, `cut to less than half the @fontsource file (${size} bytes)`);

    const [cut, original] = [openSync(join(assets, built)), openSync(whole)];
    const missing = [...new Set(words.join(''))].filter((letter) => !cut.hasGlyphForCodePoint(letter.codePointAt(0)!));
    t.same(missing, [], 'a glyph for every letter the texts use');
    const different = words.filter(
      (word) => JSON.stringify(shaped(cut, word)) !== JSON.stringify(shaped(original, word)),
    );
    t.same(different, [], 'every word shaped as the whole font shapes it');
  });
}
