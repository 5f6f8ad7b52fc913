import type { PageName } from '../../../shared/routes.js';
import type { FastifyInstance } from 'fastify';
import type { DrawingSources } from '../../../shared/drawing-sources.js';
import type { Bootstrap } from '../../../shared/page-data.js';
import type { RunMode } from '../config/load-config.js';

/** What the server needs from the React app: a renderer and the tags that load its assets. */
export interface ClientBundle {
  render(url: string, bootstrap: Bootstrap): Promise<string>;
  /** <link>/<script> tags for the <head> of a page at this path. */
  headTags(path: string): Promise<string>;
  faviconUrl: string;
  drawingSources: DrawingSources;
}

/** The shape of client/entry-server.tsx, as built or as loaded by Vite in development. */
export interface ServerEntry {
  render: (url: string, bootstrap: Bootstrap) => Promise<string>;
  faviconUrl: string;
  drawingSources: DrawingSources;
}

/** Pages whose code is a chunk of its own (loaded lazily by App.tsx), preloaded on that page. */
/** The lazily loaded page chunk of each page of the route table that has one (client/app/App.tsx). */
export const PAGE_CHUNKS: Partial<Record<PageName, string>> = {
  admin: 'client/pages/admin/AdminPage.tsx',
  contact: 'client/pages/ContactPage.tsx',
};

export async function loadClientBundle(app: FastifyInstance, mode: RunMode): Promise<ClientBundle> {
  if (mode === 'development') {
    const { createDevBundle } = await import('./dev-bundle.js');
    return createDevBundle(app);
  }
  const { createProductionBundle } = await import('./production-bundle.js');
  return createProductionBundle(app);
}
