import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { dayInZone } from '../../shared/time/time-zone.js';
import type { PageData } from '../../shared/page-data.js';
import type { SiteContent } from '../../shared/content/schema.js';
import type { ServerConfig } from '../config/load-config.js';
import type { SiteContentService } from '../site-content/site-content.js';
import type { LinkPreviews } from './images/link-previews.js';
import type { SiteIcons } from './images/site-icons.js';
import type { ClientBundle } from '../platform/bundles/client-bundle-types.js';
import type { PageLanguages } from './page-languages.js';
import { pageRender } from './page-render.js';
import { spliceGzip, type SplicedGzip } from './spliced-gzip.js';

interface CachedPage {
  html: string;
  /** The page compressed, once per encoding, when a client first asks for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
  etag: string;
  /** The page gzip-compressed around its form-token slots, made on the first request that needs it. */
  spliced?: SplicedGzip;
}

/**
 * Stored, but asked again each time (a 304 when unchanged): an edit in the site editor shows on the
 * next page load, not after a cache lifetime.
 */
export const PUBLIC_CACHE_CONTROL = 'public, no-cache';
/** Stands for the form token in a cached page; replaced by a fresh token for each request. */
const FORM_TOKEN_SLOT = 'FORM-TOKEN-SLOT-2f9c41d7';
/** Stands for where the visitor came from (the form page's Referer), filled in the same way. */
const FORM_SOURCE_SLOT = 'FORM-SOURCE-SLOT-8b1e06a3';

/**
 * Today in SITE_TIME_ZONE ("2026-11-25"), worked out again once the site's clock has moved a second
 * or more (every public page asks; the zone's calendar costs about a twentieth of a cached page).
 */
function siteToday(now: () => number, timeZone: string): () => string {
  let known = { at: NaN, day: '' };
  return () => {
    const at = now();
    if (!(Math.abs(at - known.at) < 1000)) known = { at, day: dayInZone(new Date(at), timeZone) };
    return known.day;
  };
}

/** Pages rendered once per content revision and day, emptied by a new revision or a new day. */
function pageCache(content: SiteContentService, render: ReturnType<typeof pageRender>, today: () => string) {
  const cache = new Map<string, Promise<CachedPage>>();
  content.onPublish(() => cache.clear());
  let cachedDay = '';

  function cached(path: string, search: string, pageData: PageData = {}): Promise<CachedPage> {
    // A new day: yesterday's pages are no longer answered.
    const day = today();
    if (day !== cachedDay) {
      cache.clear();
      cachedDay = day;
    }
    const key = `${content.current().revision.id} ${day} ${path}${search}`;
    let page = cache.get(key);
    if (!page) {
      page = render(path, pageData, search).then((html) => ({
        html,
        encoded: {},
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      }));
      page.catch(() => cache.delete(key));
      cache.set(key, page);
    }
    return page;
  }

  return { cached, clear: () => cache.clear() };
}

export type PageRenderer = ReturnType<typeof createPageRenderer>;

/**
 * Renders whole HTML pages from the published content. Pages that are the same for every visitor
 * are rendered once per content revision and calendar day in the site's time zone (a certificate
 * is shown up to its last valid day, and the footer says the year) and answered with an ETag; a new
 * revision empties the cache. Per-request pages are never cached.
 */
export function createPageRenderer(
  bundle: ClientBundle,
  config: ServerConfig,
  content: SiteContentService,
  images: { previews: LinkPreviews; icons: SiteIcons },
  photos: { shade(id: string): Promise<number | undefined> },
  languages: PageLanguages,
  now: () => number = Date.now,
) {
  const { site } = config;
  const today = siteToday(now, site.timeZone);
  const render = pageRender({ bundle, site, content, images, photos, languages, today });
  const { cached, clear } = pageCache(content, render, today);

  /**
   * Sends a page that is the same for everyone: cached, with ETag and 304 (fresh each time in
   * development). `search` names one of a few known variants of the page (never raw user input).
   */
  async function sendPublic(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    search = '',
  ): Promise<FastifyReply> {
    reply.type('text/html; charset=utf-8');
    if (config.mode === 'development')
      return reply.header('cache-control', 'no-cache').send(await render(path, {}, search));
    const page = await cached(path, search);
    reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', page.etag).header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    // Compressed once per encoding; @fastify/compress leaves an answer that has its encoding alone.
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding)
      return reply
        .header('content-encoding', encoding)
        .send((page.encoded[encoding] ??= COMPRESS[encoding](page.html)));
    return reply.send(page.html);
  }

  /**
   * Sends a page with a form whose token is issued for this request (the contact form): rendered
   * once with a slot for the token, which each answer fills in; never stored by anyone, since a
   * token is good for one enquiry (and a page restored from the back/forward cache would resend it).
   * A client that takes gzip (every browser) gets the page compressed once, with the token spliced
   * in uncompressed (`spliced-gzip.ts`), so this page costs about what a cached page costs.
   * `formSource` (encodeSourcePage: URI-encoded, so safe in an attribute and in JSON) is spliced in
   * the same way: where the visitor came from, for a form sent without JavaScript.
   */
  async function sendWithFormToken(
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    search: string,
    formToken: string,
    formSource: string,
  ): Promise<FastifyReply> {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
    if (config.mode === 'development') return reply.send(await render(path, { formToken, formSource }, search));
    const page = await cached(path, search, { formToken: FORM_TOKEN_SLOT, formSource: FORM_SOURCE_SLOT });
    if (!acceptsEncoding(request.headers['accept-encoding']).has('gzip'))
      return reply.send(page.html.replaceAll(FORM_TOKEN_SLOT, formToken).replaceAll(FORM_SOURCE_SLOT, formSource));
    page.spliced ??= spliceGzip(page.html, [FORM_TOKEN_SLOT, FORM_SOURCE_SLOT]);
    return reply.header('content-encoding', 'gzip').send(page.spliced.with(formToken, formSource));
  }

  /** Sends a page made for this request only (form errors, the admin's session): never stored by anyone. */
  async function sendPrivate(
    reply: FastifyReply,
    path: string,
    pageData: PageData,
    status = 200,
    search = '',
  ): Promise<FastifyReply> {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await render(path, pageData, search));
  }

  /**
   * Sends a public page made from a draft of the content (the site editor's preview, for the signed-in
   * admin only): never stored, never indexed, and no cached page is touched.
   */
  async function sendPreview(
    reply: FastifyReply,
    path: string,
    draft: SiteContent,
    preview: NonNullable<PageData['preview']>,
  ): Promise<FastifyReply> {
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(await render(path, { preview }, '', draft));
  }

  /** Empties the page cache: what the pages show changed without a new revision (a language published). */
  const forget = () => {
    languages.forget();
    clear();
  };

  return { render, sendPublic, sendWithFormToken, sendPrivate, sendPreview, forget, languages };
}

type Encoding = 'br' | 'gzip';
/** Cached pages are compressed hard: once per process, for every later answer. */
const COMPRESS: Record<Encoding, (html: string) => Buffer> = {
  br: (html) => brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: (html) => gzipSync(html, { level: 9 }),
};

/** The content codings the client takes (a q=0 refuses one). */
function acceptsEncoding(header: string | undefined): Set<string> {
  return new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
}

/** br or gzip when the client takes it, else none. */
function acceptedEncoding(header: string | undefined): Encoding | undefined {
  const accepted = acceptsEncoding(header);
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** Whether an If-None-Match header names this ETag (or any). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
