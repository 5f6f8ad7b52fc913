/**
 * How dark the hero's overlay must be over a photo for its text to keep WCAG's contrast: the least
 * opacity of the navy overlay, in steps of 5 %, at which every text colour of a slide has 4.5 : 1
 * against the photo's brightest region darkened by it. 4.5 : 1, not 3 : 1, because the slide's
 * subtitle and description are normal-sized text (only the title is large).
 *
 * The server measures the photo's regions (photo-tone.ts) and the page gives the slide the overlay
 * class of the shade found (`.hero__shade--45`: 45 %). Browsers composite in sRGB, channel by
 * channel, and round to whole values: so does `overSRGB`, so the contrast computed here is the one on
 * the screen.
 */

/** An sRGB colour, each channel 0–255. */
export type Rgb = readonly [number, number, number];

/** The overlay's colour (site.css: .hero__backdrop::after), a darker navy than --navy-dark. */
export const OVERLAY_COLOUR: Rgb = [10, 25, 47];

/** The colours of a slide's text (site.css): the title (#fff), the description (#e8eef5), the subtitle (#ffd2a6). */
export const HERO_TEXT_COLOURS: readonly Rgb[] = [
  [255, 255, 255],
  [232, 238, 245],
  [255, 210, 166],
];

/** WCAG 2 AA for normal text. */
export const MIN_CONTRAST = 4.5;

/** Shades go up in steps of this many percent: a class each in site.css (.hero__shade--0 to --95). */
export const SHADE_STEP = 5;
export const MAX_SHADE = 95;

/** WCAG 2's relative luminance of an sRGB colour. */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `top` at `opacity` (0–1) over `under`, as the browser paints it. */
export function overSRGB(top: Rgb, opacity: number, under: Rgb): Rgb {
  return [0, 1, 2].map((i) => Math.round(top[i]! * opacity + under[i]! * (1 - opacity))) as unknown as Rgb;
}

/** The lowest contrast of the slide's text over `under` darkened by the overlay at `percent`. */
export function textContrast(under: Rgb, percent: number): number {
  const background = overSRGB(OVERLAY_COLOUR, percent / 100, under);
  return Math.min(...HERO_TEXT_COLOURS.map((text) => contrastRatio(text, background)));
}

/**
 * The least overlay, in percent (a multiple of SHADE_STEP), that gives the text MIN_CONTRAST over
 * every one of `regions` (the photo's colours, region by region): 0 for a dark photo, up to
 * MAX_SHADE for a white one.
 */
export function leastShade(regions: Iterable<Rgb>): number {
  let shade = 0;
  for (const region of regions) {
    while (shade < MAX_SHADE && textContrast(region, shade) < MIN_CONTRAST) shade += SHADE_STEP;
  }
  return shade;
}

/** Whether `value` is a shade the site has a class for. */
export function isShade(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_SHADE && value % SHADE_STEP === 0
  );
}
