import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  bulkAction,
  signInWithBrowser,
  stageButton,
  startBrowserSuite,
  waitForHydration,
  waitForStage,
  watchConsole,
} from '../helpers/browser.js';
import { deskEnquiry } from '../helpers/realistic-data.js';
import { postJson } from '../helpers/server.js';

// The desk as the business's admin uses it: 60 realistic enquiries (long, in Gujarati, Devanagari,
// German, with long company names), at a phone's width and a desktop's, with and without JavaScript.
const COUNT = 60;
const { server, browser } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });
t.before(async () => {
  for (let n = 0; n < COUNT; n++) {
    const response = await postJson(`${server.url}/api/enquiries`, deskEnquiry(n));
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  }
});

const SIZES = [
  { width: 1280, height: 900, rows: 15 },
  // On a phone a row has three lines: the name, the company under it, then the subject with the stage and time.
  { width: 375, height: 800, rows: 5 },
] as const;

const row = (page: Page, id: number) => page.locator(`#enquiry-${id}`);
const status = (page: Page) => page.locator('.admin-done');
const bulkBar = (page: Page) => page.getByRole('form', { name: 'Selected enquiries' });

/** Rows whose whole box is inside the first screen (the page scrolled to the top). */
async function rowsInFirstScreen(page: Page): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.evaluate(
    () =>
      [...document.querySelectorAll('.inbox-row')].filter((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

async function signedIn(browser: Browser, size: (typeof SIZES)[number], javaScript: boolean) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
  // Without the site's scripts (axe and the test's own probes still run in the page).
  if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  const problems = javaScript ? watchConsole(page) : [];
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
  return { context, page, problems };
}

/** Opens an enquiry from the list the way a person does: by its row. */
async function open(page: Page, id: number, javaScript: boolean) {
  await row(page, id).getByRole('link').click();
  await page.waitForURL(new RegExp(`/admin/enquiries/${id}(\\?|$)`));
  if (javaScript) await waitForHydration(page);
}

for (const size of SIZES) {
  for (const javaScript of [true, false]) {
    const how = `${size.width} px, ${javaScript ? 'with' : 'without'} JavaScript`;

    t.test(`${how}: the first screen shows the list; one landmark per region; axe clean`, async (t) => {
      const { context, page, problems } = await signedIn(browser, size, javaScript);
      const shown = await rowsInFirstScreen(page);
      t.ok(shown >= size.rows, `at least ${size.rows} rows in the first screen (${shown})`);
      t.equal(await page.getByRole('banner').count(), 1, 'one banner (the admin bar)');
      t.equal(await page.getByRole('main').count(), 1, 'one main');
      t.equal(await page.getByRole('contentinfo').count(), 0, "no public site's footer");
      t.equal(await page.getByRole('navigation', { name: 'Admin' }).count(), 1, 'the sections, named');
      t.equal(await page.getByRole('navigation', { name: 'Views' }).count(), 1, 'the views, named');
      t.match(await row(page, 60).innerText(), /#60/, 'each row shows its number');
      t.same(await violations(page), [], 'axe: the list');
      await open(page, 58, javaScript);
      t.same(await violations(page), [], 'axe: an enquiry');
      t.same(problems, [], 'no console errors');
      await context.close();
    });

    t.test(`${how}: open an enquiry, then back at the same place; newer and older`, async (t) => {
      const { context, page } = await signedIn(browser, size, javaScript);
      await row(page, 31).scrollIntoViewIfNeeded();
      await open(page, 31, javaScript);
      t.match(await page.locator('h1').innerText(), /#31/);
      await page.getByRole('link', { name: 'Older enquiry' }).click();
      await page.waitForURL(/\/admin\/enquiries\/30/);
      await page.getByRole('link', { name: 'Newer enquiry' }).click();
      await page.waitForURL(/\/admin\/enquiries\/31/);
      await page.getByRole('link', { name: '← Back to the list' }).click();
      await page.waitForURL(/\/admin#enquiry-31$/);
      const box = await row(page, 31).boundingBox();
      t.ok(box && box.y >= 0 && box.y + box.height <= size.height, 'the row opened is in view');
      t.notOk(
        await row(page, 31).evaluate((element) => element.classList.contains('inbox-row--unread')),
        'opened, so read',
      );
      if (javaScript) {
        // The browser's own Back, from an enquiry, returns to where the list was scrolled.
        await row(page, 40).scrollIntoViewIfNeeded();
        const before = await page.evaluate(() => window.scrollY);
        await open(page, 40, javaScript);
        await page.goBack();
        await page.locator('#enquiry-40').waitFor();
        await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 40, before);
        t.pass('Back restores the scroll position');
      }
      await context.close();
    });
  }
}

for (const javaScript of [true, false]) {
  const how = javaScript ? 'with JavaScript' : 'without JavaScript';

  t.test(`${how}: every action says what it did and Undo takes it back`, async (t) => {
    const { context, page } = await signedIn(browser, SIZES[0], javaScript);
    const id = javaScript ? 50 : 49;
    await open(page, id, javaScript);

    const undo = async (said: RegExp, check: () => Promise<void>) => {
      await status(page).getByText(said).waitFor();
      await status(page).getByRole('button', { name: 'Undo' }).click();
      await status(page).getByText('Undone.').waitFor();
      await check();
    };
    const act = (name: string) => page.getByRole('button', { name, exact: true }).click();

    await act('Mark as unread');
    await undo(/Marked #\d+ as unread/, async () => {
      await page.getByRole('button', { name: 'Mark as unread', exact: true }).waitFor();
    });
    await act('Star');
    await undo(/Starred #\d+/, async () => {
      await page.getByRole('button', { name: 'Star', exact: true }).waitFor();
    });
    await act('Mark as spam');
    await undo(/Moved #\d+ to Spam/, async () => {
      await page.getByRole('button', { name: 'Mark as spam', exact: true }).waitFor();
    });
    if (javaScript) page.once('dialog', (dialog) => void dialog.accept());
    await act('Delete');
    await undo(/Moved #\d+ to Trash/, async () => {
      await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    });
    await stageButton(page, 'quoted').click();
    await undo(/Stage of #\d+ set to Quoted/, async () => {
      await waitForStage(page, 'new');
      t.pass('the stage it had');
    });

    // On the list: a bulk action, undone; the status and its Undo stay on screen.
    await page.getByRole('link', { name: '← Back to the list' }).click();
    await page.waitForURL(/\/admin#/);
    if (javaScript) await waitForHydration(page);
    await row(page, 45).getByRole('checkbox').check();
    await row(page, 44).getByRole('checkbox').check();
    await bulkAction(page, 'Mark as spam');
    await status(page).getByText('Moved 2 enquiries to Spam.').waitFor();
    // The list is read again after the message shows.
    await row(page, 45).waitFor({ state: 'detached' });
    t.equal(await row(page, 45).count(), 0, 'gone from the Inbox');
    await status(page).getByRole('button', { name: 'Undo' }).click();
    await status(page).getByText('Undone.').waitFor();
    await row(page, 45).waitFor();
    t.equal(await row(page, 44).count(), 1, 'both back');

    // A star from the list, undone.
    await row(page, 43).getByRole('button', { name: 'Star #43' }).click();
    await status(page).getByText('Starred #43.').waitFor();
    await page.waitForFunction(
      () => document.querySelector('#enquiry-43 .inbox-row__star button')?.getAttribute('aria-pressed') === 'true',
    );
    t.pass('the row shows the star');
    await status(page).getByRole('button', { name: 'Undo' }).click();
    await status(page).getByText('Undone.').waitFor();
    await page.waitForFunction(
      () => document.querySelector('#enquiry-43 .inbox-row__star button')?.getAttribute('aria-pressed') === 'false',
    );
    if (!javaScript) t.match(page.url(), /#enquiry-43$/, 'back at the row acted on');
    await context.close();
  });

  t.test(`${how}: the bulk bar stays in view while the list scrolls`, async (t) => {
    const { context, page } = await signedIn(browser, SIZES[1], javaScript);
    await row(page, 59).getByRole('checkbox').check();
    await row(page, 20).scrollIntoViewIfNeeded();
    const box = await bulkBar(page).boundingBox();
    t.ok(box && box.y >= 0 && box.y < 10, 'the bulk bar is at the top of the screen');
    if (javaScript) t.equal(await bulkBar(page).getByText('1 selected').count(), 1, 'it counts the selection');
    await context.close();
  });

  t.test(`${how}: search finds words of the message, the country and #number`, async (t) => {
    const { context, page } = await signedIn(browser, SIZES[0], javaScript);
    const search = async (query: string) => {
      const box = page.getByRole('searchbox', { name: 'Search enquiries' });
      if (javaScript) {
        const answered = page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/admin/api/enquiries' &&
            new URL(response.url()).searchParams.get('q') === query,
        );
        await box.fill(query);
        const { filtered } = (await (await answered).json()) as { filtered: number };
        await page.waitForFunction(
          (count) =>
            [...document.querySelectorAll('.admin-stats div')]
              .find((stat) => stat.textContent?.includes('Filtered'))
              ?.querySelector('dd')?.textContent === String(count),
          filtered,
        );
      } else {
        await box.fill(query);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === query);
      }
      return page.locator('.inbox-row').evaluateAll((rows) => rows.map((element) => Number(element.id.slice(8))));
    };
    t.same(await search('#17'), [17], '#number finds that enquiry');
    await search('Jebel Ali');
    t.equal(
      await page.locator('.admin-stats div').filter({ hasText: 'Filtered Results' }).locator('dd').innerText(),
      String(COUNT),
      'words only in the message',
    );
    const uae = await search('United Arab Emirates');
    t.ok(uae.length > 0, 'by country');
    t.ok(
      uae.every((id) => {
        const sent = deskEnquiry(id - 1);
        return 'country' in sent && sent.country === 'United Arab Emirates';
      }),
      'only enquiries from that country',
    );
    await context.close();
  });
}
