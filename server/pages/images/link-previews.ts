import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORY_ART } from '../../../shared/content/categories.js';
import { nameInSentence } from '../../../shared/content/company.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import { publicRoutes, type SiteRoute } from '../../../shared/routes.js';
import { asStorageFailure } from '../../platform/storage/storage-error.js';
import type { DrawingSources } from '../../../shared/drawing-sources.js';
import { variantWidths, type Photo } from '../../../shared/content/photo.js';
import sharp from 'sharp';
import { en } from '../../../shared/i18n/catalogues/en.js';
import { COLOURS } from './colours.js';
import { CARD_HEIGHT, CARD_WIDTH, previewCardSvg, type CardImage } from './preview-card.js';
import { svgToJpeg } from './rasterize.js';

/** What a page's <head> says about its link-preview image. */
export interface PreviewImage {
  /** Absolute URL, as Open Graph requires. */
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** Changes every image's name when the drawing code changes in a way the SVG text does not show. */
const RENDER_VERSION = 'card-2 jpeg-85';
/** Photos stand in the card's SVG as `media:<id>/<file>` until it is drawn (the hash names the card by them). */
const MEDIA_HREF = /media:([0-9a-f]{20}\/\d+\.(?:jpg|webp))/g;
const NAME = /^([0-9a-f]{20})\.jpg$/;

interface Card {
  svg: string;
  alt: string;
}

export type LinkPreviews = ReturnType<typeof createLinkPreviews>;

/**
 * The link-preview image of every public page (1200 × 630 JPEG): named by a hash of what it shows,
 * drawn on the first request for it, then kept in memory and under DATA_DIR/media/og/. `update`
 * makes the cards of newly published content; images no page shows any more are removed.
 */
export function createLinkPreviews(options: {
  siteUrl: string;
  drawings: DrawingSources;
  dataDir: string;
  photosDir: string;
  log: FastifyBaseLogger;
}) {
  const { siteUrl, drawings, log } = options;
  let cards = new Map<string, Card>(); // by hash
  let hashByPath = new Map<string, string>();
  const images = new Map<string, Promise<Buffer>>();
  const dir = join(options.dataDir, 'media', 'og');

  async function readOrDraw(hash: string, card: Card): Promise<Buffer> {
    const file = join(dir, `${hash}.jpg`);
    try {
      return await readFile(file);
    } catch {
      // Not drawn yet (or unreadable): draw it.
    }
    const jpeg = await svgToJpeg(await withPhotos(card.svg), CARD_WIDTH, COLOURS.navy);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, jpeg);
      await rename(temporary, file);
    } catch (error) {
      rmSync(temporary, { force: true });
      log.warn({ err: error, file }, 'link-preview image not cached on disk; it is kept in memory');
    }
    return jpeg;
  }

  /** The card's SVG with each photo in it as a data: URL (resvg reads PNG and JPEG). */
  async function withPhotos(svg: string): Promise<string> {
    const files = [...new Set(Array.from(svg.matchAll(MEDIA_HREF), (match) => match[1]!))];
    const urls = new Map<string, string>();
    for (const file of files) {
      const bytes = await readFile(join(options.photosDir, file));
      urls.set(
        file,
        file.endsWith('.jpg')
          ? `data:image/jpeg;base64,${bytes.toString('base64')}`
          : `data:image/png;base64,${(await sharp(bytes).png().toBuffer()).toString('base64')}`,
      );
    }
    return svg.replace(MEDIA_HREF, (_match, file: string) => urls.get(file)!);
  }

  return {
    /** Makes the cards of this content; the images of cards it no longer has are forgotten and removed. */
    update(content: SiteContent): void {
      cards = new Map();
      hashByPath = new Map();
      for (const route of publicRoutes) {
        const card = cardFor(route, content, siteUrl, drawings);
        const hash = createHash('sha256').update(`${RENDER_VERSION}\n${card.svg}`).digest('hex').slice(0, 20);
        cards.set(hash, card);
        hashByPath.set(route.path, hash);
      }
      for (const hash of images.keys()) if (!cards.has(hash)) images.delete(hash);
      try {
        mkdirSync(dir, { recursive: true }); // deleting the folder loses nothing
        for (const file of readdirSync(dir)) {
          if (!cards.has(NAME.exec(file)?.[1] ?? '')) rmSync(join(dir, file), { force: true });
        }
      } catch (error) {
        // A full disk at start: the images are drawn and kept in memory, the folder made at the next publish.
        if (!asStorageFailure(error)) throw error;
        log.warn({ err: error, dir }, 'link-preview folder not ready; images are kept in memory');
      }
    },
    /** The page's preview image, for its <head>; none for pages that are not public. */
    imageFor(path: string): PreviewImage | undefined {
      const hash = hashByPath.get(path);
      if (!hash) return undefined;
      return { url: `${siteUrl}/og/${hash}.jpg`, width: CARD_WIDTH, height: CARD_HEIGHT, alt: cards.get(hash)!.alt };
    },
    /** The JPEG named `file` (as in the page's og:image), or undefined when no page has that image. */
    jpeg(file: string): Promise<Buffer> | undefined {
      const hash = NAME.exec(file)?.[1];
      const card = hash && cards.get(hash);
      if (!hash || !card) return undefined;
      let image = images.get(hash);
      if (!image) {
        image = readOrDraw(hash, card);
        image.catch(() => images.delete(hash));
        images.set(hash, image);
      }
      return image;
    },
  };
}

/** The variant of a photo the card uses: JPEG for a photo (about the panel's size), WebP for a logo (it may be transparent). */
function mediaImage(photo: Photo, kind: 'photo' | 'logo'): CardImage {
  const widths = variantWidths(photo.width);
  const width = widths.find((candidate) => candidate >= 480) ?? widths.at(-1)!;
  return { href: `media:${photo.id}/${width}.${kind === 'photo' ? 'jpg' : 'webp'}` };
}

/**
 * The photo a page's card shows: a category's cover, the home page's first slide, the Infrastructure
 * page's first photographed machine; else its drawing, if any.
 */
function pictureOf(
  route: SiteRoute,
  content: SiteContent,
  drawings: DrawingSources,
): { image: CardImage; alt: string } | undefined {
  const slide = route.path === '/' ? content.home.slides[0].photo : null;
  if (slide) return { image: mediaImage(slide, 'photo'), alt: slide.alt };
  const machine =
    route.page === 'infrastructure' ? content.capability.machines.find((each) => each.photo)?.photo : null;
  if (machine) return { image: mediaImage(machine, 'photo'), alt: machine.alt };
  const art = CATEGORY_ART.find((candidate) => candidate.slug === route.slug);
  if (!art) return undefined;
  const photo = content.products[art.slug].photo;
  return photo
    ? { image: mediaImage(photo, 'photo'), alt: photo.alt }
    : { image: { svg: drawings.categories[art.slug] }, alt: art.imageAlt };
}

function cardFor(route: SiteRoute, content: SiteContent, siteUrl: string, drawings: DrawingSources): Card {
  // The cards are one per page, in English.
  const title = route.title(content, en);
  const { name: companyName, logo } = content.company;
  const picture = pictureOf(route, content, drawings);
  return {
    svg: previewCardSvg({
      title,
      companyName,
      host: new URL(siteUrl).host,
      logo: logo ? mediaImage(logo, 'logo') : { svg: drawings.logo },
      picture: picture?.image,
    }),
    alt: `${title} – ${nameInSentence(companyName)}. ${picture ? picture.alt : logo ? logo.alt : 'The company logo'}.`,
  };
}
