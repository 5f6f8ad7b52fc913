import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Photo } from '../../shared/content/photo.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { DB } from '../platform/db/open-database.js';
import { localizedContent, publishedTranslations } from '../site-content/languages/localized-content.js';
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

/** Names a language's published translations: a publish of that language gives its statement a new key. */
function translationsKey(db: DB, lang: LanguageCode): string {
  if (lang === 'en') return 'en';
  const texts = JSON.stringify([...publishedTranslations(db, lang)].sort());
  return `${lang}-${createHash('sha256').update(texts).digest('hex').slice(0, 8)}`;
}

/**
 * The capability statement of the published content, in each language: made on the first request
 * after a publish (or after a certificate expired), kept in memory, and shared by the requests that
 * come while it is made. Only the newest of each language is kept. Nothing else waits for it: the
 * pages never make it.
 */
export function createCapabilityStatements(options: {
  content: SiteContentService;
  db: DB;
  photosDir: string;
  /** The site's own logo drawing (SVG), used when no logo was uploaded. */
  logoDrawing: string;
  siteUrl: string;
  timeZone: string;
  now: () => number;
  log: FastifyBaseLogger;
}) {
  const { content, photosDir, siteUrl, timeZone, log } = options;
  const cache = new Map<LanguageCode, { key: string; pdf: Promise<Buffer> }>();

  async function build(
    lang: LanguageCode,
    contents: StatementContents,
    publishedAt: string,
    revision: number,
  ): Promise<Buffer> {
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
      lang,
      contents,
      publishedAt,
      siteUrl,
      timeZone,
      logo,
      machinePhotos: machinePhotos.filter((photo): photo is StatementImage => photo !== undefined),
      caseStudyPhotos,
    });
    log.info(
      { revision, lang, bytes: pdf.length, ms: Math.round(performance.now() - started) },
      'capability statement made',
    );
    return pdf;
  }

  return {
    /** The statement of the content published now in `lang` (a published language); undefined when the records hold nothing to show. */
    current(lang: LanguageCode = 'en'): Statement | undefined {
      const { revision, content: english } = content.current();
      const site = localizedContent(english, lang, options.db);
      const contents = statementContents(site, new Date(options.now()), timeZone);
      if (!hasRecords(contents)) return undefined;
      const languageKey = lang === 'en' ? '' : `-${translationsKey(options.db, lang)}`;
      const key = `${revision.id}-${contents.validity}-${LAYOUT_VERSION}${languageKey}`;
      let cached = cache.get(lang);
      if (cached?.key !== key) {
        const pdf = build(lang, contents, revision.createdAt, revision.id);
        const entry = { key, pdf };
        // A failed build is not kept: the next request tries again.
        pdf.catch(() => {
          if (cache.get(lang) === entry) cache.delete(lang);
        });
        cache.set(lang, entry);
        cached = entry;
      }
      const fileName = statementFileName(english).replace(/\.pdf$/, lang === 'en' ? '.pdf' : `-${lang}.pdf`);
      return { etag: `"capability-${key}"`, fileName, pdf: cached.pdf };
    },
  };
}
