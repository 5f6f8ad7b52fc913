import t from 'tap';
import type { Page } from 'playwright-core';
import { ADMIN_TEXT, FORGOT_TEXT, SHORTCUT_TEXT } from '../../shared/admin/texts.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  backToList,
  doneSays,
  inboxRow,
  inboxRows,
  openEnquiry,
  signInWithBrowser,
  stageButton,
  stageShown,
  startBrowserSuite,
  waitForHydration,
  waitForStage,
  watchConsole,
} from '../helpers/browser.js';
import { longEnquiry } from '../helpers/realistic-data.js';
import { postJson } from '../helpers/server.js';
import { bodyText, testSmtp } from '../helpers/smtp.js';

const smtp = await testSmtp();
t.teardown(smtp.close);
const { server, browser } = await startBrowserSuite(t, {
  ...TEST_ADMIN_ENV,
  ENQUIRY_RATE_LIMIT: '1000',
  SMTP_URL: smtp.url,
  NOTIFY_TO: 'owner@forge.test',
  NOTIFY_FROM: 'sales@forge.test',
});
/** Buyer 8's enquiry has a thread: the buyer's long message, then two replies of ours. */
const THREADED = 8;
const NEWEST_REPLY = 'Dear Sir,\nour offer for the flanges is attached.\nDelivery in six weeks from your order.';
t.before(async () => {
  for (let n = 0; n <= THREADED; n++)
    await postJson(`${server.url}/api/enquiries`, { ...longEnquiry(n), name: `Buyer ${n} – ${longEnquiry(n).name}` });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  for (const body of ['Thank you, we are preparing the offer.', NEWEST_REPLY]) {
    const form = new FormData();
    form.append('_csrf', admin.csrfToken);
    form.append('body', body);
    const sent = await admin.request(`/admin/enquiries/${id}/reply`, { method: 'POST', body: form });
    if (sent.status !== 303) throw new Error(`the reply was refused: ${sent.status}`);
  }
});

const row = (page: Page, n: number) => inboxRow(page, `Buyer ${n} – `);
const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });

for (const [width, [readN, starN, trashN]] of [
  [375, [3, 5, 6]],
  [1280, [1, 4, 7]],
] as const) {
  t.test(
    `with JavaScript at ${width} px: read and unread, star, Trash and Restore, each said; axe clean`,
    async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await signInWithBrowser(page, server.url, TEST_ADMIN);
      t.match(await page.title(), /^\(\d+\) Admin/, 'the tab title counts the unread');
      t.same(await violations(page), [], 'axe: the list with its views and bulk bar');
      const unread = async () =>
        Number(/\((\d+)\)/.exec(await page.locator('.admin-views a').filter({ hasText: 'Unread' }).innerText())![1]);
      const before = await unread();

      // Opening an enquiry marks it read; back on the list, the counts follow.
      t.ok(await row(page, readN).evaluate((li) => li.classList.contains('inbox-row--unread')), 'unread: in bold');
      const readId = await openEnquiry(page, row(page, readN));
      t.ok(await page.getByRole('button', { name: 'Mark as unread' }).isVisible(), 'opened: read');
      t.same(await violations(page), [], 'axe: an enquiry on its own page');
      await backToList(page);
      t.equal(await unread(), before - 1, 'the count follows');
      t.ok((await page.title()).startsWith(`(${before - 1}) `), 'and the tab title');
      t.equal(
        await views(page)
          .getByRole('link', { name: /^Unread/ })
          .innerText(),
        `Unread (${before - 1})`,
        'and the Unread view',
      );
      t.notOk(await row(page, readN).evaluate((li) => li.classList.contains('inbox-row--unread')), 'the row not bold');
      await openEnquiry(page, row(page, readN));
      await page.getByRole('button', { name: 'Mark as unread' }).click();
      await doneSays(page, `Marked #${readId} as unread.`);
      await page.getByRole('button', { name: 'Mark as read', exact: true }).waitFor();
      t.ok(await page.locator('.enquiry-page__when').getByText('Unread', { exact: true }).isVisible(), 'unread again');
      await backToList(page);
      t.equal(await unread(), before, 'counted again');
      await page.waitForFunction((count) => document.title.startsWith(`(${count}) `), before);
      t.ok(await row(page, readN).evaluate((li) => li.classList.contains('inbox-row--unread')), 'bold again');

      // The star is on the row, in place.
      const star = row(page, starN).getByRole('button', { name: /^Star #\d+$/ });
      t.equal(await star.getAttribute('aria-pressed'), 'false');
      await star.click();
      await doneSays(page, /^Starred #\d+\.$/);
      await page.waitForFunction(
        (id) => document.querySelector(`#${id} .inbox-row__star button`)?.getAttribute('aria-pressed') === 'true',
        await row(page, starN).getAttribute('id'),
      );
      t.pass('starred in place');
      await views(page).getByRole('link', { name: 'Starred' }).click();
      await page.waitForURL('**/admin?view=starred');
      await waitForHydration(page);
      t.equal(await row(page, starN).count(), 1, 'the Starred view (its address can be bookmarked)');
      t.equal(await inboxRows(page).count(), width === 375 ? 1 : 2, 'and nothing else');
      await views(page).getByRole('link', { name: 'Inbox' }).click();
      await page.waitForURL(/\/admin$/);
      await waitForHydration(page);

      // Delete (to Trash) on the enquiry's page, asked first; Restore from the Trash view.
      const trashId = await openEnquiry(page, row(page, trashN));
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
      await doneSays(page, `Moved #${trashId} to Trash.`);
      await backToList(page);
      t.equal(await row(page, trashN).count(), 0, 'gone from the inbox');
      await views(page).getByRole('link', { name: 'Trash' }).click();
      await page.waitForURL('**/admin?view=trash');
      await waitForHydration(page);
      t.equal(await row(page, trashN).count(), 1, 'in Trash');
      await openEnquiry(page, row(page, trashN));
      await page.getByRole('button', { name: 'Restore' }).click();
      await doneSays(page, `Restored #${trashId}.`);
      t.equal(await page.getByText(/^In Trash since/).count(), 0, 'out of Trash');
      const trash = await backToList(page);
      t.equal(trash.search, '?view=trash', 'back on the Trash view');
      t.ok(await page.getByText(ADMIN_TEXT.empty).isVisible(), 'Trash is empty again');
      t.same(await violations(page), [], 'axe: Trash');
      t.same(problems, []);
      await context.close();
    },
  );
}

t.test('without JavaScript: the same actions are forms that come back, and the list keeps its view', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 900 } });
  const page = await context.newPage();
  const plain = { javaScript: false };
  await signInWithBrowser(page, server.url, TEST_ADMIN, plain);
  await views(page)
    .getByRole('link', { name: /^Unread/ })
    .click();
  await page.waitForURL('**/admin?view=unread');
  const count = await inboxRows(page).count();
  const id = await openEnquiry(page, row(page, 2), plain);
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await doneSays(page, `Marked #${id} as unread.`);
  t.match(page.url(), new RegExp(`/admin/enquiries/${id}\\?view=unread$`), 'back on its page');
  await page.getByRole('button', { name: 'Mark as read', exact: true }).click();
  await doneSays(page, `Marked #${id} as read.`);
  await backToList(page, plain);
  t.match(page.url(), /\/admin\?view=unread#/, 'back on the same view');
  t.equal(await inboxRows(page).count(), count - 1, 'read: gone from Unread');

  await views(page).getByRole('link', { name: 'Inbox' }).click();
  await page.waitForURL(/\/admin$/);
  await openEnquiry(page, row(page, 2), plain);
  await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
  await doneSays(page, `Moved #${id} to Trash.`);
  await backToList(page, plain);
  t.equal(await row(page, 2).count(), 0, 'moved to Trash');
  await views(page).getByRole('link', { name: 'Trash' }).click();
  await page.waitForURL('**/admin?view=trash');
  await openEnquiry(page, row(page, 2), plain);
  await page.getByText('Delete permanently', { exact: true }).click();
  await page.getByText('Delete 1 enquiry permanently? It cannot be restored.').waitFor();
  await page.getByRole('button', { name: 'Yes, delete permanently' }).click();
  await page.waitForURL(`**/admin?view=trash#enquiry-${id}`);
  await doneSays(page, `Deleted #${id} permanently.`);
  t.equal(await row(page, 2).count(), 0, 'deleted permanently, back on Trash');
  await context.close();
});

t.test('notes, stage and reply links on the enquiry page, with and without JavaScript', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchConsole(page);
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  const id = await openEnquiry(page, row(page, 0));
  await page.getByPlaceholder('Add a note (only you see it)').fill('Sent sample drawing back with tolerances.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await page.locator('.timeline').getByText('Sent sample drawing back with tolerances.').waitFor();
  await doneSays(page, 'Note added.');
  const box = await page.getByPlaceholder('Add a note (only you see it)').elementHandle();
  await page.waitForFunction((textarea) => (textarea as HTMLTextAreaElement).value === '', box);
  t.pass('the note box empties');
  t.equal(await stageShown(page), 'new');
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: /Reply on WhatsApp/ }).click();
  await (await popup).close();
  await waitForStage(page, 'open');
  await doneSays(page, `Stage of #${id} set to Open.`);
  t.pass('using a reply link moved the enquiry from New to Open');
  // The change is saved in place: wait for the server's answer before reloading.
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/stage') && response.request().postData()?.includes('"won"') === true,
  );
  await stageButton(page, 'won').click();
  t.ok((await saved).ok(), 'the stage is saved');
  await doneSays(page, `Stage of #${id} set to Won.`);
  await page.reload();
  await waitForHydration(page);
  t.equal(await stageShown(page), 'won', 'stored');
  t.ok(await page.getByText('Sent sample drawing back with tolerances.').isVisible(), 'the note is stored');
  await backToList(page);
  t.equal(await row(page, 0).locator('.stage').innerText(), 'Won', 'the row shows the stage');
  t.same(problems, []);
  await page.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plainPage = await context.newPage();
  const plain = { javaScript: false };
  await signInWithBrowser(plainPage, server.url, TEST_ADMIN, plain);
  await openEnquiry(plainPage, row(plainPage, 0), plain);
  await plainPage.getByPlaceholder('Add a note (only you see it)').fill('Without JavaScript too.');
  await plainPage.getByRole('button', { name: 'Add note' }).click();
  await plainPage.waitForURL(new RegExp(`/admin/enquiries/${id}$`));
  await doneSays(plainPage, 'Note added.');
  t.ok(await plainPage.locator('.timeline').getByText('Without JavaScript too.').isVisible());
  await stageButton(plainPage, 'lost').click();
  await doneSays(plainPage, `Stage of #${id} set to Lost.`);
  t.match(plainPage.url(), new RegExp(`/admin/enquiries/${id}$`), 'back on its page');
  t.equal(await stageShown(plainPage), 'lost', 'one click set it');
  await backToList(plainPage, plain);
  t.equal(await row(plainPage, 0).locator('.stage').innerText(), 'Lost', 'the row shows the stage');
  await context.close();
});

/** Where an element's box ends, from the top of the window (its bottom edge), as the admin sees it now. */
const bottomOf = async (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.getBoundingClientRect().bottom ?? Infinity, selector);

/** Where an element's box starts, from the top of the window. */
const topOf = async (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.getBoundingClientRect().top ?? Infinity, selector);

for (const javaScript of [true, false]) {
  t.test(
    `one screen per enquiry: the stage, the newest message and Reply in the first screen at 1280 and 375 px ${javaScript ? 'with' : 'without'} JavaScript`,
    async (t) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
      await openEnquiry(page, row(page, THREADED), { javaScript });
      const reply = '.enquiry-bar__reply';
      const stage = '.enquiry-bar button[aria-pressed="true"]';
      // The newest message is open; the older reply and the buyer's long message are folded to a line each.
      const newest = '.timeline__item--message:not(:has(.timeline__folded)) .timeline__body';
      t.equal(await page.locator('.timeline__folded').count(), 1, 'the older reply folded');
      t.equal(await page.locator('.thread-fold').count(), 1, "and the buyer's message");
      t.equal(await page.locator(newest).innerText(), NEWEST_REPLY, 'the newest open, whole');
      for (const viewport of [
        { width: 1280, height: 900 },
        { width: 375, height: 812 },
      ]) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        const at = `at ${viewport.width} px`;
        t.ok((await bottomOf(page, stage)) <= viewport.height, `the stage control on the first screen ${at}`);
        t.ok((await bottomOf(page, reply)) <= viewport.height, `Reply on the first screen ${at}`);
        if (viewport.width === 1280) {
          // Its first lines: three lines of text below the top of its body.
          const lines = await page.evaluate(
            (css) => 3 * parseFloat(getComputedStyle(document.querySelector(css)!).lineHeight),
            newest,
          );
          t.ok((await topOf(page, newest)) + lines <= viewport.height, `the newest message's first lines too ${at}`);
        }
        // Scrolled down to the thread's end, the bar stays in view (sticky).
        await page.locator('.timeline__items li').last().scrollIntoViewIfNeeded();
        t.ok((await bottomOf(page, reply)) <= viewport.height, `Reply still in view at the end of the thread ${at}`);
        t.ok((await bottomOf(page, stage)) <= viewport.height, `and the stage ${at}`);
        if (javaScript) t.same(await violations(page), [], `axe clean ${at}`);
      }
      // An older message opens on a click (<details>, with or without JavaScript).
      await page.locator('.timeline__folded summary').click();
      const older = page.locator('.timeline__folded .timeline__body');
      await older.waitFor();
      t.equal(await older.innerText(), 'Thank you, we are preparing the offer.', 'the older reply opens');
      await page.locator(reply).click();
      t.match(page.url(), /#enquiry-\d+-reply-title$/, 'Reply goes to the reply form');
      const clearOfTheBar = () => {
        const bar = document.querySelector('.enquiry-bar')!.getBoundingClientRect();
        const heading = document.querySelector('[id$="-reply-title"]')!.getBoundingClientRect();
        return heading.top >= bar.bottom && heading.bottom <= innerHeight;
      };
      t.ok(
        await page.waitForFunction(clearOfTheBar, undefined, { timeout: 5_000 }).then(
          () => true,
          () => false,
        ),
        'at 375 px the reply form’s heading shows below the bar, not under it',
      );
      await context.close();
    },
  );
}

t.test('keyboard shortcuts: j and k through the list and the enquiries, r, e, #, and ? listing them', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = watchConsole(page);
  for (const n of [30, 31])
    await postJson(`${server.url}/api/enquiries`, { ...longEnquiry(n), name: `Buyer ${n} – K` });
  await signInWithBrowser(page, server.url, TEST_ADMIN);
  const focusedRow = () => page.evaluate(() => document.activeElement?.closest('li')?.id);
  const [newer, older] = await Promise.all([row(page, 31).getAttribute('id'), row(page, 30).getAttribute('id')]);
  for (const [key, expected] of [
    ['j', newer],
    ['j', older],
    ['k', newer],
  ] as const) {
    await page.keyboard.press(key);
    t.equal(await focusedRow(), expected, `${key} moves the focus to ${expected}`);
  }
  await page.keyboard.press('Enter');
  const id = Number(newer!.replace('enquiry-', ''));
  const onEnquiry = async (n: number) => {
    await page.waitForURL((url) => url.pathname === `/admin/enquiries/${n}`);
    await waitForHydration(page);
  };
  await onEnquiry(id);
  await page.keyboard.press('j');
  await onEnquiry(id - 1);
  await page.keyboard.press('k');
  await onEnquiry(id);
  t.pass('j and k go to the next and previous enquiry of the list');

  const open = page.getByRole('button', { name: SHORTCUT_TEXT.open });
  const onOpen = () => open.evaluate((button) => button === document.activeElement);
  for (let tabs = 0; tabs < 20 && !(await onOpen()); tabs++) await page.keyboard.press('Tab');
  t.ok(await onOpen(), 'Tab reaches "Keyboard shortcuts", after the admin’s menu');
  t.ok(await open.isVisible(), 'and shows it');
  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: SHORTCUT_TEXT.title });
  await dialog.waitFor();
  t.ok(await dialog.getByText(SHORTCUT_TEXT.keys['#']).isVisible(), 'the dialog lists the shortcuts');
  t.same(await violations(page), [], 'axe: the dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  t.ok(await onOpen(), 'the focus returns where it was');
  // A key pressed as the dialog closes, before its close event comes: what the key did stands.
  await page.keyboard.press('?');
  await dialog.waitFor();
  const kept = await page.evaluate(async (replyId) => {
    const shown = document.querySelector<HTMLDialogElement>('dialog[open]')!;
    const closed = new Promise((done) => shown.addEventListener('close', done, { once: true }));
    shown.close();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
    await closed;
    return document.activeElement?.id === replyId;
  }, `enquiry-${id}-reply`);
  t.ok(kept, 'r as the dialog closes: the reply box keeps the focus');
  await page.locator('h1').click();

  await page.keyboard.press('r');
  const reply = page.locator(`#enquiry-${id}-reply`);
  t.ok(await reply.evaluate((box) => box === document.activeElement), 'r: the reply box has the focus');
  await page.keyboard.type('jk#');
  t.equal(await reply.inputValue(), 'jk#', 'typed in a field, the keys are text');
  t.equal(new URL(page.url()).pathname, `/admin/enquiries/${id}`, 'and nothing else happened');
  await page.locator('h1').click();
  await page.keyboard.press('Control+e');
  t.equal(await stageShown(page), 'new', 'with a modifier key, nothing');
  await page.keyboard.press('e');
  await page.keyboard.press('Enter');
  await doneSays(page, `Stage of #${id} set to Won.`);
  t.equal(await stageShown(page), 'won', 'e then Enter: Done as Won, with Undo');
  page.once('dialog', (confirm) => void confirm.accept());
  await page.keyboard.press('#');
  await doneSays(page, `Moved #${id} to Trash.`);
  t.same(problems, []);
  await page.close();
});

// Last: the new password ends every session, and the journeys above sign in with the old one.
t.test('Forgot your password? The link from the e-mail, a new password, and the desk, signed in', async (t) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  await page.getByRole('link', { name: FORGOT_TEXT.link }).click();
  await page.locator('#forgot-email').fill(TEST_ADMIN.email);
  await page.getByRole('button', { name: FORGOT_TEXT.send }).click();
  await page.getByText(FORGOT_TEXT.sent).waitFor();
  const mail = await smtp.waitFor('Someone asked to choose a new password');
  const link = /\/admin\/login\/reset\?token=\S+/.exec(bodyText(mail.raw))![0];
  await page.goto(`${server.url}${link}`);
  await waitForHydration(page);
  const NEW_PASSWORD = 'a new password from the link';
  await page.getByLabel(FORGOT_TEXT.newPassword, { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(FORGOT_TEXT.repeated).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: FORGOT_TEXT.save }).click();
  await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
  t.equal(new URL(page.url()).pathname, '/admin', 'signed in, on the desk');
  t.same(problems, []);
  await context.close();
  const again = new AdminClient(server.url);
  await again.signIn(TEST_ADMIN.email, NEW_PASSWORD);
  t.equal((await again.request('/admin/security')).status, 200, 'the new password signs in');
});
