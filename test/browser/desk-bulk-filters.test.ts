import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import t from 'tap';
import type { Page } from 'playwright-core';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  backToList,
  bulkAction,
  doneSays,
  inboxRow,
  inboxRows,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { formTokenFor } from '../helpers/form-token.js';
import { longEnquiry } from '../helpers/realistic-data.js';
import { postJson } from '../helpers/server.js';

const { server, browser } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });
const products = ['flanges', 'auto-parts', 'pipe-fittings'];
t.before(async () => {
  for (let n = 0; n < 12; n++) {
    await postJson(`${server.url}/api/enquiries`, {
      ...longEnquiry(n),
      name: `Buyer ${n} – ${longEnquiry(n).name}`,
      product: products[n % 3],
    });
  }
  // Two that the heuristics flag: a form sent within a second, and one without a token and with a link.
  await postJson(`${server.url}/api/enquiries`, {
    ...longEnquiry(20),
    name: 'Fast Bot',
    form_token: formTokenFor(server.url, 500),
  });
  await postJson(`${server.url}/api/enquiries`, {
    ...longEnquiry(21),
    message: 'Cheap parts: https://spam.example',
    name: 'Tokenless Bot',
    form_token: '',
  });
});

const rows = inboxRows;
const row = inboxRow;
/** The stage, product and date filters, under their "Filters" disclosure (open when one is set). */
async function openFilters(page: Page) {
  const filters = page.locator('details.admin-filters__more');
  if (!(await filters.evaluate((details: HTMLDetailsElement) => details.open)))
    await filters.locator('summary').click();
}
const bulk = (page: Page) => page.getByRole('form', { name: 'Selected enquiries' });
const count = async (page: Page) =>
  Number(await page.locator('.admin-stats div').filter({ hasText: 'Filtered Results' }).locator('dd').innerText());

for (const width of [375, 1280]) {
  t.test(
    `with JavaScript at ${width} px: filters follow the address, select all, bulk actions, Spam; axe clean`,
    async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInWithBrowser(page, server.url, TEST_ADMIN);
      t.same(await violations(page), [], 'axe: the list with its views, filters and bulk bar');

      await openFilters(page);
      await page.getByLabel('Product', { exact: true }).selectOption('flanges');
      await page.waitForURL(/product=flanges/);
      await page.waitForFunction(() => document.querySelectorAll('.inbox-row').length === 4);
      t.equal(await count(page), 4, 'Filtered Results follows the filter');
      await page.reload();
      await waitForHydration(page);
      t.equal(
        await page.getByLabel('Product', { exact: true }).inputValue(),
        'flanges',
        'the address keeps the filter across a reload',
      );
      t.equal(await rows(page).count(), 4);

      await bulk(page).getByRole('button', { name: 'Select all' }).click();
      t.equal(await page.locator('.inbox-row__select:checked').count(), 4, 'every row on the page ticked');
      await bulk(page).getByText('4 selected').waitFor();
      await bulkAction(page, 'Mark as read');
      // Done when the list has been reloaded, which also clears the selection.
      await bulk(page).getByText('0 selected').waitFor();
      t.equal(await page.locator('.inbox-row--unread').count(), 0, 'all four read, in place');
      await page.getByRole('checkbox', { name: /Buyer 0 – / }).check();
      const spammed = await row(page, 'Buyer 0 – ').getAttribute('id');
      await bulkAction(page, 'Mark as spam');
      await row(page, 'Buyer 0 – ').waitFor({ state: 'detached' });
      t.equal(await count(page), 3, 'moved to Spam: gone from the inbox');
      await doneSays(page, `Moved #${spammed?.replace('enquiry-', '')} to Spam.`);

      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL(/\/admin$/);
      await page.waitForFunction(() => document.querySelectorAll('.inbox-row').length > 4);
      t.equal(await page.getByLabel('Product', { exact: true }).inputValue(), '', 'filters cleared');
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /^Spam/ }).click();
      await page.waitForURL(/view=spam$/);
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe: Spam');
      // Why each is in Spam shows on its page.
      await openEnquiry(page, row(page, 'Fast Bot'));
      t.equal(
        await page.getByText(/^Spam: The form was filled in 0\.\d s, faster than a person can\.$/).count(),
        1,
        'the reason shows',
      );
      await backToList(page);
      await openEnquiry(page, row(page, 'Tokenless Bot'));
      t.equal(
        await page
          .getByText("Spam: Sent without the form's token (not from the site's form). With a link in it.")
          .count(),
        1,
      );
      await backToList(page);
      const notSpam = await openEnquiry(page, row(page, 'Buyer 0 – '));
      t.ok(await page.getByText(`Spam: Marked as spam by the admin.`).isVisible(), 'the admin filed it there');
      await page.getByRole('button', { name: 'Not spam' }).click();
      await doneSays(page, `Moved #${notSpam} back to the Inbox: not spam.`);
      const spam = await backToList(page);
      t.equal(spam.search, '?view=spam', 'back on Spam');
      t.equal(await row(page, 'Buyer 0 – ').count(), 0, '"Not spam" takes it back to the inbox');
      t.same(problems, []);
      // Put things back for the other width.
      await context.close();
    },
  );
}

t.test('without JavaScript: the filter form, Select all, a bulk action and Trash, back to the same view', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
  await openFilters(page);
  await page.getByLabel('Product', { exact: true }).selectOption('pipe-fittings');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await page.waitForURL(/product=pipe-fittings/);
  t.equal(await rows(page).count(), 4, 'the filtered list, rendered by the server');
  await bulk(page).getByRole('button', { name: 'Select all' }).click();
  await page.waitForURL(/select=all/);
  t.equal(await page.locator('.inbox-row__select:checked').count(), 4, 'every box ticked by the server');
  await page.locator('.inbox-row__select').nth(3).uncheck();
  await bulkAction(page, 'Move to trash');
  await page.waitForURL(/\/admin\?product=pipe-fittings$/);
  t.equal(await rows(page).count(), 1, 'three moved to Trash, back on the same filtered view');
  const status = await doneSays(page, 'Moved 3 enquiries to Trash.');
  t.ok(await status.getByRole('button', { name: 'Undo' }).isVisible(), 'said after the redirect, with Undo');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Trash' }).click();
  await page.waitForURL(/\/admin\?view=trash&product=pipe-fittings$/);
  t.equal(await rows(page).count(), 3, 'in Trash, the filter kept');
  await bulk(page).getByRole('button', { name: 'Select all' }).click();
  await bulkAction(page, 'Restore');
  await page.waitForURL(/view=trash&product=pipe-fittings$/);
  await doneSays(page, 'Restored 3 enquiries.');
  t.equal(await rows(page).count(), 0, 'restored');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
  await page.waitForURL(/\/admin\/audit$/);
  t.ok(await page.getByRole('heading', { name: 'Audit log', level: 1 }).isVisible());
  t.ok((await page.getByRole('cell', { name: 'moved to Trash' }).count()) >= 3, 'the moves are in the audit log');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Personal data' }).click();
  await page.waitForURL(/\/admin\/privacy$/);
  await page.getByLabel('E-mail address or phone number').fill('9');
  await page.getByRole('button', { name: 'Find enquiries' }).click();
  t.ok(
    await page
      .getByText('Enter a whole e-mail address (name@example.com) or a phone number with at least 8 digits.')
      .isVisible(),
    'a clear error',
  );
  await context.close();
});

for (const width of [320, 1280]) {
  t.test(`the audit log and the personal-data screen at ${width} px: axe clean, no console error`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await page.waitForURL(/\/admin\/audit$/);
    await waitForHydration(page);
    t.ok((await page.getByRole('cell', { name: 'sign-in', exact: true }).count()) >= 1, 'sign-ins listed');
    t.ok(
      await page
        .getByRole('cell', { name: /, \S+\/(24|64)$/ })
        .first()
        .isVisible(),
      'with the network',
    );
    const region = page.getByRole('region', { name: 'Audit log entries' });
    t.ok(await region.evaluate((box) => box.scrollWidth <= box.clientWidth), 'the rows fit: no sideways scroll');
    t.same(await violations(page), [], 'axe: audit log');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Personal data' }).click();
    await page.waitForURL(/\/admin\/privacy$/);
    await waitForHydration(page);
    await page.getByLabel('E-mail address or phone number').fill('+91 98003 12345');
    await page.getByRole('button', { name: 'Find enquiries' }).click();
    await page.getByRole('heading', { name: '1 enquiry from +91 98003 12345' }).waitFor();
    t.ok(await page.getByRole('link', { name: ADMIN_TEXT.downloadPersonData }).isVisible());
    t.ok(await page.getByRole('button', { name: 'Erase 1 enquiry permanently' }).isVisible());
    t.same(await violations(page), [], 'axe: personal data with a match');
    t.same(problems, []);
    await context.close();
  });
}
