import type { Page } from 'playwright-core';
import t from 'tap';
import { phoneHeaderLines } from '../../shared/content/header-fit.js';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { editSection } from '../helpers/site-editor.js';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

const LONG_NAME = 'Shree Ganesh Forgings & Precision Engineering Works Private Limited';

/** From the desk to a section's form, the way a person goes: Site, then the section in the overview. */
async function openFromOverview(page: Page, section: string, javaScript: boolean) {
  await page.getByRole('link', { name: 'Site', exact: true }).click();
  await page.getByRole('heading', { name: 'Site', level: 1 }).waitFor();
  await page.getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { name: section, level: 2 }).waitFor();
  if (javaScript) await waitForHydration(page);
}

/**
 * Whether the sticky bar hides the focused element (WCAG 2.4.11): an input must be clear of it; a
 * text area taller than what is left of the window only partly (the browser scrolls no further to
 * a field already partly in view), so its top must show.
 */
const hiddenByBar = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement!;
    const box = focused.getBoundingClientRect();
    const bar = document.querySelector('.save-bar')!.getBoundingClientRect();
    const overlaps = box.bottom > bar.top + 1 && box.top < bar.bottom;
    return focused.tagName === 'INPUT' ? overlaps : box.top >= bar.top;
  });

for (const width of [375, 1280])
  for (const javaScript of [true, false]) {
    const how = `${javaScript ? 'with' : 'without'} JavaScript at ${width} px`;

    t.test(`${how}: Preview shows the real page from a draft; back to the form with the text kept`, async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      await openFromOverview(page, 'Product: Flanges', javaScript);

      // Save and publish, and Preview, are in view at once, and stay so; a focused field is never under them.
      const bar = page.locator('.save-bar');
      const inView = async () => {
        const box = (await bar.boundingBox())!;
        return box.y >= 0 && box.y + box.height <= 800;
      };
      t.ok(await inView(), 'the bar is in view at the top of the form');
      for (let stop = 0; stop < 25; stop++) {
        await page.keyboard.press('Tab');
        const onBar = await page.evaluate(() => document.activeElement?.closest('.save-bar') !== null);
        if (!onBar && (await page.evaluate(() => document.activeElement?.closest('form') !== null)))
          t.notOk(await hiddenByBar(page), `Tab stop ${stop + 1} is not hidden by the bar`);
      }
      t.ok(await inView(), 'and in view as the form scrolls');

      const intro = page.getByLabel('Introduction');
      t.equal(await intro.evaluate((element) => element.tagName), 'TEXTAREA');
      await intro.fill(`Preview ${how}: flanges to 48 inches.`);
      t.ok(
        await intro.evaluate(
          (element) => element.getBoundingClientRect().height >= 6 * parseFloat(getComputedStyle(element).lineHeight),
        ),
        'a paragraphs field keeps room for several lines, however short its text',
      );
      const problems = watchConsole(page);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.waitForURL(/\/admin\/site\/preview\/[\w-]{32}$/);
      if (javaScript) {
        await waitForHydration(page);
        t.same(problems, [], 'the preview hydrates at its page’s path, with no warning or error');
      }
      const banner = page.getByRole('region', { name: 'Preview' });
      t.ok(await banner.getByText('Preview: not published').isVisible(), 'the banner says it is not published');
      t.ok(await page.getByText(`Preview ${how}: flanges to 48 inches.`).isVisible(), 'the page shows the draft');
      t.ok(await page.getByRole('heading', { name: 'Flanges', level: 1 }).isVisible(), 'on the real product page');
      t.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex, nofollow', 'never indexed');
      if (javaScript) t.same(await violations(page), [], 'axe: the preview');
      const published = await (await server.fetch('/products/flanges')).text();
      t.notOk(published.includes(`Preview ${how}`), 'the public page does not show it');

      await banner.getByRole('link', { name: 'Back to the form' }).click();
      await page.getByRole('heading', { name: 'Product: Flanges', level: 2 }).waitFor();
      if (javaScript) await waitForHydration(page);
      t.equal(await intro.inputValue(), `Preview ${how}: flanges to 48 inches.`, 'the form keeps the text');
      t.ok(await page.getByText('The text you previewed is below. It is not published yet.').isVisible());
      if (javaScript) t.same(await violations(page), [], 'axe: the form from a draft');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByText('Saved. The site shows your changes now.').waitFor();
      t.ok((await (await server.fetch('/products/flanges')).text()).includes(`Preview ${how}`), 'published once saved');
      await context.close();
    });

    t.test(`${how}: a long company name grows its text area and warns about the phone header`, async (t) => {
      const admin = new AdminClient(server.url);
      await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      t.equal(
        (await editSection(admin, sectionPath('company'), { name: 'Example Forgings', shortName: '' })).status,
        303,
      );
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      await openFromOverview(page, 'Company', javaScript);
      const name = page.getByLabel('Company name');
      t.equal(await name.evaluate((element) => element.tagName), 'TEXTAREA', 'a long field is a text area');
      const before = (await name.boundingBox())!.height;
      const warning = page.locator('#field-name-fit');
      t.match(await name.getAttribute('aria-describedby'), /\bfield-name-fit\b/, 'the warning describes the field');
      t.notOk(await warning.isVisible(), 'no warning for a name that fits');
      await name.fill(LONG_NAME);
      if (width === 375) t.ok((await name.boundingBox())!.height > before, 'it grows as the text wraps');
      if (javaScript) {
        await warning.getByText(/Add a short name below, e\.g\. “Shree Ganesh Forgings”/).waitFor();
        t.pass('the warning shows as the name is typed');
        await page.getByLabel('Short name').fill('Shree Ganesh');
        await warning.waitFor({ state: 'hidden' });
        t.pass('and goes once a short name is typed');
        await page.getByLabel('Short name').fill('');
      }
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByText('Saved. The site shows your changes now.').waitFor();
      t.match(
        await warning.innerText(),
        /^On a phone the header needs about \d lines for this name and shows only two\./,
        'after the save, the warning is under the field',
      );
      if (javaScript) t.same(await violations(page), [], 'axe: the warning');
      await context.close();
    });

    t.test(`${how}: History compares each version with the site; a section's restore is confirmed`, async (t) => {
      const admin = new AdminClient(server.url);
      await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
      t.equal((await editSection(admin, sectionPath('contact'), { intro: `Old intro ${how}` })).status, 303);
      t.equal((await editSection(admin, sectionPath('contact'), { intro: `New intro ${how}` })).status, 303);
      const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      await page.getByRole('link', { name: 'Site', exact: true }).click();
      await page.getByRole('link', { name: 'History' }).click();
      await page.getByRole('heading', { name: 'History', level: 2 }).waitFor();
      if (javaScript) await waitForHydration(page);
      // Under the version before the newest (the old intro): what restoring it changes.
      const row = page.locator('.revision-diff').first();
      await row.locator('summary').click();
      t.ok(
        await row.getByRole('cell', { name: `Old intro ${how}` }).isVisible(),
        'the version’s value beside the value now, field by field',
      );
      if (javaScript) t.same(await violations(page), [], 'axe: the history, opened');
      await row.getByRole('link', { name: /Restore only Contact page/ }).click();
      await page.getByRole('heading', { name: /^Restore Contact page from version \d+\?$/ }).waitFor();
      t.match(
        await page.locator('.restore-summary').innerText(),
        /^Restoring Contact page from version \d+ changes 1 field\.$/,
        'how many fields change',
      );
      if (javaScript) t.same(await violations(page), [], 'axe: the confirmation');
      await page.getByRole('button', { name: 'Confirm: restore' }).click();
      await page.getByText(/^Version \d+ is published: the site shows it now\.$/).waitFor();
      t.ok(
        (await (await server.fetch('/contact')).text()).includes(`Old intro ${how}`),
        'the section is restored, as a new version',
      );
      await context.close();
    });
  }

t.test('the estimate of the phone header’s lines agrees with Chromium at 375 px', async (t) => {
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const context = await browser.newContext({ viewport: { width: 375, height: 700 } });
  const page = await context.newPage();
  for (const name of [
    'Example Forgings',
    'Shree Ganesh Forgings Pvt. Ltd.',
    'Rajkot Precision Forge and Machining Works',
    LONG_NAME,
    'Mahalaxmi Heavy Engineering Forgings and Flanges Industries Private Limited',
  ]) {
    t.equal((await editSection(admin, sectionPath('company'), { name, shortName: '' })).status, 303);
    await page.goto(`${server.url}/`);
    const lines = await page.locator('.brand__name').evaluate((element) => {
      // The header cuts the name at two lines: measured without the cut.
      (element as HTMLElement).style.setProperty('-webkit-line-clamp', 'unset');
      (element as HTMLElement).style.setProperty('display', 'block');
      return Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight));
    });
    t.equal(phoneHeaderLines(name) > 2, lines > 2, `“${name}”: ${lines} lines, estimated ${phoneHeaderLines(name)}`);
  }
  await context.close();
});
