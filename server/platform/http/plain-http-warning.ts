import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

/** The one line the log gets: why the admin's cookies are not Secure, and how to fix it. */
export const PLAIN_HTTP_WARNING =
  "The admin's cookies cannot be Secure: a request to /admin came over plain HTTP, so the session cookie " +
  'travels unencrypted. Behind a TLS proxy (nginx, Caddy, a load balancer), set TRUST_PROXY=1 (or the ' +
  "proxy's addresses) so the server believes its X-Forwarded-Proto: https; otherwise serve the site over HTTPS.";

/**
 * An onRequest hook for the admin scope in production: the first request that arrives over plain
 * HTTP (no TLS, or a TLS proxy the server is not told to trust) logs PLAIN_HTTP_WARNING, once per
 * process. The cookies are `secure: 'auto'`: Secure exactly when the request is https.
 */
export function warnOnceOverPlainHttp(log: FastifyBaseLogger) {
  let warned = false;
  return async (request: FastifyRequest): Promise<void> => {
    if (warned || request.protocol !== 'http') return;
    warned = true;
    log.warn({ host: request.host }, PLAIN_HTTP_WARNING);
  };
}
