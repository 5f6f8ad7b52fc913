import type { FastifyInstance } from 'fastify';
import { findPage, publicPages, THANK_YOU_PATH } from '../../shared/content/pages.js';
import { productFromQuery } from '../../shared/enquiry/quote.js';
import { wantsHtml } from '../http/wants-html.js';
import type { PageRenderer } from '../render/page-renderer.js';
import type { FormTokens } from '../spam/form-token.js';

/** GET routes for every page that is the same for every visitor, and the site-wide 404. */
export function registerPageRoutes(app: FastifyInstance, pages: PageRenderer, formTokens: FormTokens): void {
  for (const path of [...publicPages.map((page) => page.path), THANK_YOU_PATH]) {
    if (path === '/contact') continue;
    app.get(path, (request, reply) => pages.sendPublic(request, reply, path));
  }
  // /contact?product=<slug> (Request a Quote) opens the form with that product; an unknown slug is
  // ignored. Its form carries a token issued now (see server/spam/form-token.ts).
  app.get<{ Querystring: { product?: string } }>('/contact', (request, reply) => {
    const product = productFromQuery(request.query.product);
    return pages.sendWithFormToken(reply, '/contact', product ? `?product=${product}` : '', formTokens.issue());
  });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!(request.method === 'GET' || request.method === 'HEAD') || !wantsHtml(request)) {
      return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    const withoutSlash = path.replace(/\/+$/, '');
    if (withoutSlash !== path && findPage(withoutSlash || '/')) return reply.redirect(withoutSlash || '/', 301);
    return pages.sendPrivate(reply, path, {}, 404);
  });
}
