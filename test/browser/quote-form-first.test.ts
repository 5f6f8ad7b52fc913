import t from 'tap';
import type { Page } from 'playwright-core';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  inboxRow,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { A_PERSONS_PACE_MS } from '../helpers/clock.js';
import { SAMPLE_DRAWINGS } from '../helpers/drawings.js';
import { editSection } from '../helpers/site-editor.js';

// A buyer on a phone (and on a desktop) asks for a quote from a product page: the page opens at the
// form, headed by the product, its product and quantity first, clear of the sticky header; and
// nothing fixed ever covers what has focus, field or link.
const { server, browser, clock } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100' });

const SIZES = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

/**
 * A page at this size, with the site's scripts or without them (axe and the test's probes still run);
 * `touch`: a touch screen, tapped.
 */
async function newPage(size: { width: number; height: number }, javaScript: boolean, { touch = false } = {}) {
  const context = await browser.newContext({ viewport: size, hasTouch: touch });
  if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
  return { context, page: await context.newPage() };
}

/**
 * Whether an element is seen whole: inside the screen, and nothing (the sticky header, the bar of
 * quick-contact buttons at the bottom) drawn over its top or its bottom edge.
 */
async function inClearView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate(seenWhole);
}

/** In the page: the element's top and bottom edges, at its middle, are the element's own pixels, on screen. */
function seenWhole(element: Element): boolean {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) return false;
  const x = box.left + box.width / 2;
  return [box.top + 1, box.bottom - 1].every((y) => {
    const seen = document.elementFromPoint(x, y);
    return seen !== null && (element.contains(seen) || seen.contains(element));
  });
}

for (const size of SIZES) {
  for (const javaScript of [true, false]) {
    const how = `${size.width} px, ${javaScript ? 'with' : 'without'} JavaScript`;

    t.test(
      `${how}: Request a Quote opens the form itself, headed by the product, product and quantity first`,
      async (t) => {
        const { context, page } = await newPage(size, javaScript);
        const problems = javaScript ? watchConsole(page) : [];
        await page.goto(`${server.url}/`);
        if (javaScript) await waitForHydration(page);
        // Home → the product's card, as a buyer goes.
        await page
          .getByRole('main')
          .getByRole('link', { name: /Flanges/ })
          .first()
          .click();
        await page.waitForURL('**/products/flanges');
        await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
        await page.waitForURL('**/contact?product=flanges#enquiry-form');
        if (javaScript) await waitForHydration(page);
        await page.getByRole('heading', { level: 2, name: 'Request a quote: Flanges' }).waitFor();
        t.ok(await inClearView(page, '#enquiry-form-title'), 'the heading is in view, below the sticky header');
        const order = await page
          .locator('#enquiry-form')
          .evaluate((form) =>
            [...form.querySelectorAll('input:not([type=hidden]), select, textarea')].map((c) => c.id),
          );
        t.same(
          order.filter((id) => id !== '').slice(0, 3),
          ['enquiry-product', 'enquiry-quantity', 'enquiry-unit'],
          'the product, then the quantity and its unit, come first',
        );
        t.equal(await page.locator('#enquiry-product').inputValue(), 'flanges', 'the product is chosen');
        if (javaScript)
          t.equal(await page.evaluate(() => document.activeElement?.id), 'enquiry-form-title', 'focus on the heading');
        t.same(await violations(page), [], 'axe clean');

        // Back to the product, then the floating Send Enquiry (a bar at the bottom on a phone).
        await page.goBack();
        await page.waitForURL('**/products/flanges');
        await page
          .getByRole('complementary', { name: 'Quick contact' })
          .getByRole('link', { name: 'Send Enquiry' })
          .click();
        await page.waitForURL('**/contact?product=flanges#enquiry-form');
        t.ok(await inClearView(page, '#enquiry-form-title'), 'Send Enquiry lands on the form too');
        t.same(problems, [], 'no console errors');
        await context.close();
      },
    );

    t.test(
      `${how}: the floating Send Enquiry on the home page lands on the form, "Send Us a Message", in view under the header`,
      async (t) => {
        const phone = size.width < 900;
        const { context, page } = await newPage(size, javaScript, { touch: phone });
        const problems = javaScript ? watchConsole(page) : [];
        await page.goto(`${server.url}/`);
        if (javaScript) await waitForHydration(page);
        const sendEnquiry = page
          .getByRole('complementary', { name: 'Quick contact' })
          .getByRole('link', { name: 'Send Enquiry' });
        if (phone) await sendEnquiry.tap();
        else await sendEnquiry.click();
        await page.waitForURL(
          (url) => url.pathname === '/contact' && url.search === '' && url.hash === '#enquiry-form',
        );
        if (javaScript) await waitForHydration(page);
        await page.getByRole('heading', { level: 2, name: 'Send Us a Message' }).waitFor();
        // The browser scrolls on a full load (no JavaScript), the page itself after a route change.
        await page.waitForFunction(() => window.scrollY > 0);
        t.ok(await inClearView(page, '#enquiry-form-title'), 'the heading is in view, below the sticky header');
        t.ok(
          await page
            .locator('#enquiry-name')
            .evaluate((input) => input.getBoundingClientRect().top < window.innerHeight),
          'the first field shows under it',
        );
        if (javaScript)
          t.equal(await page.evaluate(() => document.activeElement?.id), 'enquiry-form-title', 'focus on the heading');
        t.equal(await page.getByText('Request a quote:').count(), 0, 'no product named');
        t.same(await violations(page), [], 'axe clean');
        t.same(problems, [], 'no console errors');
        await context.close();
      },
    );

    t.test(`${how}: Contact Us from the menu: the form keeps its heading "Send Us a Message"`, async (t) => {
      const { context, page } = await newPage(size, javaScript);
      await page.goto(`${server.url}/about`);
      if (javaScript) await waitForHydration(page);
      if (size.width < 900) await page.getByRole('button', { name: /menu/i }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact Us' }).click();
      await page.waitForURL((url) => url.pathname === '/contact');
      await page.getByRole('heading', { level: 2, name: 'Send Us a Message' }).waitFor();
      t.equal(await page.getByText('Request a quote:').count(), 0);
      await context.close();
    });
  }
}

t.test('375 px without JavaScript: the browser reports a missing field in view, under the header', async (t) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/contact?product=flanges#enquiry-form`);
  await page.getByLabel(/^Quantity/).fill('500');
  // Down to the button, then send with the name, phone and message empty: the browser's own check
  // scrolls back to the first of them.
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForFunction(() => document.activeElement?.id === 'enquiry-name');
  t.ok(
    await inClearView(page, 'label[for="enquiry-name"]'),
    'the field and its label are in view, clear of the header',
  );
  await context.close();
});

t.test(
  '375 px with JavaScript: the error summary links to a field shown under the header; a second try is sent',
  async (t) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/products/auto-parts`);
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL('**/contact?product=auto-parts#enquiry-form');
    await waitForHydration(page);
    await page.getByLabel(/^Quantity/).fill('1200');
    await page.locator('#enquiry-message').fill('Ring forgings, EN8, 40 kg each; drawings to follow.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const summary = page.locator('.error-summary');
    await summary.waitFor();
    await summary.getByRole('link').first().click();
    await page.waitForFunction(() => document.activeElement?.id === 'enquiry-name');
    t.ok(await inClearView(page, 'label[for="enquiry-name"]'), 'the field and its label are clear of the header');
    await page.locator('#enquiry-name').fill('Hans-Jürgen Müller');
    await page.locator('#enquiry-phone').fill('+49 711 1234567');
    clock.advance(A_PERSONS_PACE_MS);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for contacting us! We will get back to you soon.').waitFor();
    await context.close();
  },
);

/**
 * Tabs through the whole page, as a keyboard user does: each field and link that takes the focus, and
 * those of them not seen whole (the sticky header or the bottom bar over them).
 */
async function focusEveryStop(page: Page): Promise<{ visited: number; covered: string[] }> {
  const covered: string[] = [];
  let visited = 0;
  for (let step = 0; step < 200; step++) {
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    if ((await focused.count()) === 0) break;
    const name = await focused.evaluate(
      (element) => `${element.tagName} ${element.id || element.textContent?.trim().slice(0, 30)}`,
    );
    visited++;
    if (!(await focused.evaluate(seenWhole))) covered.push(name);
  }
  return { visited, covered };
}

/** The site's name as it ships, and a name that takes two lines of the phone's header. */
const DEFAULT_COMPANY_NAME = 'Example Forgings';
const LONG_COMPANY_NAME = 'Shree Ganesh Forgings & Precision Engineering Works Pvt. Ltd.';

/** Publishes the company's name (and no short name), as the owner does in the site editor. */
async function nameTheCompany(name: string) {
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const saved = await editSection(admin, sectionPath('company'), { name, shortName: '' });
  if (saved.status !== 303) throw new Error(`the company's name was not saved: ${saved.status}`);
}

for (const companyName of [DEFAULT_COMPANY_NAME, LONG_COMPANY_NAME])
  for (const javaScript of [true, false])
    for (const path of ['/products/flanges', '/contact?product=flanges']) {
      const named = companyName === DEFAULT_COMPANY_NAME ? 'the default company name' : 'a long company name';
      t.test(
        `375 px ${javaScript ? 'with' : 'without'} JavaScript, ${named}: focusing every field and link of ${path}, none is covered by the header or the bottom bar`,
        async (t) => {
          if (companyName !== DEFAULT_COMPANY_NAME) {
            await nameTheCompany(companyName);
            t.teardown(() => nameTheCompany(DEFAULT_COMPANY_NAME));
          }
          const { context, page } = await newPage({ width: 375, height: 740 }, javaScript);
          await page.goto(`${server.url}${path}`);
          if (javaScript) await waitForHydration(page);
          if (companyName !== DEFAULT_COMPANY_NAME) {
            // Set smaller and cut at two lines, the name keeps the header at its height (64 px).
            const header = (await page.locator('.site-header').boundingBox())!.height;
            const lines = await page
              .locator('.brand__name')
              .evaluate((name) => name.getBoundingClientRect().height / parseFloat(getComputedStyle(name).lineHeight));
            t.equal(Math.round(lines), 2, `the name takes two lines of the header (${header} px high)`);
          }
          const { visited, covered } = await focusEveryStop(page);
          t.ok(visited > 10, `${visited} fields and links focused`);
          t.same(covered, [], 'every focused element in clear view');
          await context.close();
        },
      );
    }

t.test(
  '375 px with JavaScript: the chosen drawings are listed with their sizes; one removed is not sent',
  async (t) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/products/industrial-valve`);
    await waitForHydration(page);
    await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
    await page.waitForURL('**/contact?product=industrial-valve#enquiry-form');
    await waitForHydration(page);
    await page.getByLabel(/^Quantity/).fill('300');
    await page.locator('#enquiry-name').fill('Ahmed Al-Farsi');
    await page.locator('#enquiry-phone').fill('+968 2412 3456');
    await page.locator('#enquiry-message').fill('Ball valve bodies, A105, see the drawing.');
    await page.getByLabel('Drawings').setInputFiles([
      { name: 'valve body rev B.pdf', mimeType: 'application/pdf', buffer: SAMPLE_DRAWINGS.pdf.bytes },
      { name: 'old photo.png', mimeType: 'image/png', buffer: SAMPLE_DRAWINGS.png.bytes },
    ]);
    const chosen = page.getByRole('list', { name: 'Chosen drawings' });
    t.match(
      await chosen.innerText(),
      /valve body rev B\.pdf\s+\d+ KB[\s\S]*old photo\.png\s+\d+ KB/,
      'both listed with sizes',
    );
    await chosen.getByRole('button', { name: 'Remove old photo.png' }).click();
    t.equal(await chosen.getByRole('listitem').count(), 1, 'one left');
    t.equal(await page.locator('#enquiry-drawings').evaluate((input: HTMLInputElement) => input.files?.length), 1);
    t.equal(await page.evaluate(() => document.activeElement?.id), 'enquiry-drawings', 'focus back on the input');
    t.same(await violations(page), [], 'axe clean with a file listed');
    clock.advance(A_PERSONS_PACE_MS);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you for contacting us! We will get back to you soon.').waitFor();
    t.equal(await page.getByRole('list', { name: 'Chosen drawings' }).count(), 0, 'the list is emptied with the form');
    t.same(problems, []);

    const admin = await browser.newPage();
    await signInWithBrowser(admin, server.url, TEST_ADMIN);
    await openEnquiry(admin, inboxRow(admin, 'Ahmed Al-Farsi'));
    t.equal(
      await admin.getByRole('link', { name: 'valve body rev B.pdf' }).count(),
      1,
      'the drawing kept reached the desk',
    );
    t.equal(await admin.getByRole('link', { name: 'old photo.png' }).count(), 0, 'the one removed did not');
    await admin.close();
    await context.close();
  },
);
