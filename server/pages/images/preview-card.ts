import { escapeHtml } from '../escape-html.js';
import { COLOURS } from './colours.js';
import { nestedSvg } from './nested-svg.js';
import { FONT_FAMILY } from './rasterize.js';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** An image on the card: one of the site's SVG drawings, or a raster image (a data: URL of a photo or an uploaded logo). */
export type CardImage = { svg: string } | { href: string };

interface PreviewCard {
  title: string;
  companyName: string;
  /** The site's host name, shown at the foot of the card. */
  host: string;
  logo: CardImage;
  /** The page's photo or drawing (a category's); without one, the logo stands there. */
  picture?: CardImage;
}

/** The image in the box: a drawing scaled to fit; a photo cropped to fill it (a logo fitted whole). */
function place(
  image: CardImage,
  box: { x: number; y: number; width: number; height: number },
  fit: 'fill' | 'whole',
  clip?: string,
): string {
  if ('svg' in image) return nestedSvg(image.svg, box);
  const ratio = fit === 'fill' ? 'xMidYMid slice' : 'xMidYMid meet';
  return `<image x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="${ratio}" href="${escapeHtml(image.href)}"${clip ? ` clip-path="url(#${clip})"` : ''}/>`;
}

const MARGIN = 64;
const TITLE_TOP = 250;
const TITLE_WIDTH = 540;
const TITLE_SIZES = [64, 56, 48, 42];
const MAX_TITLE_LINES = 3;
const PANEL = { x: 650, y: 150, width: 486, height: 324 };

/**
 * The 1200 × 630 link-preview image of a page as SVG: the company's logo and name at the top, the
 * page title large on the left, the page's photo or drawing on a light panel on the right, the site's host
 * at the foot; navy with the orange accent, as the site.
 */
export function previewCardSvg(card: PreviewCard): string {
  const { size, lines } = fitTitle(card.title);
  const lineHeight = Math.round(size * 1.18);
  const titleText = lines
    .map((line, index) => `<tspan x="${MARGIN}" y="${TITLE_TOP + index * lineHeight}">${escapeHtml(line)}</tspan>`)
    .join('');
  const company = truncate(card.companyName, 30, CARD_WIDTH - 2 * MARGIN - 96);
  const logoInPanel = {
    x: PANEL.x + (PANEL.width - 220) / 2,
    y: PANEL.y + (PANEL.height - 220) / 2,
    width: 220,
    height: 220,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT_FAMILY}">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.navy}"/>
<rect y="${CARD_HEIGHT - 12}" width="${CARD_WIDTH}" height="12" fill="${COLOURS.accent}"/>
<rect x="${MARGIN - 3}" y="49" width="78" height="78" rx="16" fill="${COLOURS.light}"/>
${place(card.logo, { x: MARGIN, y: 52, width: 72, height: 72 }, 'whole')}
<text x="${MARGIN + 96}" y="100" font-size="30" font-weight="700" fill="${COLOURS.white}">${escapeHtml(company)}</text>
<rect x="${MARGIN}" y="${TITLE_TOP - size - 40}" width="88" height="8" rx="4" fill="${COLOURS.accent}"/>
<text font-size="${size}" font-weight="700" fill="${COLOURS.white}">${titleText}</text>
<text x="${MARGIN}" y="${CARD_HEIGHT - 56}" font-size="26" fill="${COLOURS.muted}">${escapeHtml(truncate(card.host, 26, TITLE_WIDTH))}</text>
<rect x="${PANEL.x - 8}" y="${PANEL.y - 8}" width="${PANEL.width + 16}" height="${PANEL.height + 16}" rx="16" fill="${COLOURS.light}"/>
<clipPath id="panel"><rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="10"/></clipPath>
${card.picture ? place(card.picture, PANEL, 'fill', 'panel') : place(card.logo, logoInPanel, 'whole')}
</svg>
`;
}

/** The largest title size at which the title wraps into at most three lines; the last line is cut short if even the smallest does not. */
function fitTitle(title: string): { size: number; lines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrap(title, size, TITLE_WIDTH);
    if (lines.length <= MAX_TITLE_LINES) return { size, lines };
  }
  const size = TITLE_SIZES.at(-1)!;
  const lines = wrap(title, size, TITLE_WIDTH).slice(0, MAX_TITLE_LINES);
  lines[MAX_TITLE_LINES - 1] = truncate(`${lines[MAX_TITLE_LINES - 1]} …`, size, TITLE_WIDTH);
  return { size, lines };
}

/** Greedy word wrap by the estimated width; a word wider than the line is cut. */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} ${word}`, size) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(truncate(word, size, width));
  }
  return lines;
}

/** The text, cut with an ellipsis where it would be wider than `width`. */
function truncate(text: string, size: number, width: number): string {
  if (textWidth(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 0 && textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Width of a line in Noto Sans Bold, estimated from the character classes (in ems, rounded up
 * a little), so a line never runs into the drawing.
 */
function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) {
    if (char === ' ') ems += 0.27;
    else if (/[ijlI.,:;'!|]/.test(char)) ems += 0.3;
    else if (/[ftr\-()]/.test(char)) ems += 0.42;
    else if (/[mwMW@]/.test(char)) ems += 0.95;
    else if (/[A-Z&%]/.test(char)) ems += 0.72;
    else ems += 0.62;
  }
  return ems * size;
}
