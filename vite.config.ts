import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

/** boot.ts and its stylesheet: in boot's own files, not the app's. */
const BOOT_ONLY = /client[\\/](boot\.ts$|styles[\\/])/;

// The client bundle is built from client/boot.ts, which loads client/entry-client.tsx once the page is
// painted (no index.html: the server writes the HTML shell itself), the SSR bundle from client/entry-server.tsx. `npm run build` (server/cli/build.mjs)
// gives each its place in a fresh build folder with --outDir; a bare `vite build` writes into
// build/by-hand/, never into the build that `dist` names and a running server may be serving.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [precompressAssets()])],
  build: {
    emptyOutDir: true,
    // No <link rel="modulepreload"> added by the app's dynamic imports: one added to the head restyles
    // the whole page (tens of milliseconds on a phone). The server names each page's chunks in its
    // script tag instead, for boot.ts to fetch (production-bundle.ts).
    modulePreload: false,
    // Every image stays a hashed file, so the server and the client refer to the same URL.
    assetsInlineLimit: 0,
    // No warning that a plugin was slow (the precompression is, on purpose): a first `npm start` shows only real warnings.
    ...(isSsrBuild
      ? { target: 'node24', outDir: 'build/by-hand/ssr', rolldownOptions: { checks: { bundlerTimings: false } } }
      : {
          outDir: 'build/by-hand/client',
          manifest: true,
          rolldownOptions: {
            input: ['client/boot.ts', 'client/entry-client.tsx'],
            // React's DOM in a chunk of its own, which boot.ts evaluates in a task before the app's; the
            // rest of what the app imports statically in the app's file (a page fetches four scripts, not nine).
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
                  { name: 'entry-client', tags: ['$initial'], test: (id: string) => !BOOT_ONLY.test(id), priority: 1 },
                ],
              },
            },
            checks: { bundlerTimings: false },
          },
        }),
  },
}));
