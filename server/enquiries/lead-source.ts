import type { FastifyRequest } from 'fastify';
import { SOURCE_LIMITS } from '../../shared/enquiry/lead-source.js';
import { encodeSourcePage } from '../../shared/enquiry/validation.js';

/**
 * Where a visitor without JavaScript came from, as far as the Referer of the form page tells: the
 * page before the form when it is on this site (its path and query, which may name a campaign), else
 * the form page itself, with the other site's host. The page carries it as a hidden field (encoded
 * with encodeSourcePage); the enquiry's route validates it like any other field (leadSourceOf).
 */
export function formSourceOf(request: FastifyRequest): string {
  const here = request.url.slice(0, SOURCE_LIMITS.landing);
  const referer = request.headers.referer;
  if (!referer) return encodeSourcePage(here, '');
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return encodeSourcePage(here, '');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return encodeSourcePage(here, '');
  if (url.host === request.host)
    return encodeSourcePage((url.pathname + url.search).slice(0, SOURCE_LIMITS.landing), '');
  return encodeSourcePage(here, url.host);
}
