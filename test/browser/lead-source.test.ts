import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { Page } from 'playwright-core';
import type { EnquiryList } from '../../shared/admin/desk.js';
import { NO_SOURCE } from '../../shared/enquiry/lead-source.js';
import { SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { THANK_YOU_PATH } from '../../shared/routes.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { A_PERSONS_PACE_MS, DAY_MS } from '../helpers/clock.js';
import { longEnquiry } from '../helpers/realistic-data.js';

// Where each lead came from (issue #23), as buyers arrive: on the home page from a LinkedIn post's
// link (?utm_source=linkedin…), through the menu to a product page, Request a Quote, send; with
// JavaScript the first page and its campaign go with the enquiry, without it what the form page's
// Referer says. Then the Reports page, with realistic data, at 375 and 1280 px, axe clean.
// LEAD_SCREENSHOTS=<folder> keeps screenshots of the Reports page.

const { server, browser, clock } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });
const admin = new AdminClient(server.url);
await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
let n = 0;

/** The enquiry whose company carries `tag`, as the admin's list gives it. */
async function enquiryTagged(tag: string) {
  const list = (await (await admin.request(`/admin/api/enquiries?q=${encodeURIComponent(tag)}`)).json()) as EnquiryList;
  t.equal(list.enquiries.length, 1, `${tag}: one enquiry`);
  return list.enquiries[0]!;
}

/** A buyer at the form: it holds its token, they type at a person's pace, send, and see it sent. */
async function enquire(page: Page, javaScript: boolean, tag: string) {
  await page.waitForFunction(
    (name) => !!document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value,
    FORM_TOKEN_FIELD,
  );
  const buyer = longEnquiry(++n);
  await page.locator('#enquiry-name').fill(buyer.name);
  await page.locator('#enquiry-phone').fill(buyer.phone);
  await page.locator('#enquiry-subject').fill(buyer.subject);
  await page.locator('#enquiry-message').fill(buyer.message);
  await page.locator('#enquiry-company').fill(`Rheinmetall Schmiedetechnik ${tag}`);
  clock.advance(A_PERSONS_PACE_MS);
  await page.getByRole('button', { name: 'Send Message' }).click();
  if (javaScript) await page.getByText(SUCCESS_MESSAGE).waitFor();
  else await page.waitForURL((url) => url.pathname === THANK_YOU_PATH);
}

for (const javaScript of [true, false]) {
  t.test(
    `a LinkedIn visitor through two pages to the form, ${javaScript ? 'with' : 'without'} JavaScript`,
    async (t) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        javaScriptEnabled: javaScript,
      });
      t.teardown(() => context.close());
      const page = await context.newPage();
      const problems = watchConsole(page);
      const tag = `[utm ${javaScript ? 'js' : 'nojs'}]`;

      await page.goto(`${server.url}/?utm_source=linkedin&utm_medium=social&utm_campaign=flanges-spring`);
      if (javaScript) await waitForHydration(page);
      const menu = page.getByRole('navigation', { name: 'Main' });
      await menu.getByRole('link', { name: 'Products', exact: true }).hover();
      await menu.getByRole('link', { name: 'Flanges', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/products/flanges');
      await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
      await page.waitForURL((url) => url.pathname === '/contact');
      await enquire(page, javaScript, tag);

      const { source } = await enquiryTagged(tag);
      t.same(
        source,
        javaScript
          ? {
              landing: '/?utm_source=linkedin&utm_medium=social&utm_campaign=flanges-spring',
              referrer: null,
              utmSource: 'linkedin',
              utmMedium: 'social',
              utmCampaign: 'flanges-spring',
            }
          : // Only the Referer of the form page: the page before it, on this site.
            { ...NO_SOURCE, landing: '/products/flanges' },
        'the source the admin sees',
      );
      t.same(problems, [], 'no console errors');
    },
  );

  t.test(`from another site straight to the form, ${javaScript ? 'with' : 'without'} JavaScript`, async (t) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, javaScriptEnabled: javaScript });
    t.teardown(() => context.close());
    const page = await context.newPage();
    const tag = `[referrer ${javaScript ? 'js' : 'nojs'}]`;
    await page.goto(`${server.url}/contact?product=flanges`, { referer: 'https://www.google.com/' });
    if (javaScript) await waitForHydration(page);
    await enquire(page, javaScript, tag);
    t.same(
      (await enquiryTagged(tag)).source,
      { ...NO_SOURCE, landing: '/contact?product=flanges', referrer: 'www.google.com' },
      'the form page was the landing page; the other site its referrer',
    );
  });
}

t.test('the admin sees the LinkedIn enquiries on the Reports page', async (t) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.teardown(() => context.close());
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Reports' }).click();
  await page.locator('h1', { hasText: 'Reports' }).waitFor();
  await waitForHydration(page);
  const bySource = page.getByRole('region', { name: 'By source: table' });
  const linkedin = bySource.getByRole('row', { name: /^linkedin/ });
  t.same(await linkedin.getByRole('cell').allInnerTexts(), ['1', '0 (0%)', '0 (0%)'], 'one enquiry from LinkedIn');
  t.same(
    await bySource
      .getByRole('row', { name: /^www\.google\.com/ })
      .getByRole('cell')
      .allInnerTexts(),
    ['2', '0 (0%)', '0 (0%)'],
  );
});

/** A year of enquiries as they come: sources, products, countries and stages in realistic proportions. */
function seedRealistic(databasePath: string, now: number) {
  const db = new Database(databasePath);
  const insert = db.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at, status, utm_source, utm_medium, utm_campaign,
       source_referrer, source_landing, product, country)
     VALUES (@name, '+91 98250 12345', 'Quotation', 'Please quote.', @createdAt, @status, @utmSource, @utmMedium,
       @utmCampaign, @referrer, @landing, @product, @country)`,
  );
  const sources: [utm: string | null, medium: string | null, referrer: string | null, weight: number][] = [
    [null, null, 'www.google.com', 30],
    [null, null, null, 22],
    ['linkedin', 'social', null, 14],
    ['indiamart', 'listing', null, 10],
    ['newsletter', 'email', null, 6],
    [null, null, 'www.bing.com', 4],
    [null, null, 'www.tradeindia.com', 3],
    ['google', 'cpc', null, 8],
    [null, null, 'duckduckgo.com', 2],
    [null, null, 'www.alibaba.com', 1],
  ];
  const products = ['flanges', 'auto-parts', 'pipe-fittings', 'industrial-valve', 'transmission-parts', null];
  const countries = ['India', 'United Arab Emirates', 'Germany', 'United States', 'Saudi Arabia', 'Kenya', null];
  const stages = ['new', 'open', 'open', 'quoted', 'quoted', 'won', 'lost', 'new'];
  const weights = sources.flatMap((source) => Array<typeof source>(source[3]).fill(source));
  db.transaction(() => {
    for (let i = 0; i < 400; i++) {
      const [utm, medium, referrer] = weights[(i * 37) % weights.length]!;
      insert.run({
        name: `Buyer ${i}`,
        createdAt: new Date(now - ((i * 7919) % 360) * DAY_MS - i * 60_000).toISOString(),
        status: stages[(i * 13) % stages.length],
        utmSource: utm,
        utmMedium: medium,
        utmCampaign: utm ? 'forgings-2026' : null,
        referrer,
        landing: utm ? `/?utm_source=${utm}` : '/',
        product: products[(i * 5) % products.length],
        country: countries[(i * 3 + (i % 4)) % countries.length],
      });
    }
  })();
  db.close();
}

t.test('the Reports page at 375 and 1280 px: complete, no sideways scrolling, axe clean', async (t) => {
  seedRealistic(join(server.dataDir, 'forge.db'), clock.now());
  const shots = process.env.LEAD_SCREENSHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const width of [375, 1280]) {
    for (const javaScript of [true, false]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      await page.goto(`${server.url}/admin/reports`);
      if (javaScript) await waitForHydration(page);
      const how = `${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
      t.equal(await page.getByRole('img', { name: /^By source: chart/ }).count(), 1, `${how}: the source chart`);
      t.ok((await page.getByRole('region', { name: 'By country: table' }).getByRole('row').count()) > 3, how);
      // The period chooser works as a plain GET form.
      await page.getByLabel('From', { exact: true }).fill('2026-01-01');
      await page.getByLabel('To', { exact: true }).fill('2026-01-31');
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL((url) => url.searchParams.get('from') === '2026-01-01');
      await page.getByRole('link', { name: 'Last 12 months' }).click();
      await page.waitForURL((url) => url.searchParams.get('from') !== '2026-01-01');
      await page.locator('[aria-current="true"]', { hasText: 'Last 12 months' }).waitFor();
      if (javaScript) await waitForHydration(page);
      t.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${how}: nothing wider than the screen`,
      );
      // axe runs scripts in the page: with them (the page is the same HTML without).
      if (javaScript) t.same(await violations(page), [], `${how}: axe`);
      if (shots && javaScript) await page.screenshot({ path: join(shots, `reports-${width}.png`), fullPage: true });
      t.same(problems, [], `${how}: no console errors`);
      await context.close();
    }
  }
});
