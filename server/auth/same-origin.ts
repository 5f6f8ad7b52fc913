import type { FastifyRequest } from 'fastify';

/**
 * The request comes from this site: its Origin (or, without one, its Sec-Fetch-Site) says so. A
 * request with neither (an old browser, a script) is let through to the CSRF check.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
