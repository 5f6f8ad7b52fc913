import type { Page } from 'playwright-core';

/**
 * The page at `url` as an Arabic page shows it: its document `<html lang="ar" dir="rtl">`, which
 * site.css sets in the Arabic font (the app's own HTML untouched, so it hydrates as usual).
 */
export async function showRightToLeft(page: Page, url: string): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<html lang="en"( dir="ltr")?>/, '<html lang="ar" dir="rtl">');
    await route.fulfill({ response, body: html });
  });
}
