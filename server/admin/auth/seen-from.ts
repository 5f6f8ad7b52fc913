import type { FastifyRequest } from 'fastify';
import type { SeenFrom } from '../../platform/db/audit-log.js';
import { networkPrefix } from '../../platform/security/client-network.js';
import { browserName } from '../notices/browser-name.js';

/** Where a sign-in came from, for its audit row: the browser's short name and the client's network. */
export function seenFrom(request: FastifyRequest): SeenFrom {
  return { browser: browserName(request.headers['user-agent']), network: networkPrefix(request.ip) };
}
