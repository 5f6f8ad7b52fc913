import type { FastifyInstance } from 'fastify';
import type { RunMode } from '../../config/load-config.js';
import type { ClientBundle } from './client-bundle-types.js';

/** The React app as this mode serves it: through Vite in development, as built otherwise. */
export async function loadClientBundle(app: FastifyInstance, mode: RunMode): Promise<ClientBundle> {
  if (mode === 'development') {
    const { createDevBundle } = await import('./dev-bundle.js');
    return createDevBundle(app);
  }
  const { createProductionBundle } = await import('./production-bundle.js');
  return createProductionBundle(app);
}
