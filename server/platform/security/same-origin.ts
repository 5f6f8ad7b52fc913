import type { FastifyRequest } from 'fastify';

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/**
 * A change to the admin's data comes from this site's own pages. Every current browser sends Origin
 * with a POST or DELETE: it must name this host (not "null", not another site). Without one, a
 * Sec-Fetch-Site must say same-origin and a Referer must name this host; a request with none of the
 * three (a browser too old to send them, a script) goes on to the CSRF token check, which it needs
 * anyway. Hosts are compared, not schemes, so a TLS proxy without TRUST_PROXY does not lock the admin out.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const { origin, referer } = request.headers;
  if (origin !== undefined) return hostOf(origin) === request.host;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  return referer === undefined || hostOf(referer) === request.host;
}
