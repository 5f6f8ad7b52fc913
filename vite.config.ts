import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import subsetFont from 'subset-font';
import { ARABIC_FONT_LETTERS } from './server/platform/bundles/client-bundle-types.js';

/** Writes .br and .gz beside each text asset of the client build, for @fastify/static's preCompressed. */
function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    writeBundle(options) {
      const dir = join(options.dir!, 'assets');
      for (const file of readdirSync(dir).filter((name) => /\.(js|css|svg)$/.test(name))) {
        const content = readFileSync(join(dir, file));
        writeFileSync(
          join(dir, `${file}.br`),
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(join(dir, `${file}.gz`), gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Marks the client's entry (React's DOM and the app, nearly every function of it called while a page
 * hydrates) for eager compilation: Chromium 136+ then compiles its functions off the main thread while
 * it downloads, instead of each on the main thread at its first call (V8's explicit compile hints, a
 * comment that must open the file). Other browsers ignore it.
 */
function compileEntryEagerly(): Plugin {
  return {
    name: 'compile-entry-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

/** Where the build keeps the cut faces (beside Vite's own cache), named as the @fontsource files they stand for. */
const CUT_FONT_DIR = resolve('node_modules/.cache/arabic-font');
const FONTSOURCE_ARABIC_FACE =
  /^.*\/@fontsource\/noto-sans-arabic\/files\/(noto-sans-arabic-arabic-\d+-normal\.woff2)$/;

/**
 * Cuts the Arabic pages' font files (Noto Sans Arabic's Arabic letters from @fontsource, about 49 KB a
 * face) to the basic Arabic block with its shaping rules (about 21 KB): the letters of the extended
 * blocks, which the site's texts do not use, go. site.css names the @fontsource files; the build takes
 * the cut ones in their place, so each built file's name is hashed from the bytes it serves.
 */
function cutArabicFont(): Plugin {
  return {
    name: 'cut-arabic-font',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: FONTSOURCE_ARABIC_FACE, replacement: `${CUT_FONT_DIR}/$1` }] } }),
    async buildStart() {
      const fontsource = join(
        dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-arabic/LICENSE')),
        'files',
      );
      mkdirSync(CUT_FONT_DIR, { recursive: true });
      for (const weight of [400, 700]) {
        const name = `noto-sans-arabic-arabic-${weight}-normal.woff2`;
        const cut = await subsetFont(readFileSync(join(fontsource, name)), ARABIC_FONT_LETTERS, {
          targetFormat: 'woff2',
        });
        // Written beside, then renamed: a build at the same time reads this file whole or the one before.
        const written = join(CUT_FONT_DIR, `${name}.${process.pid}`);
        writeFileSync(written, cut);
        renameSync(written, join(CUT_FONT_DIR, name));
      }
    },
  };
}

// The client bundle is built from client/entry-client.tsx (no index.html: the server writes the
// HTML shell itself), the SSR bundle from client/entry-server.tsx. `npm run build` (server/cli/build.mjs)
// gives each its place in a fresh build folder with --outDir; a bare `vite build` writes into
// build/by-hand/, never into the build that `dist` names and a running server may be serving.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [cutArabicFont(), compileEntryEagerly(), precompressAssets()])],
  build: {
    emptyOutDir: true,
    // Every image stays a hashed file, so the server and the client refer to the same URL.
    assetsInlineLimit: 0,
    // No warning that a plugin was slow (the precompression is, on purpose): a first `npm start` shows only real warnings.
    ...(isSsrBuild
      ? { target: 'node24', outDir: 'build/by-hand/ssr', rolldownOptions: { checks: { bundlerTimings: false } } }
      : {
          outDir: 'build/by-hand/client',
          manifest: true,
          rolldownOptions: {
            input: ['client/entry-client.tsx'],
            // Everything the entry imports statically in the entry's own file: a page asks for two scripts
            // (the app and its language's texts), not six, and a phone on a slow link waits one round trip
            // less before its first paint (Lighthouse's LCP on / fell about 200 ms).
            output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } },
            checks: { bundlerTimings: false },
          },
        }),
  },
}));
