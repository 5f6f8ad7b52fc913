import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { quoteSearch } from '../../shared/enquiry/quote.js';
import { findRoute, REFERENCE_PARAM, ROUTES } from '../../shared/routes.js';
import { answersJson } from '../platform/http/negotiation.js';
import type { PageRenderer } from './page-renderer.js';
import type { FormTokens } from '../enquiries/form-token.js';
import { formSourceOf } from '../enquiries/lead-source.js';

/** The thank-you page's reference number (digits only, as the form's answer gives it), or null. */
function referenceOf(query: unknown): number | null {
  const value = (query as Record<string, unknown> | null)?.[REFERENCE_PARAM];
  return typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * GET routes for the pages of the route table that are not the admin's, and the site-wide 404 (so
 * not encapsulated: fastify-plugin).
 */
async function pageRoutesPlugin(
  app: FastifyInstance,
  { pages, formTokens }: { pages: PageRenderer; formTokens: FormTokens },
): Promise<void> {
  for (const route of ROUTES) {
    if (route.page === 'thank-you') {
      // With the enquiry's reference number (?ref=64) the page is made for this request; without, it is the cached one.
      app.get(route.path, (request, reply) => {
        const reference = referenceOf(request.query);
        return reference === null
          ? pages.sendPublic(request, reply, route.path)
          : pages.sendPrivate(reply, route.path, { reference });
      });
      continue;
    }
    if (route.cache === 'public') app.get(route.path, (request, reply) => pages.sendPublic(request, reply, route.path));
    // /contact?product=<slug> (Request a Quote) opens the form with that product; an unknown slug is
    // ignored. Its form carries a token issued now (see server/enquiries/form-token.ts).
    if (route.cache === 'form') {
      app.get(route.path, (request, reply) =>
        pages.sendWithFormToken(
          request,
          reply,
          route.path,
          quoteSearch(request.query),
          formTokens.issue(),
          formSourceOf(request),
        ),
      );
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (!(request.method === 'GET' || request.method === 'HEAD') || answersJson(request, 'not-a-page')) {
      return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    const withoutSlash = path.replace(/\/+$/, '');
    if (withoutSlash !== path && findRoute(withoutSlash || '/')) return reply.redirect(withoutSlash || '/', 301);
    return pages.sendPrivate(reply, path, { notFound: true }, 404);
  });
}

export const pageRoutes = fp(pageRoutesPlugin, { name: 'page-routes', fastify: '5.x' });
