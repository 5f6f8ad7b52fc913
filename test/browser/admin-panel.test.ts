import { readFileSync } from 'node:fs';
import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  backToList,
  doneSays,
  inboxRow,
  inboxRows,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { postJson } from '../helpers/server.js';

const ADMIN = TEST_ADMIN;
const { server, browser } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100' });

t.before(async () => {
  const seeds: [string, string][] = [
    ['Kiran Desai', 'Pipe fittings'],
    ['Laura Rossi', 'Flanges for Genoa'],
    ['Kavya Nair', 'Valve <b>bodies</b>'],
  ];
  for (const [name, subject] of seeds) {
    await postJson(`${server.url}/api/enquiries`, {
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@buyer.example`,
      phone: '+91 99999 00000',
      subject,
      message: 'Line one\nLine two',
    });
  }
});

t.test('sign in, search, export, open one, delete with confirmation, back to the list, log out', async (t) => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(server.url + '/admin');
  await waitForHydration(page);
  t.equal(await page.locator('h1').innerText(), ADMIN_TEXT.loginTitle);

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
  await page.getByRole('alert').filter({ hasText: ADMIN_TEXT.loginFailed }).waitFor();

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
  await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
  await waitForHydration(page);
  t.equal(await inboxRows(page).count(), 3, 'enquiries load on sign-in');
  t.equal(await page.locator('.inbox-row__name').first().innerText(), 'Kavya Nair', 'newest first');
  t.ok(await inboxRow(page, 'Kavya Nair').getByText('Valve <b>bodies</b>').isVisible(), 'HTML shown as text');

  const search = page.getByPlaceholder(ADMIN_TEXT.searchPlaceholder);
  await search.fill('RA');
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await inboxRows(page).count(), 2, 'filters as you type');
  t.match(page.url(), /\/admin\?q=RA$/, 'the query is in the address');
  const filteredStat = page.locator('.admin-stats div').filter({ hasText: ADMIN_TEXT.filteredResults }).locator('dd');
  t.equal(await filteredStat.innerText(), '2');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export to CSV (2)' }).click();
  const download = await downloadPromise;
  t.match(download.suggestedFilename(), /^enquiries_\d{4}-\d\d-\d\d\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  t.equal(csv.split('\r\n').filter(Boolean).length, 3, 'header and the two filtered rows');

  await search.fill('');
  await page.getByRole('link', { name: 'Export to CSV (3)' }).waitFor();

  // The newest, opened from its row: the whole enquiry on its own page.
  const id = await openEnquiry(page, inboxRows(page).first());
  t.equal(await page.locator('h1').innerText(), `#${id} Kavya Nair`, 'its own page');
  t.ok(await page.getByRole('heading', { name: 'Valve <b>bodies</b>' }).isVisible(), 'HTML shown as text');
  t.equal(await page.locator('.enquiry-page__message').innerText(), 'Line one\nLine two', 'line breaks kept');

  let dialogMessage = '';
  page.once('dialog', (dialog) => {
    dialogMessage = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  t.equal(dialogMessage, ADMIN_TEXT.confirmDelete);
  t.equal(await page.getByText(/^In Trash since/).count(), 0, 'dismissing keeps the enquiry');
  t.equal(await page.locator('.admin-done').innerText(), '', 'and nothing is said done');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  const status = await doneSays(page, `Moved #${id} to Trash.`);
  t.ok(await status.getByRole('button', { name: 'Undo' }).isVisible(), 'with Undo');
  t.ok(await page.getByText(/^In Trash since/).isVisible(), 'the page shows it in Trash');
  t.ok(await page.getByRole('button', { name: 'Restore' }).isVisible(), 'to be restored from there');

  await backToList(page);
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await inboxRows(page).count(), 2, 'the row is gone from the list');
  t.notOk(await page.getByText('Kavya Nair').isVisible());

  const reloaded = page.waitForResponse((response) => response.url().includes('/admin/api/enquiries'));
  await page.getByRole('button', { name: ADMIN_TEXT.refresh }).click();
  t.ok((await reloaded).ok(), 'Refresh reloads the list');
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await inboxRows(page).count(), 2, 'the deletion was real');

  await page.getByRole('button', { name: ADMIN_TEXT.logout }).click();
  await page.locator('h1', { hasText: ADMIN_TEXT.loginTitle }).waitFor();
  t.equal(await inboxRows(page).count(), 0, 'the list is gone');
  t.same(
    problems.filter((line) => !line.includes('401')),
    [],
  );
  await context.close();
});

t.test('a failed delete says so inline', async (t) => {
  const page = await browser.newPage();
  page.on('console', () => {});
  await signInWithBrowser(page, server.url, ADMIN);
  const id = await openEnquiry(page, inboxRows(page).first());
  await page.route('**/admin/enquiries/*/trash', (route) => route.fulfill({ status: 500, body: '{}' }));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  await page.getByRole('alert').filter({ hasText: ADMIN_TEXT.actionFailed }).waitFor();
  t.equal(await page.getByText(/^In Trash since/).count(), 0, 'not shown in Trash');
  t.equal(await page.locator('.admin-done').innerText(), '', 'nothing said done');
  await backToList(page);
  t.equal(await inboxRows(page).count(), 2, 'still listed');
  t.equal(await page.locator(`#enquiry-${id}`).count(), 1, 'that one among them');
  await page.close();
});

t.test('the panel works without JavaScript: sign in, search, open, delete, back to the search', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, ADMIN, { javaScript: false });
  await page.getByPlaceholder(ADMIN_TEXT.searchPlaceholder).fill('laura');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/admin\?q=laura&/);
  t.equal(await inboxRows(page).count(), 1);
  const id = await openEnquiry(page, inboxRows(page).first(), { javaScript: false });
  t.match(page.url(), new RegExp(`/admin/enquiries/${id}\\?q=laura$`), 'the search goes along');
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  await page.waitForURL(new RegExp(`/admin/enquiries/${id}\\?q=laura$`), { waitUntil: 'load' });
  const status = await doneSays(page, `Moved #${id} to Trash.`);
  t.ok(await status.getByRole('button', { name: 'Undo' }).isVisible(), 'said, with Undo, after the redirect');
  t.ok(await page.getByText(/^In Trash since/).isVisible());
  const list = await backToList(page, { javaScript: false });
  t.equal(list.search, '?q=laura', 'back on the same search');
  t.ok(await page.getByText(ADMIN_TEXT.empty).isVisible(), 'deleted');
  await context.close();
});
