import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORY_ART } from '../../shared/content/categories.js';
import { nameInSentence } from '../../shared/content/company.js';
import type { SiteContent } from '../../shared/content/schema.js';
import { publicRoutes, type SiteRoute } from '../../shared/routes.js';
import type { DrawingSources } from '../../shared/drawing-sources.js';
import { COLOURS } from './colours.js';
import { CARD_HEIGHT, CARD_WIDTH, previewCardSvg } from './preview-card.js';
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
const RENDER_VERSION = 'card-1 jpeg-85';
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
export function createLinkPreviews(options: { siteUrl: string; drawings: DrawingSources; dataDir: string; log: FastifyBaseLogger }) {
  const { siteUrl, drawings, log } = options;
  let cards = new Map<string, Card>(); // by hash
  let hashByPath = new Map<string, string>();
  const images = new Map<string, Promise<Buffer>>();
  const dir = join(options.dataDir, 'media', 'og');
  mkdirSync(dir, { recursive: true });

  async function readOrDraw(hash: string, card: Card): Promise<Buffer> {
    const file = join(dir, `${hash}.jpg`);
    try {
      return await readFile(file);
    } catch {
      // Not drawn yet (or unreadable): draw it.
    }
    const jpeg = await svgToJpeg(card.svg, CARD_WIDTH, COLOURS.navy);
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
      mkdirSync(dir, { recursive: true }); // deleting the folder loses nothing
      for (const file of readdirSync(dir)) {
        if (!cards.has(NAME.exec(file)?.[1] ?? '')) rmSync(join(dir, file), { force: true });
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

function cardFor(route: SiteRoute, content: SiteContent, siteUrl: string, drawings: DrawingSources): Card {
  const { title } = route.meta(content);
  const companyName = content.company.name;
  const art = CATEGORY_ART.find((candidate) => candidate.slug === route.slug);
  return {
    svg: previewCardSvg({
      title,
      companyName,
      host: new URL(siteUrl).host,
      logo: drawings.logo,
      drawing: art && drawings.categories[art.slug],
    }),
    alt: `${title} – ${nameInSentence(companyName)}. ${art ? art.imageAlt : 'The company logo'}.`,
  };
}
