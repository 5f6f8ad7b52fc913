import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { Company } from '../../shared/content/schema.js';
import { COLOURS } from './colours.js';
import { nestedSvg } from './nested-svg.js';
import { svgToPng } from './rasterize.js';

const APPLE_TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZES = [192, 512] as const;
export const MANIFEST_PATH = '/site.webmanifest';
const ICON_SIZES = [APPLE_TOUCH_ICON_SIZE, ...MANIFEST_ICON_SIZES];

/** The <link> tags' targets: the favicon as served, with its real type. */
export interface IconLinks {
  favicon: { href: string; type: string };
  appleTouchIcon: string;
  manifest: string;
}

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

/** The Content-Type a static file of this name is served with (the favicon's <link> declares the same). */
function imageTypeOf(url: string): string {
  const type = IMAGE_TYPES[extname(new URL(url, 'http://x').pathname).toLowerCase()];
  if (!type) throw new Error(`no image type known for ${url}`);
  return type;
}

export type SiteIcons = ReturnType<typeof createSiteIcons>;

/**
 * PNG icons drawn from the logo (the apple-touch-icon on a full navy square, since iOS rounds the
 * corners itself and would show transparent ones black), at URLs named by a hash of the logo, drawn
 * on first request and kept in memory; and the web app manifest that lists them.
 */
export function createSiteIcons(options: { siteUrl: string; logo: string; faviconUrl: string }) {
  const { siteUrl, logo } = options;
  const hash = createHash('sha256').update(logo).digest('hex').slice(0, 12);
  const urlOf = (size: number) => `/icons/${hash}/icon-${size}.png`;
  const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${COLOURS.navy}"/>${nestedSvg(logo, { x: 0, y: 0, width: 40, height: 40 })}</svg>`;
  const pngs = new Map<number, Promise<Buffer>>();

  /** The web app manifest, named as the published content names the company. */
  const manifest = (company: Company) => JSON.stringify({
    name: company.name,
    short_name: company.shortName || company.name,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: COLOURS.navy,
    background_color: COLOURS.white,
    icons: MANIFEST_ICON_SIZES.map((size) => ({ src: urlOf(size), sizes: `${size}x${size}`, type: 'image/png' })),
  });

  return {
    links: {
      favicon: { href: options.faviconUrl, type: imageTypeOf(options.faviconUrl) },
      appleTouchIcon: urlOf(APPLE_TOUCH_ICON_SIZE),
      manifest: MANIFEST_PATH,
    } satisfies IconLinks,
    /** Absolute URL of the largest icon (the logo in structured data). */
    logoUrl: `${siteUrl}${urlOf(MANIFEST_ICON_SIZES.at(-1)!)}`,
    manifest,
    /** The PNG at `/icons/<hash>/<name>`, or undefined when there is none. */
    png(hashPart: string, name: string): Promise<Buffer> | undefined {
      const size = Number(/^icon-(\d+)\.png$/.exec(name)?.[1]);
      if (hashPart !== hash || !ICON_SIZES.includes(size)) return undefined;
      let png = pngs.get(size);
      if (!png) {
        png = svgToPng(size === APPLE_TOUCH_ICON_SIZE ? fullBleed : logo, size);
        png.catch(() => pngs.delete(size));
        pngs.set(size, png);
      }
      return png;
    },
  };
}
