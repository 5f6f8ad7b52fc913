import type { DrawingSources } from '../../../shared/drawing-sources.js';
import type { LanguageCode } from '../../../shared/i18n/languages.js';
import type { Bootstrap } from '../../../shared/page-data.js';

/** The file of the Arabic font's regular Arabic letters, under node_modules (client/styles/site.css names it too). */
export const ARABIC_FONT = '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2';

/**
 * Where a page's asset tags go: its stylesheets in the <head>; its scripts (the entry and the
 * modulepreload hints of its chunks) at the end of the <body>, so that a phone's first requests are the
 * stylesheet and the page's own images (the largest first), not scripts that only enhance a page
 * already complete in its HTML.
 */
export interface AssetTags {
  head: string;
  bodyEnd: string;
}

/** What the server needs from the React app: a renderer and the tags that load its assets. */
export interface ClientBundle {
  render(url: string, bootstrap: Bootstrap): Promise<string>;
  /** The tags that load a page's assets, at this (English) path in this language. */
  assetTags(path: string, lang: LanguageCode): Promise<AssetTags>;
  faviconUrl: string;
  drawingSources: DrawingSources;
  /** The Arabic font's regular Arabic letters (the face most of an Arabic page is set in), preloaded by Arabic pages. */
  arabicFont: string;
}

/** The shape of client/entry-server.tsx, as built or as loaded by Vite in development. */
export interface ServerEntry {
  render: (url: string, bootstrap: Bootstrap) => Promise<string>;
  faviconUrl: string;
  drawingSources: DrawingSources;
}
