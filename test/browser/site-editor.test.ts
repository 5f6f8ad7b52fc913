import t from 'tap';
import { ADMIN_TEXT, TRANSLATION_TEXT } from '../../shared/admin/texts.js';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { holdPosts, signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { makePhoto } from '../helpers/photos.js';
import { editSection } from '../helpers/site-editor.js';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

for (const width of [375, 1280]) {
  t.test(
    `with JavaScript at ${width} px: the editor saves in place, shows messages, is axe clean; the edited page hydrates cleanly`,
    async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInWithBrowser(page, server.url, TEST_ADMIN);
      await page.getByRole('link', { name: 'Site', exact: true }).click();
      await page.getByRole('heading', { name: 'Site', level: 1 }).waitFor();
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe: the overview');

      await page.getByRole('link', { name: 'Product: Flanges' }).click();
      await page.getByRole('heading', { name: 'Product: Flanges' }).waitFor();
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe: a product form');
      const address = page.url();
      // A row added in place, its first input focused, nothing published yet.
      const row = (await page.locator('[id^="field-specifications-"][id$="-label"]').count()) + 1;
      await page.getByRole('button', { name: 'Add a specification row' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Added specification row ${row}.` })
        .waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === id, `field-specifications-${row - 1}-label`);
      t.pass('the new row’s first input has the focus');
      await page.getByLabel(`Row ${row}: Label`).fill(`Tolerance ${width}`);
      await page.getByLabel(`Row ${row}: Value`).fill('± 0.05 mm, ISO 2768-m');
      const features = page.getByRole('group', { name: 'Key features' });
      for (const feature of await features.getByRole('textbox').all()) await feature.fill('');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      const summary = page.locator('.error-summary');
      await summary.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      t.pass('the error summary takes the focus');
      t.equal(await summary.getByRole('link').first().innerText(), 'Enter at least one key feature');
      t.equal(await page.getByLabel(`Row ${row}: Label`).inputValue(), `Tolerance ${width}`, 'what was typed stays');
      t.same(await violations(page), [], 'axe: the form with messages');

      await features.getByLabel('Key feature 1', { exact: true }).fill('Forged from certified bar');
      await features.getByLabel('Key feature 2', { exact: true }).fill('Machined faces');
      await page.getByLabel('Note').fill(`spec row at ${width} px`);
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();
      t.equal(page.url(), address, 'saved in place, without leaving the page');
      t.equal(await page.locator('.error-summary').count(), 0, 'no messages left');
      t.equal(
        await page.getByLabel(`Row ${row}: Label`).inputValue(),
        `Tolerance ${width}`,
        'the form shows what was saved',
      );

      // The session ends (2 h idle, or Logout elsewhere): the typed text stays, and once the admin has
      // signed in again in another tab, the next save goes through.
      await page.getByRole('button', { name: 'Add a specification row' }).click();
      await page.getByLabel(`Row ${row + 1}: Label`).waitFor();
      await context.clearCookies();
      await page.getByLabel(`Row ${row + 1}: Label`).fill(`Finish ${width}`);
      await page.getByLabel(`Row ${row + 1}: Value`).fill('Machined or as forged');
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not saved: you are signed out.' }).waitFor();
      t.equal(
        await page.getByLabel(`Row ${row + 1}: Value`).inputValue(),
        'Machined or as forged',
        'signed out: the typed text is kept',
      );
      // Signing in again in another tab leads back to the editor's page, the one asked for signed out.
      const otherTab = await context.newPage();
      await otherTab.goto(`${server.url}/admin`);
      await waitForHydration(otherTab);
      await otherTab.getByLabel('Email').fill(TEST_ADMIN.email);
      await otherTab.getByLabel('Password').fill(TEST_ADMIN.password);
      await otherTab.getByRole('button', { name: ADMIN_TEXT.login }).click();
      await otherTab.waitForURL((url) => url.pathname.startsWith('/admin/site/'));
      await otherTab.close();
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();
      t.equal(
        await page.getByLabel(`Row ${row + 1}: Label`).inputValue(),
        `Finish ${width}`,
        'signed in again: saved with a renewed token',
      );

      const site = await context.newPage();
      const siteProblems = watchConsole(site);
      await site.goto(`${server.url}/products/flanges`);
      await waitForHydration(site);
      t.ok(
        await site.getByRole('rowheader', { name: `Tolerance ${width}` }).isVisible(),
        'the public page shows the new row',
      );
      t.same(siteProblems, [], 'the edited page hydrates with no warning or error');
      // The browser logs the refused saves' answers (400 with the messages; signed out, 401 for a form
      // with photos, read only when signed in, else 403 from the CSRF check), nothing else.
      t.same(
        problems.filter(
          (problem) => !/status of (400 \(Bad Request\)|401 \(Unauthorized\)|403 \(Forbidden\))/.test(problem),
        ),
        [],
        'no console errors in the editor',
      );
      await context.close();
    },
  );

  t.test(`without JavaScript at ${width} px: the editor's forms post, answer with messages, then save`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
    await page.goto(`${server.url}/admin/site/company`);
    t.ok(await page.getByRole('heading', { name: 'Company', level: 2 }).isVisible());
    await page.getByLabel('Contact e-mail address').fill('not-an-address');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.locator('.error-summary').waitFor();
    t.ok(
      await page.getByText('Enter an e-mail address in the correct format, like name@example.com').first().isVisible(),
      'the message',
    );
    t.equal(await page.getByLabel('Contact e-mail address').inputValue(), 'not-an-address', 'the typed value kept');

    await page.getByLabel('Contact e-mail address').fill(`sales-${width}@forge.example`);
    await page.getByLabel('Short name').fill('Shree Ganesh');
    await page.getByLabel('Company name').fill('Shree Ganesh Forgings & Precision Engineering Works Pvt. Ltd.');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.waitForURL(/\/admin\/site\/company\?saved=\d+$/);
    t.ok(await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).isVisible());
    await page.goto(`${server.url}/admin/site/history`);
    t.ok(
      await page
        .getByRole('link', { name: /Restore this version/ })
        .first()
        .isVisible(),
      'the history offers a restore',
    );
    await context.close();
  });
}

t.test(
  'a long company name: the header stays one row of at most two lines at 320 px, with and without a short name',
  async (t) => {
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
    const page = await context.newPage();
    for (const shortName of ['Shree Ganesh', '']) {
      const saved = await editSection(admin, sectionPath('company'), {
        name: 'Shree Ganesh Forgings & Precision Engineering Works Pvt. Ltd.',
        shortName,
      });
      t.equal(saved.status, 303);
      await page.goto(`${server.url}/about`);
      await waitForHydration(page);
      const brand = (await page.locator('.brand').boundingBox())!;
      const toggle = (await page.locator('.nav__toggle').boundingBox())!;
      t.ok(
        toggle.y < brand.y + brand.height && toggle.x >= brand.x + brand.width,
        `short name "${shortName}": the menu button beside the name, on one row`,
      );
      t.equal(
        await page.locator('.brand__name--short').isVisible(),
        shortName !== '',
        'the short name, when there is one',
      );
      t.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 320, 'nothing wider than the screen');
      const shown = page.locator('.brand__name:visible');
      const lines = await shown.evaluate(
        (name) => name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight),
      );
      t.ok(lines <= 2.05, `the name takes at most two lines (${lines.toFixed(1)})`);
      t.equal(
        await page
          .getByRole('link', { name: shortName || 'Shree Ganesh Forgings & Precision Engineering Works Pvt. Ltd.' })
          .count(),
        1,
        'the link is named by the whole name, however much of it is shown',
      );
      t.notOk((await page.locator('footer').innerText()).includes('Ltd..'), 'one full stop after "Ltd."');
    }
    await context.close();
  },
);

t.test('the owner edits an English text and sees the German one marked stale, in words', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  await page.goto(`${server.url}${sectionPath('about')}`);
  const chooser = page.getByRole('navigation', { name: TRANSLATION_TEXT.chooseLanguage });
  await chooser.getByRole('link', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { name: 'About: German' }).waitFor();
  const german = page.getByLabel('Our mission (German)');
  t.match(
    await german.getAttribute('aria-describedby'),
    /state/,
    'the shipped translation is a draft, said on the field',
  );
  await german.fill('Präzise geschmiedete Teile, pünktlich geliefert.');
  await page.getByRole('button', { name: TRANSLATION_TEXT.save }).click();
  await page.getByRole('status').filter({ hasText: 'Saved 1 translation as drafts.' }).waitFor();

  await chooser.getByRole('link', { name: 'English' }).click();
  await page.getByRole('heading', { name: 'About', exact: true, level: 2 }).waitFor();
  await waitForHydration(page);
  await page.getByLabel('Our mission').fill('Precision forgings, delivered on time, every time.');
  await page.getByRole('button', { name: 'Save and publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();

  await chooser.getByRole('link', { name: 'Deutsch' }).click();
  await page.getByRole('heading', { name: 'About: German' }).waitFor();
  const field = page.getByLabel('Our mission (German)');
  t.equal(await field.inputValue(), 'Präzise geschmiedete Teile, pünktlich geliefert.', 'the translation is kept');
  t.match(
    await page.locator('#translation-about-mission-state').innerText(),
    TRANSLATION_TEXT.stale,
    'marked stale, in words',
  );
  t.equal(await page.getByText(/German: \d+ translated, \d+ missing, 1 stale/).count(), 1, 'and counted');
  t.ok(
    (await page.locator('.translation__english', { hasText: 'Precision forgings, delivered on time' }).count()) === 1,
    'beside the new English',
  );
  t.same(await violations(page), [], 'axe: the translation form');
  await context.close();
});

for (const javaScript of [true, false]) {
  t.test(
    `a cover photo ${javaScript ? 'with JavaScript: previewed, sent with progress, saved in place, axe clean' : 'without JavaScript: sent with the form'}; Remove brings the drawing back`,
    async (t) => {
      // A phone's screen: 375 CSS pixels at 2 device pixels each.
      const context = await browser.newContext({
        viewport: { width: 375, height: 900 },
        deviceScaleFactor: 2,
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      const slug = javaScript ? 'pipe-fittings' : 'industrial-valve';
      await page.goto(`${server.url}/admin/site/products/${slug}`);
      if (javaScript) await waitForHydration(page);
      t.ok(await page.getByText('No photo: the page shows the drawing.').isVisible());
      const photo = await makePhoto({ width: 2400, height: 1600, hue: javaScript ? 20 : 200 });
      await page
        .getByLabel('Choose a photo')
        .setInputFiles({ name: 'Fittings – Rohrbögen.jpg', mimeType: 'image/jpeg', buffer: photo });
      if (javaScript) {
        const preview = page.getByRole('figure').filter({ hasText: 'The photo you chose: it is sent when you save.' });
        await preview.waitFor();
        t.match(
          await preview.locator('img').getAttribute('src'),
          /^blob:/,
          'the chosen file is previewed before it is sent',
        );
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>('figure img')].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        );
        t.pass('the preview loads (the CSP allows blob: images)');
      }
      await page.getByLabel('Alt text').fill('Forged elbows in a crate');
      const release = javaScript ? await holdPosts(page, `${server.url}/admin/site/products/${slug}`) : () => {};
      await page.getByRole('button', { name: 'Save and publish' }).click();
      if (javaScript) {
        await page.getByText(/^Sending the photos: \d+ %$/).waitFor();
        t.ok(
          await page.getByRole('progressbar', { name: /Sending the photos/ }).isVisible(),
          'a progress bar while the photo is sent',
        );
        release();
      }
      await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();
      t.ok(
        await page.getByText('The photo now (2400 × 1600 pixels).').isVisible(),
        'the editor shows the stored photo',
      );
      t.equal(await page.getByLabel('Replace it with').inputValue(), '', 'no file left chosen');
      // axe runs as a script in the page: only where scripts run.
      if (javaScript) t.same(await violations(page), [], 'axe: the form with a photo');

      const site = await context.newPage();
      await site.goto(`${server.url}/products/${slug}`);
      const cover = site.getByRole('img', { name: 'Forged elbows in a crate' });
      await site.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('picture img')].every(
          (img) => img.complete && img.naturalWidth > 0,
        ),
      );
      t.match(
        await cover.evaluate((img: HTMLImageElement) => img.currentSrc),
        /\/media\/[0-9a-f]{20}\/960\.avif$/,
        'the page loads the AVIF variant that fits 375 px at 2x (750 pixels)',
      );

      await page.getByLabel(/^Remove: the page shows the drawing$/).check();
      await page.getByRole('button', { name: 'Save and publish' }).click();
      await page.getByText('No photo: the page shows the drawing.').waitFor();
      t.ok(
        await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).isVisible(),
        'removed',
      );
      await site.reload();
      t.equal(await site.locator('picture').count(), 0, 'the page shows the drawing again');
      await context.close();
    },
  );
}
