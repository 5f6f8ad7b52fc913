/**
 * The translated pages in Chromium (issue 38): axe finds nothing in each language, right to left
 * included, at 375 and 1280 px; the offer of the browser's language. A file of its own, beside
 * accessibility.test.ts, so that each stays well inside the runner's time limit.
 */
import t from 'tap';
import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import { TRANSLATED_LANGUAGES } from '../../shared/i18n/languages.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { THANK_YOU_PATH } from '../../shared/routes.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { startBrowserSuite, waitForHydration } from '../helpers/browser.js';
import { publishLanguage } from '../helpers/languages.js';

const WIDTHS = [375, 1280];

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

t.test('axe finds nothing in each translated language, right to left included, at 375 and 1280 px', async (t) => {
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  for (const lang of TRANSLATED_LANGUAGES) await publishLanguage(owner, lang);
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const lang of TRANSLATED_LANGUAGES) {
      for (const path of ['/', '/products/flanges', '/contact', THANK_YOU_PATH]) {
        await page.goto(server.url + localizedPath(lang, path));
        await waitForHydration(page);
        t.same(await violations(page), [], `${width} px ${localizedPath(lang, path)}`);
      }
      await page.goto(server.url + localizedPath(lang, '/contact'));
      await waitForHydration(page);
      await page.getByRole('button', { name: (await loadCatalogue(lang)).form.send }).click();
      await page.locator('.error-summary').waitFor();
      t.same(await violations(page), [], `${width} px ${lang}: the form with its errors`);
    }
    await context.close();
  }
});

t.test(
  'the language offer: in the browser’s language, dismissed for good without a cookie, clear of the quick-contact buttons',
  async (t) => {
    const german = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'de-DE' });
    const page = await german.newPage();
    await page.goto(`${server.url}/products/flanges`);
    await waitForHydration(page);
    const offer = page.getByRole('link', { name: 'Diese Seite gibt es auf Deutsch' });
    await offer.waitFor();
    t.equal(await offer.getAttribute('href'), localizedPath('de', '/products/flanges'), 'the same page in German');
    await page.getByRole('button', { name: 'Nein, danke' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await waitForHydration(page);
    t.equal(await offer.count(), 0, 'dismissed, it stays away');
    t.same(await german.cookies(), [], 'remembered without a cookie');
    await german.close();

    // An Arabic page in an English browser: the card at the start corner (the right), the buttons at the end.
    const english = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const arabic = await english.newPage();
    await arabic.goto(server.url + localizedPath('ar', '/products/flanges'));
    await waitForHydration(arabic);
    const card = (await arabic.locator('.language-offer').boundingBox())!;
    t.ok(card.x + card.width > 1280 - 40, 'the offer at the right, where an Arabic page starts');
    for (const fab of await arabic.locator('.fab').all()) {
      const box = (await fab.boundingBox())!;
      t.ok(box.x + box.width < card.x, `${await fab.getAttribute('class')}: clear of the offer`);
    }
    await english.close();
  },
);
