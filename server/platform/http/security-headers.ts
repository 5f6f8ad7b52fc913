import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { ADMIN_AREA } from '../../../shared/admin/area.js';
import type { ServerConfig } from '../../config/load-config.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Powerful browser features no page of this site uses, denied to it and to anything it embeds. */
const DENIED = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
].map((feature) => `${feature}=()`);
/** Passkeys (WebAuthn): the admin's pages use them, for themselves only; the public pages never. */
const PASSKEYS = ['publickey-credentials-create', 'publickey-credentials-get'];
const PUBLIC_POLICY = [...DENIED, ...PASSKEYS.map((feature) => `${feature}=()`)].join(', ');
const ADMIN_POLICY = [...DENIED, ...PASSKEYS.map((feature) => `${feature}=(self)`)].join(', ');
const isAdmin = (url: string) =>
  url === ADMIN_AREA || url.startsWith(`${ADMIN_AREA}/`) || url.startsWith(`${ADMIN_AREA}?`);

/**
 * Security headers on every answer. The pages carry no inline script, so the CSP needs neither
 * 'unsafe-inline' nor nonces. In development Vite injects inline scripts and a WebSocket, so no CSP there.
 * Not encapsulated (fastify-plugin): it applies to the whole site. helmet's middleware is made once
 * here (@fastify/helmet made it again for every request: about a tenth of a cached page's CPU).
 */
async function securityHeadersPlugin(
  app: FastifyInstance,
  { config }: { config: Pick<ServerConfig, 'mode'> },
): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy:
      config.mode === 'development'
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
            },
          },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; it is added below for HTTPS requests.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', isAdmin(request.url) ? ADMIN_POLICY : PUBLIC_POLICY);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
    }
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers', fastify: '5.x' });
