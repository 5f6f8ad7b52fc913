import type { FastifyBaseLogger } from 'fastify';
import type { Photo } from '../../shared/content/photo.js';
import type { SiteContentService } from '../site-content/site-content.js';
import {
  hasRecords,
  LIMITS,
  statementContents,
  statementFileName,
  type StatementContents,
} from './statement-contents.js';
import { logoPng, photoJpeg, type StatementImage } from './statement-images.js';

/** Changes every statement's ETag when the layout changes in a way the content does not show. */
const LAYOUT_VERSION = 'l1';

export interface Statement {
  etag: string;
  fileName: string;
  pdf: Promise<Buffer>;
}

export type CapabilityStatements = ReturnType<typeof createCapabilityStatements>;

/**
 * The capability statement of the published content: made on the first request after a publish
 * (or after a certificate expired), kept in memory, and shared by the requests that come while it
 * is made. Only the newest is kept. Nothing else waits for it: the pages never make it.
 */
export function createCapabilityStatements(options: {
  content: SiteContentService;
  photosDir: string;
  /** The site's own logo drawing (SVG), used when no logo was uploaded. */
  logoDrawing: string;
  siteUrl: string;
  timeZone: string;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { content, photosDir, siteUrl, timeZone, log } = options;
  let cached: { key: string; pdf: Promise<Buffer> } | undefined;

  async function build(contents: StatementContents, publishedAt: string, revision: number): Promise<Buffer> {
    const started = performance.now();
    const { company, capability } = contents.content;
    const photos = (list: { photo: Photo | null }[]) =>
      Promise.all(list.map(async (item) => (item.photo ? photoJpeg(photosDir, item.photo) : undefined)));
    const [logo, machinePhotos, studyPhotos] = await Promise.all([
      logoPng(photosDir, company.logo, options.logoDrawing),
      photos(capability.machines.filter((machine) => machine.photo).slice(0, LIMITS.machinePhotos)),
      photos(capability.caseStudies.slice(0, LIMITS.caseStudies)),
    ]);
    const caseStudyPhotos = new Map<number, StatementImage>();
    studyPhotos.forEach((photo, index) => photo && caseStudyPhotos.set(index, photo));
    // pdfkit, fontkit and the font are loaded with the first statement, not with the site (about 15 MB).
    const { statementPdf } = await import('./statement-pdf.js');
    const pdf = await statementPdf({
      contents,
      publishedAt,
      siteUrl,
      timeZone,
      logo,
      machinePhotos: machinePhotos.filter((photo): photo is StatementImage => photo !== undefined),
      caseStudyPhotos,
    });
    log.info({ revision, bytes: pdf.length, ms: Math.round(performance.now() - started) }, 'capability statement made');
    return pdf;
  }

  return {
    /** The statement of the content published now; undefined when the records hold nothing to show. */
    current(): Statement | undefined {
      const { revision, content: site } = content.current();
      const contents = statementContents(site, new Date(options.now()), timeZone);
      if (!hasRecords(contents)) return undefined;
      const key = `${revision.id}-${contents.validity}-${LAYOUT_VERSION}`;
      if (cached?.key !== key) {
        const pdf = build(contents, revision.createdAt, revision.id);
        const entry = { key, pdf };
        // A failed build is not kept: the next request tries again.
        pdf.catch(() => {
          if (cached === entry) cached = undefined;
        });
        cached = entry;
      }
      return { etag: `"capability-${key}"`, fileName: statementFileName(site), pdf: cached.pdf };
    },
  };
}
