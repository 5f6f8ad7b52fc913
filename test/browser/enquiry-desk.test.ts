import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { longEnquiry } from '../helpers/realistic-data.js';
import { postJson } from '../helpers/server.js';

const { server, browser } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });
t.before(async () => {
  for (let n = 0; n < 8; n++)
    await postJson(`${server.url}/api/enquiries`, { ...longEnquiry(n), name: `Buyer ${n} – ${longEnquiry(n).name}` });
});

const card = (page: import('playwright-core').Page, n: number) =>
  page.locator('.enquiry-card').filter({ hasText: `Buyer ${n} – ` });

for (const [width, [readN, starN, trashN]] of [
  [375, [3, 5, 6]],
  [1280, [1, 4, 7]],
] as const) {
  t.test(`with JavaScript at ${width} px: star, read and unread, Trash and Restore, in place; axe clean`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    t.match(await page.title(), /^\(\d+\) Admin/, 'the tab title counts the unread');
    t.same(await violations(page), [], 'axe: the panel with its views and actions');
    const unread = async () =>
      Number(await page.locator('.admin-stats div').filter({ hasText: 'Unread' }).locator('dd').innerText());
    const before = await unread();

    await card(page, readN).getByRole('button', { name: 'Mark as read', exact: true }).click();
    await card(page, readN).getByRole('button', { name: 'Mark as unread' }).waitFor();
    t.equal(await unread(), before - 1, 'the count follows');
    await page.waitForFunction((count) => document.title.startsWith(`(${count}) `), before - 1);
    t.pass('and the tab title');
    await card(page, readN).getByRole('button', { name: 'Mark as unread' }).click();
    await card(page, readN).getByRole('button', { name: 'Mark as read', exact: true }).waitFor();

    await card(page, starN).getByRole('button', { name: 'Star', exact: true }).click();
    await card(page, starN).getByText('★ Starred').waitFor();
    await page.getByRole('link', { name: 'Starred' }).click();
    await page.waitForURL('**/admin?view=starred');
    t.equal(await card(page, starN).count(), 1, 'the Starred view (its address can be bookmarked)');
    t.equal(await page.locator('.enquiry-card').count(), width === 375 ? 1 : 2, 'and nothing else');
    await page.goto(`${server.url}/admin`);
    await waitForHydration(page);

    page.once('dialog', (dialog) => void dialog.accept());
    await card(page, trashN).getByRole('button', { name: ADMIN_TEXT.delete }).click();
    await card(page, trashN).waitFor({ state: 'detached' });
    await page.goto(`${server.url}/admin?view=trash`);
    await waitForHydration(page);
    t.equal(await card(page, trashN).count(), 1, 'in Trash');
    await card(page, trashN).getByRole('button', { name: 'Restore' }).click();
    await card(page, trashN).waitFor({ state: 'detached' });
    t.ok(await page.getByText(ADMIN_TEXT.empty).isVisible(), 'Trash is empty again');
    t.same(await violations(page), [], 'axe: Trash');
    t.same(problems, []);
    await context.close();
  });
}

t.test('without JavaScript: the same actions are forms that come back to the same view', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: false });
  await page.goto(`${server.url}/admin?view=unread`);
  const count = await page.locator('.enquiry-card').count();
  await card(page, 2).getByRole('button', { name: 'Mark as read', exact: true }).click();
  await page.waitForURL('**/admin?view=unread');
  t.equal(await page.locator('.enquiry-card').count(), count - 1, 'read: gone from Unread, back on the same view');
  await page.goto(`${server.url}/admin`);
  await card(page, 2).getByRole('button', { name: ADMIN_TEXT.delete }).click();
  await page.waitForURL(/\/admin$/);
  t.equal(await card(page, 2).count(), 0, 'moved to Trash');
  await page.goto(`${server.url}/admin?view=trash`);
  await card(page, 2).getByRole('button', { name: 'Delete permanently' }).click();
  await page.waitForURL('**/admin?view=trash');
  t.equal(await card(page, 2).count(), 0, 'deleted permanently');
  await context.close();
});

t.test('notes, stage and reply links, with and without JavaScript', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchConsole(page);
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  const buyer = card(page, 0);
  await buyer.getByPlaceholder('Add a note (only you see it)').fill('Sent sample drawing back with tolerances.');
  await buyer.getByRole('button', { name: 'Add note' }).click();
  await buyer.getByText('Sent sample drawing back with tolerances.').waitFor();
  const box = await buyer.getByPlaceholder('Add a note (only you see it)').elementHandle();
  await page.waitForFunction((textarea) => (textarea as HTMLTextAreaElement).value === '', box);
  t.pass('the note box empties');
  t.equal(await buyer.getByLabel('Stage').inputValue(), 'new');
  const popup = page.waitForEvent('popup');
  await buyer.getByRole('link', { name: /Reply on WhatsApp/ }).click();
  await (await popup).close();
  const stage = await buyer.getByLabel('Stage').elementHandle();
  await page.waitForFunction((select) => (select as HTMLSelectElement).value === 'open', stage);
  t.pass('using a reply link moved the enquiry from New to Open');
  // The change is saved in place: wait for the server's answer before reloading.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/stage') && response.request().postData()?.includes('"won"') === true,
  );
  await buyer.getByLabel('Stage').selectOption('won');
  t.ok((await saved).ok(), 'the stage is saved');
  await page.reload();
  await waitForHydration(page);
  t.equal(await card(page, 0).getByLabel('Stage').inputValue(), 'won', 'stored');
  t.ok(await card(page, 0).getByText('Sent sample drawing back with tolerances.').isVisible(), 'the note is stored');
  t.same(problems, []);
  await page.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await signInWithBrowser(plain, server.url, TEST_ADMIN, { javaScript: false });
  await card(plain, 0).getByPlaceholder('Add a note (only you see it)').fill('Without JavaScript too.');
  await card(plain, 0).getByRole('button', { name: 'Add note' }).click();
  await card(plain, 0).getByText('Without JavaScript too.').waitFor();
  await card(plain, 0).getByLabel('Stage').selectOption('lost');
  await card(plain, 0).getByRole('button', { name: 'Set stage' }).click();
  await plain.waitForURL(/\/admin$/);
  t.equal(await card(plain, 0).getByLabel('Stage').inputValue(), 'lost');
  await context.close();
});
