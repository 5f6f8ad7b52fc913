import { APP_ROOT_ID, BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '../../shared/page-data.js';
import { LANGUAGE_INFO, type LanguageCode } from '../../shared/i18n/languages.js';
import { COLOURS } from './images/colours.js';
import { escapeHtml } from './escape-html.js';
import type { PreviewImage } from './images/link-previews.js';
import type { IconLinks } from './images/site-icons.js';
import type { Alternate } from './page-languages.js';

export interface DocumentParts {
  /** The page's language: `<html lang dir>` and `og:locale`. */
  lang: LanguageCode;
  title: string;
  description: string;
  /** Absolute URL of the page; omitted on pages that are not canonical (404). */
  canonicalUrl?: string;
  /** The page in every public language, itself included (hreflang), on listed pages; else empty. */
  alternates: readonly Alternate[];
  noindex: boolean;
  siteName: string;
  icons: IconLinks;
  /** The link-preview image (public pages). */
  previewImage?: PreviewImage;
  /** schema.org JSON-LD (public pages). */
  structuredData?: unknown;
  headTags: string;
  appHtml: string;
  /** HTML after the app's root that the app does not render (the contact page's country suggestions). */
  afterApp: string;
  bootstrap: Bootstrap;
}

/** JSON that is safe inside a <script> element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What a page in `lang` adds to its head tags: an Arabic page preloads the Arabic font's regular
 * Arabic letters (`ClientBundle.arabicFont`; its @font-face rules are in site.css, used by Arabic pages
 * only): with `font-display: optional` they are used when they come in time, so the text never moves
 * once shown. Any other page adds nothing and never fetches the font. Added by page-render.ts.
 */
export function languageHeadTags(lang: LanguageCode, arabicFont: string): string {
  if (lang !== 'ar') return '';
  return `<link rel="preload" href="${escapeHtml(arabicFont)}" as="font" type="font/woff2" crossorigin>`;
}

/**
 * The whole HTML page around the server-rendered app. It contains no inline script. Its first frame
 * waits until the app's HTML is parsed (`rel=expect`, Chromium): a slow phone's parser stops now and then,
 * and a frame drawn in between showed a header without its menu button, or the quick-contact bar with
 * two buttons of three, which then moved (a layout shift). The link names the element after the app
 * (its data): naming the app's root let Chromium draw once the root's start tag was parsed (the top
 * bar with one of its four links, seen at 4x CPU). It comes first in the head, so that no frame is
 * drawn before it is read. Other browsers ignore it.
 */
export function renderDocument(parts: DocumentParts): string {
  const title = escapeHtml(parts.title);
  const description = escapeHtml(parts.description);
  const canonical = parts.canonicalUrl ? escapeHtml(parts.canonicalUrl) : undefined;
  const { dir } = LANGUAGE_INFO[parts.lang];
  return `<!doctype html>
<html lang="${parts.lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="expect" href="#${BOOTSTRAP_ELEMENT_ID}" blocking="render">
<title>${title}</title>
<meta name="description" content="${description}">
${parts.noindex ? '<meta name="robots" content="noindex, nofollow">\n' : ''}${canonical ? `<link rel="canonical" href="${canonical}">\n` : ''}${languageTags(parts.lang, parts.alternates)}<meta property="og:type" content="website">
<meta property="og:site_name" content="${escapeHtml(parts.siteName)}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
${canonical ? `<meta property="og:url" content="${canonical}">\n` : ''}${previewTags(parts.previewImage)}<meta name="theme-color" content="${COLOURS.navy}">
<link rel="icon" href="${escapeHtml(parts.icons.favicon.href)}" type="${parts.icons.favicon.type}">
<link rel="apple-touch-icon" href="${escapeHtml(parts.icons.appleTouchIcon)}">
<link rel="manifest" href="${escapeHtml(parts.icons.manifest)}">
${parts.headTags}
${parts.structuredData ? `<script type="application/ld+json">${jsonForScript(parts.structuredData)}</script>\n` : ''}</head>
<body>
<div id="${APP_ROOT_ID}">${parts.appHtml}</div>
${parts.afterApp}<script id="${BOOTSTRAP_ELEMENT_ID}" type="application/json">${jsonForScript(parts.bootstrap)}</script>
</body>
</html>
`;
}

/** hreflang links to the page in each language, and its Open Graph locale with the others as alternates. */
function languageTags(lang: LanguageCode, alternates: readonly Alternate[]): string {
  const links = alternates.map(
    (alternate) => `<link rel="alternate" hreflang="${alternate.lang}" href="${escapeHtml(alternate.href)}">\n`,
  );
  const otherLocales = alternates.flatMap((alternate) =>
    alternate.lang === 'x-default' || alternate.lang === lang
      ? []
      : [`<meta property="og:locale:alternate" content="${LANGUAGE_INFO[alternate.lang].ogLocale}">\n`],
  );
  return `${links.join('')}<meta property="og:locale" content="${LANGUAGE_INFO[lang].ogLocale}">\n${otherLocales.join('')}`;
}

/** Open Graph image and Twitter card tags; a page without an image gets the small card. */
function previewTags(image: PreviewImage | undefined): string {
  if (!image) return '<meta name="twitter:card" content="summary">\n';
  return `<meta property="og:image" content="${escapeHtml(image.url)}">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image:width" content="${image.width}">
<meta property="og:image:height" content="${image.height}">
<meta property="og:image:alt" content="${escapeHtml(image.alt)}">
<meta name="twitter:card" content="summary_large_image">
`;
}
