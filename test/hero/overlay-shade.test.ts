/**
 * The hero overlay's formula, with numbers worked by hand from WCAG 2's definitions (and checked
 * against WebAIM's contrast checker): the least overlay that gives every text colour 4.5 : 1.
 */
import t, { type Test } from 'tap';
import {
  contrastRatio,
  HERO_TEXT_COLOURS,
  isShade,
  leastShade,
  MIN_CONTRAST,
  OVERLAY_COLOUR,
  overSRGB,
  relativeLuminance,
  textContrast,
} from '../../shared/hero/overlay-shade.js';

const close = (t: Test, actual: number, expected: number, message: string) =>
  t.ok(Math.abs(actual - expected) < 0.005, `${message}: ${actual.toFixed(3)} ≈ ${expected}`);

t.test('WCAG luminance and contrast', async (t) => {
  t.equal(relativeLuminance([255, 255, 255]), 1);
  t.equal(relativeLuminance([0, 0, 0]), 0);
  close(t, relativeLuminance([119, 119, 119]), 0.184, '#777');
  close(t, contrastRatio([255, 255, 255], [0, 0, 0]), 21, 'white on black');
  close(t, contrastRatio([119, 119, 119], [255, 255, 255]), 4.48, '#777 on white (WebAIM: 4.48)');
  close(t, contrastRatio([255, 255, 255], [118, 118, 118]), 4.54, 'white on #767676 (WebAIM: 4.54)');
  t.equal(contrastRatio([0, 0, 0], [255, 255, 255]), contrastRatio([255, 255, 255], [0, 0, 0]), 'either order');
});

t.test('the overlay over a colour, as the browser composites it', async (t) => {
  t.same(overSRGB(OVERLAY_COLOUR, 0, [200, 100, 50]), [200, 100, 50], 'none: the photo');
  t.same(overSRGB(OVERLAY_COLOUR, 1, [200, 100, 50]), [10, 25, 47], 'all: the overlay');
  t.same(overSRGB(OVERLAY_COLOUR, 0.7, [255, 255, 255]), [84, 94, 109], '70 % over white');
});

t.test('the least shade: white sky, grey, a dark photo', async (t) => {
  // White under 70 % navy is (84, 94, 109): luminance 0.1099; the subtitle #ffd2a6 (0.7010) has
  // (0.7010 + 0.05) / (0.1099 + 0.05) = 4.70 : 1 against it. At 65 %, (96, 106, 119): 3.93 : 1.
  t.equal(leastShade([[255, 255, 255]]), 70, 'white sky: 70 %');
  close(t, textContrast([255, 255, 255], 70), 4.697, 'the text at 70 % over white');
  t.ok(textContrast([255, 255, 255], 65) < MIN_CONTRAST, '65 % is not enough over white');
  t.equal(leastShade([[128, 128, 128]]), 35, 'mid grey: 35 %');
  t.ok(textContrast([128, 128, 128], 30) < MIN_CONTRAST, '30 % is not enough over mid grey');
  t.equal(leastShade([[40, 48, 56]]), 0, 'a dark photo needs none');
  close(t, textContrast([40, 48, 56], 0), 9.567, 'the subtitle over (40, 48, 56)');
  t.equal(
    leastShade([
      [40, 48, 56],
      [255, 255, 255],
      [128, 128, 128],
    ]),
    70,
    'the brightest region decides',
  );
  t.equal(leastShade([]), 0, 'no regions');
});

t.test('the subtitle is the text colour that decides', async (t) => {
  const over = overSRGB(OVERLAY_COLOUR, 0.7, [255, 255, 255]);
  const each = HERO_TEXT_COLOURS.map((text) => contrastRatio(text, over));
  t.equal(Math.min(...each), each[2], 'the subtitle #ffd2a6 has the least contrast');
  t.equal(textContrast([255, 255, 255], 70), each[2]);
});

t.test('shades the site has a class for', async (t) => {
  t.ok(isShade(0) && isShade(70) && isShade(95));
  t.notOk(isShade(72) || isShade(100) || isShade(-5) || isShade('70') || isShade(undefined));
});
