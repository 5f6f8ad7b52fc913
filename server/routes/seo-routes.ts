import type { FastifyInstance } from 'fastify';
import { publicPages } from '../../shared/content/pages.js';
import type { SiteConfig } from '../../shared/config/site-config.js';
import { escapeHtml } from '../render/document.js';

/** /sitemap.xml with the public routes and /robots.txt pointing to it. */
export function registerSeoRoutes(app: FastifyInstance, site: SiteConfig): void {
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${publicPages.map((page) => `  <url><loc>${escapeHtml(site.siteUrl + page.path)}</loc></url>`).join('\n')}
</urlset>
`;
  const robots = `User-agent: *
Disallow: /admin
Disallow: /api/

Sitemap: ${site.siteUrl}/sitemap.xml
`;
  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
