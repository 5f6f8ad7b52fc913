import { readFileSync } from 'node:fs';
import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
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

t.test('sign in, search, export, delete with confirmation, log out', async (t) => {
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
  t.equal(await page.locator('.enquiry-card').count(), 3, 'enquiries load on sign-in');
  t.equal(await page.locator('.enquiry-card h2').first().innerText(), 'Kavya Nair', 'newest first');
  t.ok(await page.getByText('Valve <b>bodies</b>').isVisible(), 'HTML shown as text');
  t.equal(await page.locator('.enquiry-card__message').first().innerText(), 'Line one\nLine two', 'line breaks kept');

  const search = page.getByPlaceholder(ADMIN_TEXT.searchPlaceholder);
  await search.fill('RA');
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await page.locator('.enquiry-card').count(), 2, 'filters as you type');
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

  let dialogMessage = '';
  page.once('dialog', (dialog) => {
    dialogMessage = dialog.message();
    void dialog.dismiss();
  });
  await page.locator('.enquiry-card').first().getByRole('button', { name: ADMIN_TEXT.delete }).click();
  t.equal(dialogMessage, ADMIN_TEXT.confirmDelete);
  t.equal(await page.locator('.enquiry-card').count(), 3, 'dismissing keeps the enquiry');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('.enquiry-card').first().getByRole('button', { name: ADMIN_TEXT.delete }).click();
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await page.locator('.enquiry-card').count(), 2, 'the card is removed');
  t.notOk(await page.getByText('Kavya Nair').isVisible());

  await page.getByRole('button', { name: ADMIN_TEXT.refresh }).click();
  await page.getByRole('link', { name: 'Export to CSV (2)' }).waitFor();
  t.equal(await page.locator('.enquiry-card').count(), 2, 'the deletion was real');

  await page.getByRole('button', { name: ADMIN_TEXT.logout }).click();
  await page.locator('h1', { hasText: ADMIN_TEXT.loginTitle }).waitFor();
  t.equal(await page.locator('.enquiry-card').count(), 0, 'the list is gone');
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
  await page.route('**/admin/enquiries/*/trash', (route) => route.fulfill({ status: 500, body: '{}' }));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.locator('.enquiry-card').first().getByRole('button', { name: ADMIN_TEXT.delete }).click();
  await page.getByRole('alert').filter({ hasText: ADMIN_TEXT.deleteFailed }).waitFor();
  t.equal(await page.locator('.enquiry-card').count(), 2, 'still listed');
  await page.close();
});

t.test('the panel works without JavaScript: sign in, search, delete', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, ADMIN, { javaScript: false });
  await page.getByPlaceholder(ADMIN_TEXT.searchPlaceholder).fill('laura');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/admin\?q=laura&/);
  t.equal(await page.locator('.enquiry-card').count(), 1);
  await page.locator('.enquiry-card').getByRole('button', { name: ADMIN_TEXT.delete }).click();
  await page.waitForURL(/\/admin\?q=laura$/, { waitUntil: 'load' });
  t.ok(await page.getByText(ADMIN_TEXT.empty).isVisible());
  await context.close();
});
