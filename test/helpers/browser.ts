import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { testClock, type TestClock } from './clock.js';
import { withServer, type Teardown, type TestServer } from './server.js';
import { reusedPhotoVariants } from './photo-variants.js';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * How long a page waits for what a test waits on (an element, a response, a navigation) before the test
 * calls it hung: a guard, not a measure. Playwright's own 30 s was passed on a machine at load 27.
 */
const WAIT_LIMIT_MS = 120_000;

/** Debian's Chromium, headless; never a downloaded browser. Every context it opens waits up to WAIT_LIMIT_MS. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROME_PATH`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT_LIMIT_MS);
    context.setDefaultNavigationTimeout(WAIT_LIMIT_MS);
    return context;
  };
  return browser;
}

/** Collects console errors and warnings and uncaught exceptions of a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Records the layout shifts of every page of `context` from the start of its load, each as its score
 * and what moved, from where to where; read them with `layoutShifts`. (The script goes as text: a
 * function would come transpiled, with helpers the page does not have.)
 */
export async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript({
    content: `{
      const shifts = [];
      const named = (source) => source.node ? source.node.nodeName + '.' + source.node.className : '(gone)';
      const describe = (entry) => entry.value.toFixed(4) + ' ' + entry.sources.map((source) =>
        named(source) + ' from ' + JSON.stringify(source.previousRect) + ' to ' + JSON.stringify(source.currentRect)).join(', ');
      const observer = new PerformanceObserver((list) => shifts.push(...list.getEntries().map(describe)));
      observer.observe({ type: 'layout-shift', buffered: true });
      window.layoutShifts = () => [...shifts, ...observer.takeRecords().map(describe)];
    }`,
  });
}

/** The layout shifts a page has had so far (see `watchLayoutShifts`). */
export const layoutShifts = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { layoutShifts(): string[] }).layoutShifts());

/**
 * Resolves once React has hydrated the page's own part (client/app/App.tsx marks it): a lazy page
 * (the contact form, the admin) is hydrated after the root, when its chunk has arrived. The root's
 * marker alone said "hydrated" too early under load, and a form filled then was sent empty.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.classList.contains('hydrated'));
}

/**
 * Renders the sections a browser skips while they are off screen (content-visibility: auto), as a reader
 * scrolling through the page would, so that innerText reads the whole page.
 */
export async function renderSkippedSections(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('main .section').forEach((section) => {
      section.style.contentVisibility = 'visible';
    }),
  );
}

/** Signs in on /admin the way a person does and waits for the panel (hydrated, when scripts run). */
export async function signInWithBrowser(
  page: Page,
  baseUrl: string,
  admin: { email: string; password: string },
  { javaScript = true } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  if (javaScript) await waitForHydration(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
  await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
  // The heading comes early in a long page: the rest (50 rows) may still be arriving.
  await page.waitForLoadState('load');
  if (javaScript) await waitForHydration(page);
}

/** The desk's rows (one per enquiry), and the row showing `text` (a name, a company, a subject …). */
export const inboxRows = (page: Page): Locator => page.locator('.inbox-row');
export const inboxRow = (page: Page, text: string | RegExp): Locator => inboxRows(page).filter({ hasText: text });

/**
 * Clicks one of the bulk bar's actions as a person does: on a phone they are folded into the bar's
 * menu ("Actions"), opened first; on a wider screen they stand in the bar.
 */
export async function bulkAction(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('form', { name: 'Selected enquiries' });
  const menu = bar.locator('details.admin-bulk__actions');
  const summary = menu.locator('> summary');
  if ((await summary.isVisible()) && !(await menu.evaluate((details: HTMLDetailsElement) => details.open))) {
    await summary.click();
  }
  await bar.getByRole('button', { name, exact: true }).click();
}

/** After a navigation: the page loaded (its stylesheet applied), and hydrated when scripts run. */
async function settled(page: Page, javaScript: boolean): Promise<void> {
  await page.waitForLoadState('load');
  if (javaScript) await waitForHydration(page);
}

/**
 * Opens an enquiry from the list as a person does, by its row's link; resolves on the enquiry's own
 * page (loaded, and hydrated when scripts run) with its number.
 */
export async function openEnquiry(page: Page, row: Locator, { javaScript = true } = {}): Promise<number> {
  const id = Number((await row.getAttribute('id'))?.replace(/^enquiry-/, ''));
  await row.getByRole('link', { name: new RegExp(`^#${id} `) }).click();
  await page.waitForURL((url) => url.pathname === `/admin/enquiries/${id}`);
  await page.getByRole('heading', { level: 1, name: new RegExp(`^#${id} `) }).waitFor();
  await settled(page, javaScript);
  return id;
}

/** "← Back to the list" from an enquiry's page: resolves on the list, at the enquiry's row (the address's fragment). */
export async function backToList(page: Page, { javaScript = true } = {}): Promise<URL> {
  const id = /\/admin\/enquiries\/(\d+)/.exec(page.url())?.[1];
  await page.getByRole('link', { name: '← Back to the list' }).click();
  await page.waitForURL((url) => url.pathname === '/admin' && url.hash === `#enquiry-${id}`);
  await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
  await settled(page, javaScript);
  return new URL(page.url());
}

/** The enquiry's stage buttons in its header bar: one click sets a stage. */
export const stageButton = (page: Page, stage: string): Locator =>
  page.locator(`.enquiry-page__stage button[value="${stage}"]`);
/** The stage the enquiry's page shows: the value of its pressed stage button (new, open, quoted …). */
export const stageShown = (page: Page): Promise<string | null> =>
  page.locator('.enquiry-page__stage button[aria-pressed="true"]').getAttribute('value');
/** Waits until the enquiry's page shows `stage` as its stage. */
export const waitForStage = (page: Page, stage: string): Promise<void> =>
  page.locator(`.enquiry-page__stage button[value="${stage}"][aria-pressed="true"]`).waitFor();

/** The status message an action leaves (with its Undo), once it says `message`. */
export async function doneSays(page: Page, message: string | RegExp): Promise<Locator> {
  const status = page.locator('.admin-done');
  await status.getByText(message).waitFor();
  return status;
}

/** Holds the page's POSTs to `url` until `release` is called (to see what shows while sending). */
export async function holdPosts(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  return release;
}

/**
 * The real server and Chromium for one browser test file, both closed when the file's tests end. The
 * server issues and checks form tokens by `clock`: a test fills a form in at a person's pace by
 * moving it on (`clock.advance(A_PERSONS_PACE_MS)`), not by sleeping. `port`: for a SITE_URL that names it.
 */
export async function startBrowserSuite(
  t: Teardown,
  env: Record<string, string> = {},
  port?: number,
): Promise<{ server: TestServer; browser: Browser; clock: TestClock }> {
  const clock = testClock();
  // What a person sees of a photo, not its processing (test/site-content/photos.test.ts): variants made once per run.
  const hooks = { processPhoto: reusedPhotoVariants };
  const server = await withServer(t, { env, clock, hooks, ...(port && { port }) });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  return { server, browser, clock };
}
