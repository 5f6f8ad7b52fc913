import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { failureMessage, SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { holdPosts, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import type { Page } from 'playwright-core';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { A_PERSONS_PACE_MS } from '../helpers/clock.js';

const { server, browser, clock } = await startBrowserSuite(t, { ENQUIRY_RATE_LIMIT: '100', ...TEST_ADMIN_ENV });

const storedSubjects = () => {
  const db = new Database(join(server.dataDir, 'forge.db'), { readonly: true });
  const subjects = db.prepare('SELECT subject FROM enquiries ORDER BY id').pluck().all() as string[];
  db.close();
  return subjects;
};

const field = (page: Page, name: string) => page.locator(`#enquiry-${name}`);

/** The country of the enquiry last stored: as the buyer wrote it, and its code. */
const lastCountry = () => {
  const db = new Database(join(server.dataDir, 'forge.db'), { readonly: true });
  const row = db.prepare('SELECT country, country_code AS code FROM enquiries ORDER BY id DESC LIMIT 1').get();
  db.close();
  return row;
};

async function fill(page: Page, subject: string) {
  await field(page, 'name').fill('Meera Joshi');
  await field(page, 'email').fill('meera@importer.example');
  await field(page, 'phone').fill('+44 20 7946 0958');
  await field(page, 'subject').fill(subject);
  await field(page, 'message').fill('Please quote forged gear blanks.\nQuantity: 2,000.');
}

t.test('with JavaScript: Sending..., success message, form reset, stored', async (t) => {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  const release = await holdPosts(page, /\/contact(\?|$)/);
  await page.goto(server.url + '/contact');
  await waitForHydration(page);
  await fill(page, 'Gear blanks (JS)');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const busy = page.getByRole('button', { name: 'Sending...' });
  await busy.waitFor();
  t.ok(await busy.isDisabled(), 'disabled while sending');
  release();
  await page.getByText(SUCCESS_MESSAGE).waitFor();
  t.equal(page.url(), server.url + '/contact', 'no navigation');
  for (const name of ['name', 'email', 'phone', 'subject', 'message']) {
    t.equal(await field(page, name).inputValue(), '', `${name} reset`);
  }
  t.ok(await page.getByRole('button', { name: 'Send Message' }).isEnabled());
  t.same(storedSubjects(), ['Gear blanks (JS)']);
  t.same(problems, []);
  await page.close();
});

t.test('with JavaScript: invalid input shows the same messages inline, nothing sent', async (t) => {
  const page = await browser.newPage();
  await page.goto(server.url + '/contact');
  await waitForHydration(page);
  await field(page, 'email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const summary = page.locator('.error-summary');
  await summary.waitFor();
  t.ok(await summary.evaluate((el) => el === document.activeElement), 'focus moves to the summary');
  t.match(
    await summary.innerText(),
    /Please enter your full name[\s\S]*valid email address[\s\S]*phone number[\s\S]*subject[\s\S]*message/,
  );
  t.equal(await field(page, 'name').getAttribute('aria-invalid'), 'true');
  t.equal(storedSubjects().length, 1, 'nothing new stored');
  await page.close();
});

t.test('with JavaScript: a failed submission shows the Oops message and keeps the input', async (t) => {
  const page = await browser.newPage();
  page.on('console', () => {});
  await page.route('**/contact', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, body: '{}', contentType: 'application/json' })
      : route.continue(),
  );
  await page.goto(server.url + '/contact');
  await waitForHydration(page);
  await fill(page, 'Will fail');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText(failureMessage('info@example.com')).waitFor();
  t.equal(await field(page, 'subject').inputValue(), 'Will fail', 'input kept');
  t.equal(await page.locator('[aria-live="polite"]').count(), 1, 'announced in a live region');
  await page.close();
});

t.test('without JavaScript: POST, 303 to the thank-you page, stored', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url + '/contact');
  await fill(page, 'Gear blanks (no JS)');
  t.equal(
    await page.locator('#enquiry-countries option[value="Deutschland"]').getAttribute('label'),
    'Germany',
    'the country list offers the names people write, with the country each stands for',
  );
  await field(page, 'country').fill('Deutschland');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForURL(/\/contact\/thank-you\?ref=\d+(#enquiry-form)?$/);
  t.ok(await page.getByText(SUCCESS_MESSAGE).isVisible());
  t.same(storedSubjects(), ['Gear blanks (JS)', 'Gear blanks (no JS)']);
  t.same(lastCountry(), { country: 'Deutschland', code: 'DE' }, 'free text is kept, and mapped to its country');
  await context.close();
});

t.test('without JavaScript: server-side errors re-render the form with the values kept', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(server.url + '/contact');
  await fill(page, 'Bad phone');
  await field(page, 'phone').fill('12-AB');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForLoadState();
  t.ok(await page.getByText('Please correct the following:').isVisible());
  t.equal(await field(page, 'subject').inputValue(), 'Bad phone');
  t.equal(await field(page, 'phone').inputValue(), '12-AB');
  await context.close();
});

t.test(
  'storage unavailable (a lock held by another process): the message, every value kept, with and without JavaScript',
  async (t) => {
    const other = new Database(join(server.dataDir, 'forge.db'));
    other.exec('BEGIN IMMEDIATE');
    t.teardown(() => {
      other.exec('ROLLBACK');
      other.close();
    });
    const unavailable =
      /We could not save your enquiry just now\. Nothing was lost on your side: please send it again in a minute, or e-mail us at \S+@\S+\./;

    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(server.url + '/contact');
    await waitForHydration(page);
    await fill(page, 'Locked (JS)');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.form-status').getByText(unavailable).waitFor();
    t.equal(await field(page, 'subject').inputValue(), 'Locked (JS)', 'values kept');
    t.equal(await field(page, 'message').inputValue(), 'Please quote forged gear blanks.\nQuantity: 2,000.');
    t.same(
      problems.filter((line) => !line.includes('503')),
      [],
      'nothing but the failed request in the console',
    );
    await page.close();

    const context = await browser.newContext({ javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto(server.url + '/contact');
    await fill(plain, 'Locked (no JS)');
    const [response] = await Promise.all([
      plain.waitForResponse('**/contact'),
      plain.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    t.equal(response.status(), 503);
    t.match(await plain.locator('.form-status').innerText(), unavailable);
    t.equal(await field(plain, 'subject').inputValue(), 'Locked (no JS)', 'values kept');
    t.equal(await field(plain, 'email').inputValue(), 'meera@importer.example');
    await context.close();
    t.notOk(
      storedSubjects().some((subject) => subject.startsWith('Locked')),
      'nothing stored',
    );
  },
);

t.test(
  "with JavaScript, the list of countries cannot come (offline): the field keeps the page's suggestions",
  async (t) => {
    const page = await browser.newPage();
    await page.route(/\/assets\/country-matcher-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto(server.url + '/contact');
    await waitForHydration(page);
    const country = field(page, 'country');
    t.equal(await country.getAttribute('role'), 'combobox', 'a combobox once the page runs');
    await country.pressSequentially('Deutsch');
    await page.waitForFunction(
      () => document.querySelector('#enquiry-country')?.getAttribute('list') === 'enquiry-countries',
    );
    t.equal(await country.getAttribute('role'), null, 'no combobox without its list');
    t.equal(await page.locator('#enquiry-country-choices').count(), 0, 'no empty listbox left behind');
    t.equal(await country.inputValue(), 'Deutsch', 'what was typed is kept');
    t.equal(
      await page.locator('#enquiry-countries option[value="Deutschland"]').getAttribute('label'),
      'Germany',
      "the document's list still offers it",
    );
    await page.close();
  },
);

t.test('with JavaScript at 320 px: "Deutsch" offers Germany, chosen and sent; the desk shows Germany', async (t) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 720 } });
  const problems = watchConsole(page);
  await page.goto(server.url + '/contact');
  await waitForHydration(page);
  await fill(page, 'Forged flanges (country picker)');
  const country = page.getByRole('combobox', { name: /Country/ });
  await country.pressSequentially('Deutsch');
  const germany = page.getByRole('option', { name: /^Germany/ });
  await germany.waitFor();
  t.same(await violations(page), [], 'axe: no violations with the list open');
  t.ok(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    'no horizontal scroll at 320 px',
  );
  await country.press('ArrowDown');
  t.equal(await germany.getAttribute('aria-selected'), 'true', 'the arrow keys move through the choices');
  await country.press('Enter');
  t.equal(await country.inputValue(), 'Germany', 'the display name is filled in');
  t.equal(await page.getByRole('listbox').isVisible(), false, 'and the list closes');
  clock.advance(A_PERSONS_PACE_MS); // the desk's inbox, not Spam: filled at a person's pace
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByText(SUCCESS_MESSAGE).waitFor();
  t.same(lastCountry(), { country: 'Germany', code: 'DE' });
  t.same(problems, []);
  await page.close();

  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const desk = await (await admin.request('/admin?q=country%20picker')).text();
  t.match(desk, /<span class="inbox-row__country">Germany<\/span>/, 'the desk row says Germany');
});
