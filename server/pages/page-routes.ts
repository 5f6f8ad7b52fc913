import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { quoteSearch } from '../../shared/enquiry/quote.js';
import { TRANSLATED_LANGUAGES } from '../../shared/i18n/languages.js';
import { localizedRoutes } from '../../shared/i18n/page-address.js';
import { localizedPath, readLocalizedPath } from '../../shared/i18n/paths.js';
import { findAnyRoute } from '../../shared/admin/routes.js';
import { findRoute, REFERENCE_PARAM, ROUTES, type SiteRoute } from '../../shared/routes.js';
import { answersJson } from '../platform/http/negotiation.js';
import type { PageRenderer } from './page-renderer.js';
import type { FormTokens } from '../enquiries/form-token.js';
import { formSourceOf } from '../enquiries/lead-source.js';

/** The thank-you page's reference number (digits only, as the form's answer gives it), or null. */
function referenceOf(query: unknown): number | null {
  const value = (query as Record<string, unknown> | null)?.[REFERENCE_PARAM];
  return typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** A decoded path, or undefined when it is not valid percent-encoding. */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURI(path);
  } catch {
    return undefined;
  }
}

/**
 * GET routes for the pages of the route table that are not the admin's, in English and at their address in
 * each other language (served once that language is published), and the site-wide 404 (so not
 * encapsulated: fastify-plugin).
 */
async function pageRoutesPlugin(
  app: FastifyInstance,
  { pages, formTokens }: { pages: PageRenderer; formTokens: FormTokens },
): Promise<void> {
  /** The page of `route` at `path` (its English path, or its address in a language). */
  function page(route: SiteRoute, path: string): RouteHandlerMethod {
    if (route.page === 'thank-you') {
      // With the enquiry's reference number (?ref=64) the page is made for this request; without, it is the cached one.
      return (request, reply) => {
        const reference = referenceOf(request.query);
        return reference === null
          ? pages.sendPublic(request, reply, path)
          : pages.sendPrivate(reply, path, { reference });
      };
    }
    // /contact?product=<slug> (Request a Quote) opens the form with that product; an unknown slug is
    // ignored. Its form carries a token issued now (see server/enquiries/form-token.ts).
    if (route.cache === 'form') {
      return (request, reply) =>
        pages.sendWithFormToken(
          request,
          reply,
          path,
          quoteSearch(request.query),
          formTokens.issue(),
          formSourceOf(request),
        );
    }
    return (request, reply) => pages.sendPublic(request, reply, path);
  }

  for (const route of ROUTES) if (route.cache !== 'private') app.get(route.path, page(route, route.path));
  for (const lang of TRANSLATED_LANGUAGES) {
    for (const { path, route } of localizedRoutes(lang)) {
      const answer = page(route, path);
      app.get(path, (request, reply) =>
        pages.languages.isPublished(lang) ? answer.call(app, request, reply) : reply.callNotFound(),
      );
    }
  }

  /**
   * Where a page is when it is asked at another address: without its trailing slash, or under a published
   * language's prefix with English (or mixed) segments (/de/products/flanges is /de/produkte/flansche).
   */
  function movedTo(path: string): string | undefined {
    const withoutSlash = path.replace(/\/+$/, '') || '/';
    if (withoutSlash !== path && findAnyRoute(withoutSlash)) return withoutSlash;
    const address = readLocalizedPath(path);
    if (!address || !pages.languages.isPublished(address.lang)) return undefined;
    const englishPath = address.englishPath.replace(/\/+$/, '') || '/';
    const target = localizedPath(address.lang, englishPath);
    return target !== path && findRoute(englishPath) ? encodeURI(target) : undefined;
  }

  app.setNotFoundHandler(async (request, reply) => {
    const [path = '/', query] = request.url.split('?');
    if (!(request.method === 'GET' || request.method === 'HEAD') || answersJson(request, 'not-a-page')) {
      return reply.code(404).send({ error: 'Not Found', message: `No route for ${request.method} ${path}` });
    }
    const decoded = decodedPath(path);
    const target = decoded === undefined ? undefined : movedTo(decoded);
    if (target) return reply.redirect(query === undefined ? target : `${target}?${query}`, 301);
    return pages.sendPrivate(reply, decoded ?? '/', { notFound: true }, 404);
  });
}

export const pageRoutes = fp(pageRoutesPlugin, { name: 'page-routes', fastify: '5.x' });
