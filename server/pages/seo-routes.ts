import type { FastifyInstance } from 'fastify';
import { publicRoutes } from '../../shared/routes.js';
import { ADMIN_AREA } from '../../shared/admin/area.js';
import { escapeHtml } from './escape-html.js';
import type { SiteContentService } from '../site-content/site-content.js';
import type { ServerConfig } from '../config/load-config.js';
import type { PageLanguages } from './page-languages.js';

/**
 * /sitemap.xml with the public routes in every public language, each with its alternates, and /robots.txt
 * pointing to it. Every page is rendered from the published content, so each page's lastmod is when
 * that content was published.
 */
export async function seoRoutes(
  app: FastifyInstance,
  {
    config,
    content,
    pages,
  }: { config: Pick<ServerConfig, 'site'>; content: SiteContentService; pages: { languages: PageLanguages } },
): Promise<void> {
  const { siteUrl } = config.site;
  const { languages } = pages;
  const entry = (loc: string, lastmod: string, alternates: string) =>
    `  <url><loc>${escapeHtml(loc)}</loc><lastmod>${lastmod}</lastmod>${alternates}</url>`;
  const sitemap = (lastmod: string) => {
    const urls = publicRoutes.flatMap((route) => {
      const alternates = languages
        .alternates(route.path)
        .map(({ lang, href }) => `\n    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(href)}"/>`)
        .join('');
      return languages.published().map((lang) => entry(languages.absoluteUrl(lang, route.path), lastmod, alternates));
    });
    return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
  };
  const robots = `User-agent: *
Disallow: ${ADMIN_AREA}
Disallow: /api/

Sitemap: ${siteUrl}/sitemap.xml
`;
  app.get('/sitemap.xml', (_request, reply) => {
    const { createdAt } = content.current().revision;
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('last-modified', new Date(createdAt).toUTCString())
      .send(sitemap(createdAt.replace(/\.\d{3}Z$/, 'Z')));
  });
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
