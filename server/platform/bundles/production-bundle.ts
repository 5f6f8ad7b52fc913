import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { clientBuildDir, ssrEntryPath } from '../paths.js';
import { findRoute, type PageName } from '../../../shared/routes.js';
import { assetFolders } from './asset-folders.js';
import type { ClientBundle, ServerEntry } from './client-bundle-types.js';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const CLIENT_ENTRY = 'client/entry-client.tsx';

/** The lazily loaded page chunk of each page of the route table that has one (client/app/App.tsx), preloaded on that page. */
const PAGE_CHUNKS: Partial<Record<PageName, string>> = {
  admin: 'client/pages/admin/AdminPage.tsx',
  contact: 'client/pages/ContactPage.tsx',
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

  const publicTags = tagsFor(manifest, [CLIENT_ENTRY], false);
  const pageTags = new Map(
    Object.entries(PAGE_CHUNKS).map(([page, chunk]) => [page, publicTags + tagsFor(manifest, [chunk], true)]),
  );
  return {
    render: entry.render,
    headTags: async (path) => pageTags.get(findRoute(path)?.page ?? '') ?? publicTags,
    faviconUrl: entry.faviconUrl,
    drawingSources: entry.drawingSources,
  };
}

/** Stylesheets, the entry script and modulepreload hints for the chunks the given entries import. */
function tagsFor(manifest: Manifest, keys: string[], preloadOnly: boolean): string {
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client build has no chunk for ${key}`);
    chunk.css?.forEach((file) => css.add(file));
    for (const imported of chunk.imports ?? []) {
      if (!preloads.has(manifest[imported]!.file)) {
        preloads.add(manifest[imported]!.file);
        visit(imported);
      }
    }
  };
  keys.forEach(visit);
  const tags = [...css].map((file) => `<link rel="stylesheet" href="/${file}">`);
  for (const key of keys) {
    const file = manifest[key]!.file;
    tags.push(
      preloadOnly ? `<link rel="modulepreload" href="/${file}">` : `<script type="module" src="/${file}"></script>`,
    );
  }
  for (const file of preloads) tags.push(`<link rel="modulepreload" href="/${file}">`);
  return tags.join('');
}
