import type { Page } from 'playwright-core';
import t from 'tap';
import { publicRoutes } from '../../shared/routes.js';
import { defaultContent } from '../../shared/content/defaults.js';

const heroSlides = defaultContent.home.slides;
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { publishLanguage } from '../helpers/languages.js';
import { showRightToLeft } from '../helpers/right-to-left.js';

// The owner's account: the last test publishes German as the owner does.
const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

t.test('every page hydrates with no console error, hydration warning or CSP violation', async (t) => {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  for (const path of [...publicRoutes.map((p) => p.path), '/contact/thank-you']) {
    await page.goto(server.url + path);
    await waitForHydration(page);
  }
  t.same(problems, []);
  // The 404 page hydrates too; its only console line is Chromium's note about the 404 status itself.
  await page.goto(server.url + '/no-such-page');
  await waitForHydration(page);
  t.same(problems, ['error: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  await page.close();
});

/**
 * The title of the slide the row has come to rest on (its scroll position a whole slide's width),
 * once it has: the slides scroll smoothly, in real time, whatever the page's clock says.
 */
async function slideInView(page: Page): Promise<string> {
  // The slide's number, from 1 (0 would read as "not yet").
  const number = await page.waitForFunction(
    () => {
      const row = document.querySelector<HTMLElement>('.hero__track')!;
      const at = row.scrollLeft / row.clientWidth;
      return Math.abs(at - Math.round(at)) < 0.01 ? Math.round(at) + 1 : false;
    },
    undefined,
    { polling: 50 },
  );
  return page
    .locator('.hero__slide')
    .nth(Number(await number.jsonValue()) - 1)
    .locator('.hero__title')
    .innerText();
}

/** Waits for the dot of slide `n` to say it is the current one. */
const shown = (page: Page, n: number) =>
  page.locator(`.hero__dot[aria-label^="Show slide ${n}:"][aria-current="true"]`).waitFor();

t.test('hero slider advances every 7 s, wraps, pauses on hover, and dots select a slide', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.clock.install();
  await page.goto(server.url + '/');
  await waitForHydration(page);
  t.equal(await slideInView(page), heroSlides[0].title);
  await page.clock.runFor(7000);
  // Past half way (at its first pixels the row still reads as resting on the first slide).
  await page.waitForFunction(
    () => {
      const row = document.querySelector<HTMLElement>('.hero__track')!;
      return row.scrollLeft > row.clientWidth / 2;
    },
    undefined,
    { polling: 50 },
  );
  t.equal(await slideInView(page), heroSlides[1].title, 'the row scrolls to the next slide');
  await page.clock.runFor(7000);
  await shown(page, 3);
  t.equal(await slideInView(page), heroSlides[2].title);
  await page.clock.runFor(7000);
  await shown(page, 1);
  t.equal(await slideInView(page), heroSlides[0].title, 'wraps to the first slide');

  await page.getByRole('button', { name: /Show slide 3/ }).click();
  await shown(page, 3);
  t.equal(await slideInView(page), heroSlides[2].title, 'a dot selects its slide');

  await page.locator('.hero').hover();
  await page.clock.runFor(14000);
  t.equal(await slideInView(page), heroSlides[2].title, 'paused while hovered');
  await page.mouse.move(5, 790);
  await page.locator('body').click({ position: { x: 5, y: 790 } });
  await page.clock.runFor(7000);
  await shown(page, 1);
  t.equal(await slideInView(page), heroSlides[0].title, 'resumes after the pointer leaves');

  await page.getByRole('button', { name: 'Pause slideshow' }).click();
  await page.mouse.move(5, 790);
  await page.locator('#main').evaluate((el) => (el as HTMLElement).focus());
  await page.clock.runFor(21000);
  t.equal(await slideInView(page), heroSlides[0].title, 'stays put after Pause');
  await page.close();
});

t.test('no auto-advance under prefers-reduced-motion', async (t) => {
  const page = await browser.newPage({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto(server.url + '/');
  await waitForHydration(page);
  await page.clock.runFor(21000);
  t.equal(await slideInView(page), heroSlides[0].title);
  await page.close();
});

t.test('products dropdown opens by hover and click', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + '/about');
  await waitForHydration(page);
  const menu = page.locator('.submenu');
  const toggle = page.getByRole('button', { name: 'Product categories' });
  t.notOk(await menu.isVisible());
  await page.locator('.has-submenu > .nav__link').hover();
  t.ok(await menu.isVisible(), 'open on hover');
  t.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await page.mouse.move(640, 700);
  t.notOk(await menu.isVisible(), 'closed when the pointer leaves');
  await toggle.click();
  t.ok(await menu.isVisible(), 'open on click');
  t.equal(await menu.locator('a').count(), 7);
  await menu.getByRole('link', { name: 'Pipe Fittings' }).click();
  await page.waitForURL('**/products/pipe-fittings');
  // The address changes before React has rendered the new route: wait for its heading.
  await page.locator('h1', { hasText: 'Pipe Fittings' }).waitFor();
  t.equal(await page.locator('h1').innerText(), 'Pipe Fittings');
  t.notOk(await menu.isVisible(), 'closed after choosing');
  await page.close();
});

t.test('products dropdown by keyboard: Enter, arrows, Escape', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + '/');
  await waitForHydration(page);
  const toggle = page.getByRole('button', { name: 'Product categories' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  t.equal(await toggle.getAttribute('aria-expanded'), 'true', 'Enter opens');
  await page.keyboard.press('ArrowDown');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Auto Parts');
  await page.keyboard.press('ArrowDown');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Flanges');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Transmission Parts', 'ArrowUp wraps');
  await page.keyboard.press('Escape');
  t.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes');
  t.ok(await toggle.evaluate((el) => el === document.activeElement), 'focus returns to the button');
  await page.keyboard.press('Space');
  t.equal(await toggle.getAttribute('aria-expanded'), 'true', 'Space opens');
  await page.keyboard.press('Space');
  t.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Space closes');
  await page.close();
});

t.test('hamburger menu on a phone opens, closes by Escape, and closes on any nav link click', async (t) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(server.url + '/');
  await waitForHydration(page);
  const hamburger = page.getByRole('button', { name: 'Menu' });
  const menu = page.locator('#primary-menu');
  t.notOk(await menu.isVisible(), 'closed at first');
  await hamburger.click();
  t.ok(await menu.isVisible());
  t.equal(await hamburger.getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('Escape');
  t.notOk(await menu.isVisible(), 'Escape closes');
  await hamburger.click();
  await menu.getByRole('link', { name: 'About Us' }).click();
  await page.waitForURL('**/about');
  // React Router changes the address before it renders the new route: wait for the render.
  await page.getByRole('heading', { name: 'About Us', level: 1 }).waitFor();
  await page.waitForFunction(() => document.title !== '' && !document.title.startsWith('Example Forgings |'));
  t.notOk(await menu.isVisible(), 'closed after a link click');
  t.equal(await hamburger.getAttribute('aria-expanded'), 'false');
  t.equal(await page.title(), 'About Us | Example Forgings', 'title follows the route');
  await page.close();
});

t.test('without JavaScript the whole nav still works on a phone', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await page.goto(server.url + '/');
  t.notOk(await page.locator('#primary-menu').isVisible(), 'closed at first, as with JavaScript: no layout shift');
  await page.getByRole('button', { name: 'Menu' }).click();
  t.ok(await page.locator('#primary-menu').isVisible(), 'the hamburger opens it without JavaScript');
  await page.locator('#primary-menu').getByRole('link', { name: 'Products', exact: true }).click();
  await page.waitForURL('**/products');
  t.equal(await page.locator('h1').innerText(), 'Our Products');
  t.equal(await page.locator('.hero__slide').count(), 0);
  await context.close();
});

t.test('the view scrolls to the top on every route change', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(server.url + '/');
  await waitForHydration(page);
  await page.locator('footer').getByRole('link', { name: 'Flanges' }).scrollIntoViewIfNeeded();
  t.ok((await page.evaluate(() => window.scrollY)) > 500);
  await page.locator('footer').getByRole('link', { name: 'Flanges' }).click();
  await page.waitForURL('**/products/flanges');
  await page.locator('h1', { hasText: 'Flanges' }).waitFor();
  t.equal(await page.evaluate(() => window.scrollY), 0);
  t.equal(await page.title(), 'Flanges | Example Forgings');
  await page.close();
});

t.test('no horizontal scroll at 320 px on any page', async (t) => {
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  for (const { path } of publicRoutes) {
    await page.goto(server.url + path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    t.equal(overflow, 0, path);
  }
  await page.close();
});

t.test(
  'a page right to left: no sideways scroll, the menu from the right, arrows mirrored, the Arabic font',
  async (t) => {
    const fonts: string[] = [];
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
    page.on('request', (request) => /noto-sans-arabic/.test(request.url()) && fonts.push(request.url()));
    await page.goto(server.url + '/');
    t.same(fonts, [], 'a Latin page fetches no Arabic font');
    const mirrored = () =>
      page
        .locator('.card__more .icon')
        .first()
        .evaluate((icon) => getComputedStyle(icon).transform);
    t.equal(await mirrored(), 'none', 'left to right, the arrows point right');

    await showRightToLeft(page, server.url + '/');
    await page.goto(server.url + '/');
    await waitForHydration(page);
    t.equal(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0);
    t.same(fonts, [], 'Latin letters right to left stay in the system font: no Arabic font without Arabic letters');
    t.equal(await mirrored(), 'matrix(-1, 0, 0, 1, 0, 0)', 'right to left, they point left');

    await page.setViewportSize({ width: 375, height: 740 });
    const toggle = page.getByRole('button', { name: 'Menu' });
    t.ok((await toggle.boundingBox())!.x < 375 / 2, "the menu button is at the line's end: the left");
    await toggle.click();
    const link = page.locator('#primary-menu').getByRole('link', { name: 'About Us' });
    const [box, text] = await link.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const { left, right } = range.getBoundingClientRect();
      const outer = element.getBoundingClientRect();
      return [
        { left: outer.left, right: outer.right },
        { left, right },
      ];
    });
    t.ok(text.right > box.right - 20 && text.left > box.left + 100, 'the menu items start at the right');
    await page.close();
  },
);

t.test('no page requests anything from another host', async (t) => {
  const page = await browser.newPage();
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  for (const { path } of publicRoutes) {
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
  }
  t.same(foreign, []);
  await page.close();
});

t.test(
  'a German buyer: from /de/ through the menu to a category, Request a Quote, an error in German, sent',
  async (t) => {
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await publishLanguage(admin, 'de');
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${server.url}/de/`);
    await waitForHydration(page);
    t.equal(await page.getAttribute('html', 'lang'), 'de');
    await page.getByRole('button', { name: 'Produktkategorien' }).click();
    await page.getByRole('link', { name: 'Flansche', exact: true }).first().click();
    await page.waitForURL(`${server.url}/de/produkte/flansche`);
    await page.getByRole('link', { name: 'Angebot anfordern' }).click();
    await page.waitForURL(/\/de\/kontakt\?product=flanges/);
    await page.getByLabel('Vollständiger Name').fill('Jana Schmidt');
    await page.getByLabel('Telefonnummer').fill('abc');
    await page.getByLabel('Nachricht').fill('Bitte um Angebot für 500 Flansche DN 50.');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByText('Bitte korrigieren Sie Folgendes:').waitFor();
    t.ok(
      await page.getByRole('link', { name: /Bitte geben Sie eine Telefonnummer mit 6 bis 20 Zeichen ein/ }).isVisible(),
    );
    await page.getByLabel('Telefonnummer').fill('+49 221 9876543');
    await page.getByRole('button', { name: 'Nachricht senden' }).click();
    await page.getByText('Vielen Dank für Ihre Anfrage! Wir melden uns in Kürze bei Ihnen.').waitFor();
    t.same(problems, []);
    await page.close();
  },
);
