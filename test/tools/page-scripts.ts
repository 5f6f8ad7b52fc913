/**
 * The public JavaScript of a few pages, from a client build's manifest: the app's entry, the page's lazy
 * chunk and its language's texts, with every chunk they import, each counted once, gzip -9.
 * Usage: npx tsx test/tools/page-scripts.ts [client build folder, default dist/client]
 * (docs/languages.md keeps the figures; a build of an older commit works too, where a chunk it lacks is skipped.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const folder = process.argv[2] ?? 'dist/client';
const manifest = JSON.parse(readFileSync(join(folder, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; imports?: string[] }
>;

function gzipKiB(sources: string[]): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  sources.forEach(visit);
  const bytes = [...files].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(folder, file)), { level: 9 }).length,
    0,
  );
  return (bytes / 1024).toFixed(2);
}

const texts = (lang: string) => [`shared/i18n/catalogues/${lang}.ts`];
const forms = (lang: string) => [`shared/i18n/catalogues/forms/${lang}.ts`];
const ENTRY = 'client/entry-client.tsx';

for (const lang of ['en', 'de', 'ar']) {
  console.log(`home, ${lang}: ${gzipKiB([ENTRY, ...texts(lang)])} KiB`);
  console.log(
    `contact, ${lang}: ${gzipKiB([ENTRY, 'client/pages/ContactPage.tsx', ...texts(lang), ...forms(lang)])} KiB`,
  );
}
console.log(`infrastructure, en: ${gzipKiB([ENTRY, 'client/pages/InfrastructurePage.tsx', ...texts('en')])} KiB`);
