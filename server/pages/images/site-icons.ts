import { createHash } from 'node:crypto';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { variantWidths, type Photo } from '../../../shared/content/photo.js';
import type { Company } from '../../../shared/content/schema.js';
import { COLOURS } from './colours.js';
import { nestedSvg } from './nested-svg.js';
import { svgToPng } from './rasterize.js';

const FAVICON_SIZE = 48;
const APPLE_TOUCH_ICON_SIZE = 180;
const MANIFEST_ICON_SIZES = [192, 512] as const;
export const MANIFEST_PATH = '/site.webmanifest';
const ICON_SIZES = [FAVICON_SIZE, APPLE_TOUCH_ICON_SIZE, ...MANIFEST_ICON_SIZES];

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

/** How to draw each icon from one logo: the site's SVG drawing, or an uploaded logo (its largest WebP variant, which keeps transparency). */
interface LogoIcons {
  hash: string;
  favicon: IconLinks['favicon'];
  draw(size: number): Promise<Buffer>;
}

function fromSvg(logo: string, faviconUrl: string): LogoIcons {
  // The apple-touch-icon on a full navy square: iOS rounds the corners itself and shows transparent ones black.
  const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${COLOURS.navy}"/>${nestedSvg(logo, { x: 0, y: 0, width: 40, height: 40 })}</svg>`;
  return {
    hash: createHash('sha256').update(logo).digest('hex').slice(0, 12),
    favicon: { href: faviconUrl, type: imageTypeOf(faviconUrl) },
    draw: (size) => svgToPng(size === APPLE_TOUCH_ICON_SIZE ? fullBleed : logo, size),
  };
}

/**
 * A photographed logo's icons in at most 256 colours (libimagequant, in sharp): under half the bytes
 * of full colour, with no difference a person sees at an icon's size. A phone fetches the 192 px icon
 * of the manifest while the page loads.
 */
const ICON_PNG = { palette: true, quality: 90, compressionLevel: 9 } as const;

function fromPhoto(logo: Photo, photosDir: string): LogoIcons {
  const hash = `p${logo.id.slice(0, 11)}`;
  const file = join(photosDir, logo.id, `${variantWidths(logo.width).at(-1)}.webp`);
  return {
    hash,
    favicon: { href: `/icons/${hash}/icon-${FAVICON_SIZE}.png`, type: 'image/png' },
    async draw(size) {
      // The whole logo, centred on a transparent square; the apple-touch-icon on white, with a margin.
      const inner = size === APPLE_TOUCH_ICON_SIZE ? Math.round(size * 0.84) : size;
      const fitted = await sharp(file)
        .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png()
        .toBuffer();
      if (size !== APPLE_TOUCH_ICON_SIZE) return sharp(fitted).png(ICON_PNG).toBuffer();
      return sharp({ create: { width: size, height: size, channels: 3, background: COLOURS.white } })
        .composite([{ input: fitted, gravity: 'centre' }])
        .png(ICON_PNG)
        .toBuffer();
    },
  };
}

/**
 * PNG icons drawn from the published logo (the uploaded one, else the site's drawing), at URLs
 * named by the logo, drawn on first request and kept in memory; and the web app manifest that
 * lists them. `update` follows the published content.
 */
export function createSiteIcons(options: { siteUrl: string; logo: string; faviconUrl: string; photosDir: string }) {
  const { siteUrl } = options;
  const drawing = fromSvg(options.logo, options.faviconUrl);
  let logo = drawing;
  let pngs = new Map<number, Promise<Buffer>>();
  const urlOf = (size: number) => `/icons/${logo.hash}/icon-${size}.png`;

  return {
    /** Draws the icons from this company's logo from now on. */
    update(company: Company): void {
      const next = company.logo ? fromPhoto(company.logo, options.photosDir) : drawing;
      if (next.hash === logo.hash) return;
      logo = next;
      pngs = new Map();
    },
    links(): IconLinks {
      return { favicon: logo.favicon, appleTouchIcon: urlOf(APPLE_TOUCH_ICON_SIZE), manifest: MANIFEST_PATH };
    },
    /** Absolute URL of the largest icon (the logo in structured data). */
    logoUrl(): string {
      return `${siteUrl}${urlOf(MANIFEST_ICON_SIZES.at(-1)!)}`;
    },
    /** The web app manifest, named as the published content names the company. */
    manifest(company: Company): string {
      return JSON.stringify({
        name: company.name,
        short_name: company.shortName || company.name,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: COLOURS.navy,
        background_color: COLOURS.white,
        icons: MANIFEST_ICON_SIZES.map((size) => ({ src: urlOf(size), sizes: `${size}x${size}`, type: 'image/png' })),
      });
    },
    /** The PNG at `/icons/<hash>/<name>`, or undefined when the published logo has none of that name. */
    png(hashPart: string, name: string): Promise<Buffer> | undefined {
      const size = Number(/^icon-(\d+)\.png$/.exec(name)?.[1]);
      if (hashPart !== logo.hash || !ICON_SIZES.includes(size)) return undefined;
      let png = pngs.get(size);
      if (!png) {
        png = logo.draw(size);
        png.catch(() => pngs.delete(size));
        pngs.set(size, png);
      }
      return png;
    },
  };
}
