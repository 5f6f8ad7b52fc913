/**
 * Screenshots of the home page right to left (`<html lang="ar" dir="rtl">` with the Arabic font's
 * stylesheet, test/helpers/right-to-left.ts), at a phone's width with the menu open and at a
 * desktop's (npx tsx test/tools/rtl-screenshots.ts [folder], default docs/screenshots). Runs the
 * built server (npm run build first) and Debian's Chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, waitForHydration } from '../helpers/browser.js';
import { showRightToLeft } from '../helpers/right-to-left.js';
import { removeDataDir, startServer } from '../helpers/server.js';

const folder = process.argv[2] ?? 'docs/screenshots';
mkdirSync(folder, { recursive: true });
const server = await startServer();
try {
  const browser = await launchBrowser();
  for (const width of [375, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 800 ? 800 : 900 } });
    await showRightToLeft(page, server.url + '/');
    await page.goto(server.url + '/');
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    if (width < 800) await page.getByRole('button', { name: 'Menu' }).click();
    await page.screenshot({ path: join(folder, `rtl-home-${width}.png`) });
    await page.close();
  }
  await browser.close();
} finally {
  await server.close();
  removeDataDir(server.dataDir);
}
