import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../paths.js';
import { ARABIC_FONT, type ClientBundle, type ServerEntry } from './client-bundle-types.js';

const ENTRY_SERVER = '/client/entry-server.tsx';

/** Development: Vite in middleware mode with HMR; the app is loaded fresh through Vite on each render. */
export async function createDevBundle(app: FastifyInstance): Promise<ClientBundle> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({ root: projectRoot, server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', async () => vite.close());

  const load = () => vite.ssrLoadModule(ENTRY_SERVER) as Promise<ServerEntry>;
  return {
    async render(url, bootstrap) {
      try {
        return await (await load()).render(url, bootstrap);
      } catch (error) {
        vite.ssrFixStacktrace(error as Error);
        throw error;
      }
    },
    async headTags(path) {
      // Vite's own tags (its client, React Fast Refresh preamble), then the app's stylesheet and entry.
      const html = await vite.transformIndexHtml(path, '<html><head></head><body></body></html>');
      const viteTags = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
      return `${viteTags}<link rel="stylesheet" href="/client/styles/site.css"><script type="module" src="/client/entry-client.tsx"></script>`;
    },
    faviconUrl: '/client/images/logo.svg',
    arabicFont: `/node_modules/${ARABIC_FONT}`,
    // Read once at start: a changed drawing shows in previews and icons after a restart.
    drawingSources: (await load()).drawingSources,
  };
}
