import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { languageStylesheet } from '../../server/pages/document.js';
import { clientBuildDir } from '../../server/platform/paths.js';

/** The built Arabic font stylesheet's URL, from the client build's manifest. */
export function arabicStylesheetUrl(): string {
  const manifest = JSON.parse(readFileSync(join(clientBuildDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  return `/${manifest['client/styles/arabic.css']!.file}`;
}

/**
 * Until the Arabic pages have their own addresses: the page at `url` as an Arabic page shows it, its
 * document `<html lang="ar" dir="rtl">` with the Arabic stylesheet that document.ts adds (the app's
 * own HTML untouched, so it hydrates as usual).
 */
export async function showRightToLeft(page: Page, url: string): Promise<void> {
  const link = languageStylesheet('ar', arabicStylesheetUrl());
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<html lang="en"( dir="ltr")?>/, '<html lang="ar" dir="rtl">')
      .replace('</head>', `${link}</head>`);
    await route.fulfill({ response, body: html });
  });
}
