import type { Page } from 'playwright-core';
import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { publicRoutes } from '../../shared/routes.js';
import { violations } from '../helpers/axe.js';
import {
  backToList,
  inboxRow,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
} from '../helpers/browser.js';
import { postJson } from '../helpers/server.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';

const WIDTHS = [375, 1280];

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

t.before(async () => {
  await postJson(`${server.url}/api/enquiries`, {
    name: 'Asha Mehta',
    email: 'asha@buyer.example',
    phone: '+91 98250 12345',
    subject: 'Flanges',
    message: 'Please quote.\nThanks.',
  });
});

for (const width of WIDTHS) {
  t.test(`axe finds no WCAG 2.2 A/AA violation at ${width} px`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of [...publicRoutes.map((p) => p.path), '/contact/thank-you', '/no-such-page']) {
      await page.goto(server.url + path);
      await waitForHydration(page);
      t.same(await violations(page), [], path);
    }

    await page.goto(server.url + '/contact');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.error-summary').waitFor();
    t.same(await violations(page), [], '/contact with validation errors');

    await page.goto(server.url + '/admin');
    await waitForHydration(page);
    t.same(await violations(page), [], 'admin login');
    await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
    await page.getByRole('alert').waitFor();
    t.same(await violations(page), [], 'admin login with an error');

    await signInWithBrowser(page, server.url, TEST_ADMIN);
    t.same(await violations(page), [], 'admin panel');
    await openEnquiry(page, inboxRow(page, 'Asha Mehta'));
    t.same(await violations(page), [], 'an enquiry on its own page');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: ADMIN_TEXT.delete, exact: true }).click();
    await page.locator('.admin-done').getByRole('button', { name: 'Undo' }).waitFor();
    t.same(await violations(page), [], 'an enquiry in Trash, the status with Undo');
    await page.locator('.admin-done').getByRole('button', { name: 'Undo' }).click();
    await page.locator('.admin-done').getByText('Undone.').waitFor();
    await backToList(page);
    t.equal(await inboxRow(page, 'Asha Mehta').count(), 1, 'back in the inbox');
    await context.close();
  });
}

/** Numbers every element Tab should stop at, in document order; returns how many there are. */
async function markTabbable(page: Page): Promise<number> {
  return page.evaluate(() => {
    const tabbable = [
      ...document.querySelectorAll<HTMLElement>('a[href], button, input, textarea, select, summary, [tabindex]'),
    ].filter(
      (el) =>
        el.tabIndex >= 0 &&
        !(el as HTMLButtonElement).disabled &&
        (el as HTMLInputElement).type !== 'hidden' &&
        el.getClientRects().length > 0 &&
        // Inside a closed disclosure, only its summary is reached.
        [null, el.tagName === 'SUMMARY' ? el.parentElement : undefined].includes(
          el.closest<HTMLElement>('details:not([open])'),
        ) &&
        getComputedStyle(el).visibility !== 'hidden',
    );
    tabbable.forEach((el, index) => (el.dataset.tabStop = String(index)));
    return tabbable.length;
  });
}

/**
 * Tabs through the page; for each stop, its number, its text and whether a focus indicator shows. A
 * control with stops of its own inside (a date input's day, month and year, its calendar button) is
 * one stop: the Tabs within it are passed through, and its ring judged when it is first reached.
 */
async function tabThrough(page: Page, count: number) {
  const visited: { stop: number; label: string; ring: boolean }[] = [];
  for (let presses = 0; visited.length < count && presses < count * 5; presses++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const own = getComputedStyle(el);
      const after = getComputedStyle(el, '::after');
      const ring =
        (own.outlineStyle !== 'none' && parseFloat(own.outlineWidth) > 0) ||
        (after.outlineStyle !== 'none' && parseFloat(after.outlineWidth) > 0);
      const label = `${el.tagName.toLowerCase()}:${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}`;
      return { stop: Number(el.dataset.tabStop ?? -1), label, ring };
    });
    if (stop.stop !== -1 && stop.stop === visited.at(-1)?.stop) continue;
    visited.push(stop);
  }
  return visited;
}

t.test(
  'keyboard: skip link first, every control reachable by Tab in document order, each with a visible focus ring',
  async (t) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    for (const path of ['/', '/contact', '/products/flanges']) {
      await page.goto(server.url + path);
      await waitForHydration(page);
      const count = await markTabbable(page);
      const visited = await tabThrough(page, count);
      t.equal(visited[0]!.label, 'a:Skip to content', `${path}: skip link first`);
      t.same(
        visited.map((v) => v.stop),
        [...Array(count).keys()],
        `${path}: all ${count} stops, in document order`,
      );
      t.same(
        visited.filter((v) => !v.ring).map((v) => v.label),
        [],
        `${path}: focus ring on every stop`,
      );
    }
    await page.goto(server.url + '/about');
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    t.equal(await page.evaluate(() => document.activeElement?.id), 'main', 'the skip link moves focus to the content');
    await page.close();
  },
);

t.test(
  'keyboard on the admin panel: every stop in order with a focus ring (the row, search, export, refresh, logout); on the enquiry, its actions',
  async (t) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    const count = await markTabbable(page);
    const stops = await tabThrough(page, count);
    t.same(
      stops.map((v) => v.stop),
      [...Array(count).keys()],
      `the list: all ${count} stops, in document order`,
    );
    t.same(
      stops.filter((v) => !v.ring).map((v) => v.label),
      [],
      'the list: focus ring on every stop',
    );
    const visited = stops.map((v) => v.label);
    for (const control of [
      'input:',
      'a:Export to CSV (1)',
      `a:${ADMIN_TEXT.refresh}`,
      'input:Select #1, Asha Mehta',
      'button:Star #1',
      `button:${ADMIN_TEXT.logout}`,
    ]) {
      t.ok(visited.includes(control), control);
    }
    const open = visited.find((label) => label.startsWith('a:#1 Asha Mehta'));
    t.ok(open, "the row's link");

    // Enter on the row's link opens the enquiry; its actions are reachable in turn.
    await page.getByRole('link', { name: /^#1 Asha Mehta/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/admin/enquiries/1');
    await waitForHydration(page);
    const pageStops = await tabThrough(page, await markTabbable(page));
    t.same(
      pageStops.filter((v) => !v.ring).map((v) => v.label),
      [],
      'the enquiry: focus ring on every stop',
    );
    const onPage = pageStops.map((v) => v.label);
    for (const control of [
      'a:← Back to the list',
      `button:${ADMIN_TEXT.delete}`,
      'button:Mark as unread',
      'button:New',
      'button:Won',
      'textarea:',
      'button:Add note',
    ]) {
      t.ok(onPage.includes(control), control);
    }
    await page.close();
  },
);
