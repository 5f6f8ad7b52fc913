import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../platform/security/client-network.js';
import { hashClientIp } from '../platform/security/server-secret.js';

/** The key of a client whose address is no longer known (its socket closed before it was read). */
const UNKNOWN_CLIENT = 'unknown';

/**
 * The keyed hash of the client's network (IPv4 address, IPv6 /64), as allowances count it and the
 * desk shows repeated senders. Take it while the request is intact (an onRequest hook): once the
 * socket is gone `request.ip` is undefined, and all such clients then share one key.
 */
export function clientKey(secret: string, request: FastifyRequest): string {
  const ip = request.ip as string | undefined;
  return hashClientIp(secret, ip ? clientNetwork(ip) : UNKNOWN_CLIENT);
}
