import type { DrawingSources } from '../../../shared/drawing-sources.js';
import type { LanguageCode } from '../../../shared/i18n/languages.js';
import type { Bootstrap } from '../../../shared/page-data.js';

/** The file of the Arabic font's regular Arabic letters, under node_modules (client/styles/site.css names it too). */
export const ARABIC_FONT = '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff2';

/**
 * The letters the built Arabic font files keep (vite.config.ts cuts them to these): the whole basic Arabic
 * block, U+0600 to U+06FF (Arabic, Persian and Urdu letters, marks, punctuation and digits), and the
 * joiners, marks and hyphens of Arabic text. Their @font-face rules in site.css name the same range.
 */
export const ARABIC_FONT_LETTERS = String.fromCodePoint(
  ...Array.from({ length: 0x100 }, (_, offset) => 0x0600 + offset),
  0x200c,
  0x200d,
  0x200e,
  0x2010,
  0x2011,
);

/** What the server needs from the React app: a renderer and the tags that load its assets. */
export interface ClientBundle {
  render(url: string, bootstrap: Bootstrap): Promise<string>;
  /** <link>/<script> tags for the <head> of a page at this (English) path in this language. */
  headTags(path: string, lang: LanguageCode): Promise<string>;
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
