import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientBuildDir, ssrEntryPath } from '../paths.js';
import type { LanguageCode } from '../../../shared/i18n/languages.js';
import { findAnyRoute } from '../../../shared/admin/routes.js';
import type { PageName } from '../../../shared/routes.js';
import { assetFolders } from './asset-folders.js';
import { ARABIC_FONT, type ClientBundle, type ServerEntry } from './client-bundle-types.js';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const CLIENT_ENTRY = 'client/entry-client.tsx';

/** The lazily loaded page chunk of each page of the route table that has one (client/app/App.tsx), preloaded on that page. */
const PAGE_CHUNKS: Partial<Record<PageName, string>> = {
  admin: 'client/pages/admin/AdminPage.tsx',
  contact: 'client/pages/ContactPage.tsx',
  infrastructure: 'client/pages/InfrastructurePage.tsx',
  quotation: 'client/pages/QuotationAnswerPage.tsx',
};

/** The pages with a form: they preload their language's texts of the forms too (useFormTexts). */
const FORM_PAGES: ReadonlySet<PageName | undefined> = new Set<PageName>(['contact', 'quotation']);

/**
 * Production: the SSR bundle and the client manifest from `npm run build`; hashed assets served
 * immutable, this build's and those of the builds kept beside it (asset-folders.ts).
 */
export async function createProductionBundle(app: FastifyInstance): Promise<ClientBundle> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(clientBuildDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new Error('The client build is missing: run `npm run build` (npm start does this for you).');
  }
  const entry = (await import(pathToFileURL(ssrEntryPath).href)) as ServerEntry;

  await app.register(fastifyStatic, {
    root: assetFolders(),
    prefix: '/assets/',
    wildcard: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    preCompressed: true,
  });

  // Each page's tags in each language: its lazy chunk and its language's texts, made once.
  const pageTags = new Map<string, string>();
  const headTags = (page: PageName | undefined, lang: LanguageCode) => {
    const key = `${page} ${lang}`;
    let tags = pageTags.get(key);
    if (tags === undefined) {
      const chunk = page && PAGE_CHUNKS[page];
      tags = tagsFor(manifest, CLIENT_ENTRY, `shared/i18n/catalogues/${lang}.ts`, [
        ...(chunk ? [chunk] : []),
        ...(FORM_PAGES.has(page) ? [`shared/i18n/catalogues/forms/${lang}.ts`] : []),
      ]);
      pageTags.set(key, tags);
    }
    return tags;
  };
  return {
    render: entry.render,
    headTags: async (path, lang) => headTags(findAnyRoute(path)?.page, lang),
    faviconUrl: entry.faviconUrl,
    arabicFont: arabicFontUrl(manifest),
    drawingSources: entry.drawingSources,
  };
}

/**
 * Each stylesheet once, the entry's script, and modulepreload hints for the chunks the page needs:
 * first what every page runs (the entry's imports, its language's texts), then, at low priority, the
 * page's own lazy chunk and what it imports. The first paint waits for none of them, but Lighthouse's
 * simulation counts every script hinted at high priority as holding it up; and on a phone's slow link
 * the page's chunks are the last needed (the entry hydrates before them; the form works without them).
 */
function tagsFor(manifest: Manifest, entry: string, texts: string, pageChunks: string[]): string {
  const css = new Set<string>();
  const files = new Map<string, 'high' | 'low'>();
  const visit = (priority: 'high' | 'low') => (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client build has no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.set(chunk.file, priority);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit(priority));
  };
  [entry, texts].forEach(visit('high'));
  pageChunks.forEach(visit('low'));
  const entryFile = manifest[entry]!.file;
  return [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${file}">`),
    `<script type="module" src="/${entryFile}"></script>`,
    ...[...files]
      .filter(([file]) => file !== entryFile)
      .map(
        ([file, priority]) =>
          `<link rel="modulepreload" href="/${file}"${priority === 'low' ? ' fetchpriority="low"' : ''}>`,
      ),
  ].join('');
}

/**
 * The built file of the Arabic font's regular Arabic letters: among the assets of the entry's
 * stylesheet (site.css), by its name (the manifest's key for the font itself depends on where
 * node_modules lies).
 */
function arabicFontUrl(manifest: Manifest): string {
  const name = basename(ARABIC_FONT, '.woff2');
  const file = manifest[CLIENT_ENTRY]?.assets?.find((asset) => basename(asset).startsWith(`${name}-`));
  if (!file) throw new Error(`The client build has no ${name} among the site stylesheet's assets`);
  return `/${file}`;
}
