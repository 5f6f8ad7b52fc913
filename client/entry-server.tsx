import { prerenderToNodeStream } from 'react-dom/static';
import { loadSiteTexts } from '../shared/i18n/catalogue.js';
import type { Bootstrap } from '../shared/page-data.js';
import { App } from './app/App.js';
import { LocalizedStaticRouter } from './app/localized-router.js';
import { Providers } from './context/Providers.js';

/**
 * Renders the app for one URL (the page's English path; its links are written in `bootstrap.lang`) to an HTML fragment, waiting for lazy routes so the HTML is complete.
 * progressiveChunkSize: Infinity keeps every Suspense boundary inline. By default React outlines a
 * boundary larger than 12,800 bytes (the admin panel with a page of enquiries) into a hidden segment
 * that only an inline script reveals, and the CSP forbids inline scripts.
 */
export async function render(url: string, bootstrap: Bootstrap): Promise<string> {
  const texts = await loadSiteTexts(bootstrap.lang);
  const { prelude } = await prerenderToNodeStream(
    <Providers bootstrap={bootstrap} texts={texts}>
      <LocalizedStaticRouter lang={bootstrap.lang} location={url}>
        <App />
      </LocalizedStaticRouter>
    </Providers>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export { default as faviconUrl } from './images/logo.svg';
export { drawingSources } from './images/drawing-sources.js';
