import t from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import type { Test } from 'tap';
import { ADMIN_VIEWS } from '../../shared/admin/filter.js';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { ADMIN_PAGE_SIZE } from '../../shared/admin/desk.js';
import { sectionPath, SECTIONS } from '../../shared/content/sections.js';
import { violations } from '../helpers/axe.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  backToList,
  doneSays,
  inboxRows,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { deskEnquiry, longEnquiry } from '../helpers/realistic-data.js';
import { postJson } from '../helpers/server.js';

// 60 long enquiries: more than a page, and far more HTML than React's 12,800-byte streaming chunk,
// which is where an outlined Suspense boundary (hidden until an inline script runs) used to appear.
const COUNT = 60;
const { server, browser } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });

t.before(async () => {
  for (let n = 0; n < COUNT; n++) {
    const response = await postJson(`${server.url}/api/enquiries`, longEnquiry(n));
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  }
});

t.test('the server HTML of the signed-in panel is complete: no outlined boundary, no inline script', async (t) => {
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const html = await admin.openPanel();
  t.notMatch(html, /<template/, 'no Suspense placeholder');
  t.notMatch(html, /<div hidden id="S:/, 'no hidden segment waiting for a script');
  t.same(
    [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>/g)].map((m) => m[0]),
    [],
    'no inline script',
  );
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  t.equal(
    main.match(/<li id="enquiry-\d+" class="inbox-row[^"]*"/g)?.length,
    ADMIN_PAGE_SIZE,
    'the first page of rows is in <main>',
  );
  t.match(main, /Load older enquiries/);
});

t.test('without JavaScript: the panel shows the rows, pages, searches, exports, opens one and deletes', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
  t.equal(await inboxRows(page).count(), ADMIN_PAGE_SIZE, 'first page visible');
  t.ok(await inboxRows(page).first().isVisible());

  await page.getByRole('link', { name: 'Load older enquiries' }).click();
  await page.waitForURL(/after=/);
  t.equal(await inboxRows(page).count(), COUNT - ADMIN_PAGE_SIZE, 'the second page holds the rest');

  await page.goto(server.url + '/admin');
  await page.getByPlaceholder(ADMIN_TEXT.searchPlaceholder).fill('ગુજરાત 8 –');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/q=/);
  t.equal(await inboxRows(page).count(), 1, 'Gujarati search finds the one enquiry');
  t.equal(await page.getByRole('link', { name: 'Export to CSV (1)' }).count(), 1);
  const csv = await (
    await context.request.get(
      server.url + (await page.getByRole('link', { name: 'Export to CSV (1)' }).getAttribute('href'))!,
    )
  ).text();
  t.match(csv, /ગુજરાત 8 –/, 'the export holds the filtered enquiry');

  const id = await openEnquiry(page, inboxRows(page).first(), { javaScript: false });
  t.match(await page.locator('#enquiry-message').innerText(), /^ગુજરાત 8 –/, 'the whole enquiry on its page');
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  await page.waitForURL(/q=/);
  await doneSays(page, `Moved #${id} to Trash.`);
  const list = await backToList(page, { javaScript: false });
  t.match(list.search, /^\?q=/, 'back on the search');
  t.ok(await page.getByText(ADMIN_TEXT.empty).isVisible(), 'deleted');
  await context.close();
});

t.test('with JavaScript: one panel, no CSP violation, no React error, paging appends', async (t) => {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  await page.reload();
  await waitForHydration(page);
  t.equal(await page.locator('#admin-search').count(), 1, 'exactly one search box');
  t.equal(await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).count(), 1, 'exactly one panel');
  t.equal(await inboxRows(page).count(), ADMIN_PAGE_SIZE);
  await page.getByRole('link', { name: 'Load older enquiries' }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.inbox-row').length === n, COUNT - 1);
  t.same(problems, [], 'no console errors or warnings');
  await page.close();
});

// Right-to-left names beside Latin and Arabic company names: each must stay whole and in its order.
const RTL_BUYERS = [
  { name: 'عبد الرحمن بن خالد الشمري', company: 'Al-Shamri Industrial Valves & Flanges Trading Company W.L.L.' },
  { name: 'אברהם בן-דוד לוינשטיין', company: 'شركة الخليج للصمامات والشفاه الصناعية المحدودة' },
  { name: 'Jürgen Größmann-Überreiter', company: 'מפעלי הפלדה והיציקות של הגליל העליון בע״מ' },
  { name: 'ભાવેશકુમાર રમણલાલ પટેલ', company: 'Müller-Lüdenscheidt Schmiedetechnik und Armaturenbau GmbH & Co. KG' },
];
const PHONE_WIDTHS = [320, 375];

/** A browser without the site's scripts: the pages as the server sends them (axe and the test's probes still run). */
async function withoutSiteScripts(viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport && { viewport });
  await context.route('**/assets/*.js', (route) => route.abort());
  return context;
}

/** Lays the page out at each phone width in turn (no reload) and checks it there; ends at 375 px. */
async function atPhoneWidths(page: Page, check: (width: number) => Promise<void>) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await check(width);
  }
}

/** Every address of the admin's route table (and every desk view and site section), filled in with what this desk has. */
function adminAddresses(enquiryId: number): string[] {
  const params: Record<string, string | number> = { id: enquiryId, section: 'products', slug: 'flanges', lang: 'de' };
  const fill = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => String(params[name] ?? 1));
  const views = ADMIN_VIEWS.map((view) => `${ADMIN_PATHS.desk}?view=${view}`);
  const sections = SECTIONS.map((section) => sectionPath(section.id));
  return [...new Set([...Object.values(ADMIN_PATHS).map(fill), ...views, ...sections])];
}

/** The addresses that answer a signed-in GET with a page (the rest take a POST, answer JSON or a file). */
async function adminScreens(context: BrowserContext, enquiryId: number): Promise<string[]> {
  const screens: string[] = [];
  for (const address of adminAddresses(enquiryId)) {
    const response = await context.request.get(server.url + address, { maxRedirects: 0 });
    if (response.status() === 200 && response.headers()['content-type']?.startsWith('text/html')) screens.push(address);
  }
  return screens;
}

/** The deepest elements whose right edge passes the screen's (what to fix when a page is too wide). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`),
  );

async function fitsTheScreen(t: Test, page: Page, what: string) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  t.ok(fits, `${what}: nothing wider than the screen`, fits ? {} : { overflowing: await overflowing(page) });
}

/** Where a row shows the buyer's name (or company): its element, text and box on the screen. */
const shown = (page: Page, id: number, part: 'name' | 'company') =>
  page.locator(`#enquiry-${id} .inbox-row__${part}`).evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    const lines = new Set([...element.getClientRects()].map((line) => Math.round(line.top))).size;
    return {
      tag: element.tagName,
      dir: element.getAttribute('dir'),
      text: element.textContent,
      top,
      bottom,
      left,
      right,
      lines,
    };
  });

t.test(
  'every admin screen fits a phone at 320 and 375 px; right-to-left names whole, above their companies',
  async (t) => {
    const ids: number[] = [];
    for (const [n, buyer] of RTL_BUYERS.entries()) {
      const response = await postJson(`${server.url}/api/enquiries`, { ...deskEnquiry(2 * n), ...buyer });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
      ids.push(((await response.json()) as { reference: number }).reference);
    }
    const context = await withoutSiteScripts();
    const page = await context.newPage();
    await page.goto(server.url + ADMIN_PATHS.desk);
    await atPhoneWidths(page, (width) => fitsTheScreen(t, page, `the sign-in form at ${width} px`));
    await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
    const screens = await adminScreens(context, ids[0]!);
    t.ok(screens.length >= 25, `${screens.length} screens answer with a page`);
    for (const address of screens) {
      await page.goto(server.url + address);
      await atPhoneWidths(page, (width) => fitsTheScreen(t, page, `${address} at ${width} px`));
    }
    await page.goto(server.url + ADMIN_PATHS.desk);
    await atPhoneWidths(page, async (width) => {
      for (const [index, id] of ids.entries()) {
        const [name, company] = [await shown(page, id, 'name'), await shown(page, id, 'company')];
        const buyer = RTL_BUYERS[index]!;
        t.match(name, { tag: 'BDI', dir: 'auto', text: buyer.name }, `#${id}: the name isolated, whole`);
        t.match(company, { tag: 'BDI', dir: 'auto', text: buyer.company }, `#${id}: the company isolated`);
        t.ok(name.lines <= 2 && name.right <= width, `#${id} at ${width} px: the name on at most two lines, on screen`);
        t.ok(
          company.top >= name.bottom - 1 && company.right <= width && company.right > company.left,
          `#${id} at ${width} px: the company on its own line under the name`,
        );
      }
    });
    t.same(await violations(page), [], 'axe: the desk at 375 px');
    await context.close();
  },
);

t.test('the bulk bar: its actions in a menu on a phone, in the bar on a wide screen', async (t) => {
  const context = await withoutSiteScripts({ width: 320, height: 800 });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
  const bar = page.getByRole('form', { name: 'Selected enquiries' });
  const trash = bar.getByRole('button', { name: 'Move to trash' });
  t.notOk(await trash.isVisible(), 'folded at 320 px');
  await bar.getByText(ADMIN_TEXT.bulkActions).click();
  const box = await trash.boundingBox();
  t.ok(box && box.x >= 0 && box.x + box.width <= 320, 'the menu opens on the screen, without JavaScript');
  t.same(await violations(page), [], 'axe: the menu open');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();
  t.notOk(await bar.getByText(ADMIN_TEXT.bulkActions).isVisible(), 'no menu at 1280 px');
  t.ok(await trash.isVisible(), 'the actions stand in the bar');
  await context.close();
});
