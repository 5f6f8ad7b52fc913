import type { FastifyInstance } from 'fastify';
import { isLanguageCode } from '../../shared/i18n/languages.js';
import { CAPABILITY_STATEMENT_PATH } from '../../shared/routes.js';
import { etagMatches, PUBLIC_CACHE_CONTROL } from '../pages/page-renderer.js';
import { sendAttachment } from '../platform/http/attachment.js';
import type { DrawingSources } from '../../shared/drawing-sources.js';
import type { ServerConfig } from '../config/load-config.js';
import type { DB } from '../platform/db/open-database.js';
import { publishedLanguages } from '../site-content/languages/published.js';
import type { MediaLibrary } from '../site-content/media-library.js';
import type { SiteContentService } from '../site-content/site-content.js';
import { createCapabilityStatements } from './capability-statements.js';

/**
 * GET /capability-statement.pdf: the capability statement made from the published records, saved
 * as `<company>-capability-statement.pdf`; `?lang=de` (`es`, `fr`, `ar`) the same in a published
 * language (`…-capability-statement-de.pdf`), not found in a language not published; revalidated on each download like the public pages (an
 * ETag of the content revision, 304 when unchanged); not found while the records are empty.
 */
export async function capabilityStatementRoutes(
  app: FastifyInstance,
  {
    content,
    db,
    media,
    config,
    drawingSources,
    now,
  }: {
    content: SiteContentService;
    db: DB;
    media: MediaLibrary;
    config: Pick<ServerConfig, 'site'>;
    drawingSources: DrawingSources;
    now: () => number;
  },
): Promise<void> {
  const statements = createCapabilityStatements({
    content,
    db,
    photosDir: media.photosDir,
    logoDrawing: drawingSources.logo,
    siteUrl: config.site.siteUrl,
    timeZone: config.site.timeZone,
    now,
    log: app.log,
  });
  app.get<{ Querystring: { lang?: string } }>(CAPABILITY_STATEMENT_PATH, async (request, reply) => {
    const lang = request.query.lang ?? 'en';
    if (!isLanguageCode(lang) || !publishedLanguages(db).includes(lang)) return reply.callNotFound();
    const statement = statements.current(lang);
    if (!statement) return reply.callNotFound();
    reply.header('etag', statement.etag);
    if (etagMatches(request.headers['if-none-match'], statement.etag))
      return reply.header('cache-control', PUBLIC_CACHE_CONTROL).code(304).send();
    const pdf = await statement.pdf;
    return sendAttachment(
      reply,
      { name: statement.fileName, type: 'application/pdf', size: pdf.length, cacheControl: PUBLIC_CACHE_CONTROL },
      pdf,
    );
  });
}
