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

  // Each page's tags in each language: its lazy chunk and its language's catalogue, made once.
  const pageTags = new Map<string, string>();
  const headTags = (page: PageName | undefined, lang: LanguageCode) => {
    const key = `${page} ${lang}`;
    let tags = pageTags.get(key);
    if (tags === undefined) {
      const chunk = page && PAGE_CHUNKS[page];
      tags = tagsFor(manifest, CLIENT_ENTRY, [...(chunk ? [chunk] : []), `shared/i18n/catalogues/${lang}.ts`]);
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
 * Each stylesheet once, the entry's script, and modulepreload hints for the page's lazy chunks and
 * every chunk they import (the entry itself is not hinted again: its script tag loads it).
 */
function tagsFor(manifest: Manifest, entry: string, lazyChunks: string[]): string {
  const css = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client build has no chunk for ${key}`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  [entry, ...lazyChunks].forEach(visit);
  const entryFile = manifest[entry]!.file;
  return [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${file}">`),
    `<script type="module" src="/${entryFile}"></script>`,
    ...[...files].filter((file) => file !== entryFile).map((file) => `<link rel="modulepreload" href="/${file}">`),
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
