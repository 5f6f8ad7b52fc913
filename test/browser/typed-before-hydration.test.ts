import t from 'tap';
import type { Page } from 'playwright-core';
import type { EnquiryList } from '../../shared/admin/desk.js';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { launchBrowser, waitForHydration, watchConsole } from '../helpers/browser.js';
import { A_PERSONS_PACE_MS, testClock } from '../helpers/clock.js';
import { withServer } from '../helpers/server.js';

// On a slow phone a person types before the scripts have taken over the page: the contact form and
// the admin's sign-in are lazy chunks, hydrated only when theirs arrives. Hydration leaves what was
// typed on the page but not in React's state, so a form that sent its state sent it empty (the
// sign-in answered "Invalid email or password." and the desk's heading never came: the flaky test
// under load). Here the chunk is held until the fields are filled, so that happens every time.
const clock = testClock();
const server = await withServer(t, { env: { ...TEST_ADMIN_ENV }, clock });
const browser = await launchBrowser();
t.teardown(() => browser.close());

/** Holds the page's lazy chunk `name` until the returned function is called. */
async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/assets/${name}-*.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const width of [375, 1280]) {
  t.test(`${width} px: the contact form sends what was typed before hydration, in place`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const release = await holdChunk(page, 'ContactPage');
    await page.goto(`${server.url}/contact`, { waitUntil: 'commit' });
    const subject = `Typed early ${width} – ગુજરાત ફોર્જિંગ`;
    await page.locator('#enquiry-name').fill('कविता शर्मा');
    await page.locator('#enquiry-phone').fill('+91 98250 12345');
    await page.locator('#enquiry-subject').fill(subject);
    await page.locator('#enquiry-message').fill('Bitte um Angebot: 400 Stück, Größe DN 80.');
    t.notOk(
      await page.evaluate(() => document.documentElement.classList.contains('hydrated')),
      'typed before hydration',
    );
    release();
    await waitForHydration(page);
    clock.advance(A_PERSONS_PACE_MS);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(SUCCESS_MESSAGE).waitFor();
    t.equal(page.url(), `${server.url}/contact`, 'sent in place');

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const inbox = (await (
      await admin.request(`/admin/api/enquiries?q=${encodeURIComponent(subject)}`)
    ).json()) as EnquiryList;
    t.match(
      inbox.enquiries,
      [{ name: 'कविता शर्मा', phone: '+91 98250 12345', subject, spamReason: null }],
      'stored as typed, in the Inbox',
    );
    t.same(problems, []);
    await context.close();
  });

  t.test(`${width} px: the admin signs in with what was typed before hydration`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    const release = await holdChunk(page, 'AdminPage');
    await page.goto(`${server.url}/admin`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(TEST_ADMIN.email);
    await page.getByLabel('Password').fill(TEST_ADMIN.password);
    release();
    await waitForHydration(page);
    await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
    await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
    t.pass('the panel');
    await context.close();
  });
}
