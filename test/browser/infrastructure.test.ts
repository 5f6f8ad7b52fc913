/**
 * Proof of capability in Chromium, as a buyer reaches it: from the home page, through the menu, to
 * Infrastructure and Quality, at 375 and 1280 px, with and without JavaScript, axe clean. First with
 * nothing filled in (no empty part, no strip), then with every record filled in through the site
 * editor with a 4000 × 3000 photo per machine, certificate and case study: each shows, the expired
 * certificate does not, the strip on Home and About links the page, the registration numbers are
 * in the footer, on Contact and About, and the desk flags the certificates at 375 and 1280 px.
 */
import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  renderSkippedSections,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { CASE_STUDY, CERTIFICATES, fillCapability, MACHINES, MARKETS, REGISTRATION } from '../helpers/capability.js';

const { server, browser, clock } = await startBrowserSuite(t, TEST_ADMIN_ENV);

const WIDTHS = [375, 1280] as const;
const MODES = [true, false] as const;

/**
 * A page at `width`, with its console watched; without JavaScript, the site's scripts never arrive
 * (axe still runs, through the DevTools protocol).
 */
async function open(browser: Browser, width: number, javaScript: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
  const page = await context.newPage();
  const problems = watchConsole(page);
  return { context, page, problems: javaScript ? problems : [] };
}

/** Home, then the menu (the button on a phone), then Infrastructure: the way a buyer gets there. */
async function reachInfrastructure(page: Page, width: number, javaScript: boolean) {
  await page.goto(`${server.url}/`);
  if (javaScript) await waitForHydration(page);
  if (width < 900) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Infrastructure' }).click();
  await page.waitForURL('**/infrastructure');
  await page.getByRole('heading', { level: 1, name: 'Infrastructure and Quality' }).waitFor();
  if (javaScript) await waitForHydration(page);
  await renderSkippedSections(page);
}

const sectionHeadings = (page: Page) => page.locator('main h2:not(.visually-hidden)').allInnerTexts();

t.test('nothing filled in: the page makes sense, with no empty part and no strip', async (t) => {
  for (const width of WIDTHS)
    for (const javaScript of MODES) {
      const at = `${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
      const { context, page, problems } = await open(browser, width, javaScript);
      await page.goto(`${server.url}/`);
      t.equal(await page.locator('.proof-strip').count(), 0, `${at}: no strip on Home`);
      await reachInfrastructure(page, width, javaScript);
      t.same(await sectionHeadings(page), ['Have a drawing or a requirement?'], `${at}: no empty section`);
      await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).waitFor();
      t.equal(await page.getByRole('link', { name: /capability statement/ }).count(), 0, `${at}: no PDF link`);
      t.same(await violations(page), [], `${at}: axe`);
      t.same(problems, [], `${at}: no console problem`);
      await context.close();
    }
});

t.test('every record filled in through the site editor', async (t) => {
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await fillCapability(owner, clock.now());
  const [valid, expiring, expired] = CERTIFICATES;

  for (const width of WIDTHS)
    for (const javaScript of MODES) {
      const at = `${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
      const { context, page, problems } = await open(browser, width, javaScript);
      await page.goto(`${server.url}/`);
      await renderSkippedSections(page);
      const strip = page.locator('.proof-strip');
      t.match(await strip.innerText(), /1,200[\s\S]*ISO 9001:2015[\s\S]*8 countries/, `${at}: the strip on Home`);
      t.notMatch(await strip.innerText(), /IATF/, `${at}: without the expired certificate`);
      const footer = page.getByRole('contentinfo');
      for (const value of Object.values(REGISTRATION).slice(0, 4))
        t.match(await footer.innerText(), value, `${at}: footer ${value}`);

      await reachInfrastructure(page, width, javaScript);
      t.same(
        await sectionHeadings(page),
        [
          'Capacity',
          'Plant and Machines',
          'Certificates',
          'Materials and Standards',
          'Export Markets',
          'Case Studies',
          'Company Registration',
          'Have a drawing or a requirement?',
        ],
        `${at}: every part, in order`,
      );
      const main = page.getByRole('main');
      for (const machine of MACHINES) await main.getByRole('heading', { level: 3, name: machine.name }).waitFor();
      for (const certificate of [valid, expiring])
        await main.getByRole('heading', { level: 3, name: certificate.name }).waitFor();
      t.notMatch(await main.innerText(), expired.number, `${at}: the expired certificate is hidden`);
      t.notMatch(await main.innerText(), expired.name);
      await main.getByRole('heading', { level: 3, name: CASE_STUDY.title }).waitFor();
      const markets = main.locator('.markets li');
      t.match(await markets.allInnerTexts(), MARKETS.map(endsWith), `${at}: the markets`);
      t.equal(await main.locator('.markets__flag[aria-hidden="true"]').count(), MARKETS.length, `${at}: flags hidden`);
      t.equal(
        await main.getByRole('link', { name: 'Download the capability statement (PDF)' }).getAttribute('href'),
        '/capability-statement.pdf',
        `${at}: the capability statement`,
      );
      t.match(await main.innerText(), /Established\s+2015/, `${at}: the year`);
      // Every photo: an uploaded one, its alt text, its own size reserved.
      const photos = main.locator('.proof-card picture img');
      t.equal(await photos.count(), MACHINES.length + 2 + 1, `${at}: a photo per machine, certificate and case study`);
      t.match(await photos.first().getAttribute('alt'), /Friction screw press/);
      t.same(await violations(page), [], `${at}: axe`);

      // From the page's strip on About to Contact: the registration numbers on both.
      await page.goto(`${server.url}/about`);
      await page.locator('.proof-strip').getByRole('link', { name: 'See our plant and quality' }).waitFor();
      await renderSkippedSections(page);
      t.match(await page.getByRole('main').innerText(), /GSTIN\s+24AAACB1234C1ZL[\s\S]*Established\s+2015/);
      t.same(await violations(page), [], `${at}: axe on About`);
      await page.goto(`${server.url}/contact`);
      await renderSkippedSections(page);
      if (javaScript) await waitForHydration(page);
      t.match(await page.getByRole('main').innerText(), /IEC\s+AAACB1234C/, `${at}: Contact`);
      t.same(problems, [], `${at}: no console problem`);
      await context.close();
    }

  // The desk flags the certificate that expires in 12 days and the one that has expired.
  for (const width of WIDTHS) {
    const { context, page } = await open(browser, width, true);
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    const notices = page.locator('.certificate-notices');
    t.match(await notices.innerText(), `Certificate ${expiring.name} (${expiring.number}) expires on`);
    t.match(await notices.innerText(), `Certificate ${expired.name} (${expired.number}) has expired`);
    t.same(await violations(page), [], `${width} px: axe on the desk`);
    await context.close();
  }
});

/** A market as the list reads it: the flag (drawn by the system), then the name. */
function endsWith(market: string): RegExp {
  return new RegExp(`${market.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
