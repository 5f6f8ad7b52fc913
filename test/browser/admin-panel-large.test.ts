import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { ADMIN_PAGE_SIZE } from '../../shared/admin/desk.js';
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
import { longEnquiry } from '../helpers/realistic-data.js';
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
