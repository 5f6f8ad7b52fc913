/**
 * Photos on the public site, in Chromium as a phone: with a 4000 × 3000 photo uploaded for every
 * category and hero slide (and a logo), a category page's first view at 375 px weighs at most
 * 350 KB transferred in all, its cover comes in the AVIF variant that fits, no photo below the fold
 * is fetched, and nothing moves as the page and its photos arrive. On the home page, only the logo and the first
 * slide's photo are fetched before the page has loaded (the cards' and the later slides' wait for it,
 * with JavaScript); a buyer scrolling down sees every card's photo, with JavaScript and without.
 */
import t from 'tap';
import type { Page } from 'playwright-core';
import { PHOTO_WIDTHS } from '../../shared/content/photo.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  layoutShifts,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
  watchLayoutShifts,
} from '../helpers/browser.js';
import { uploadSitePhotos } from '../helpers/photos.js';

const KB = 1024;
const FIRST_VIEW_BUDGET = 350 * KB;
/** A phone as Lighthouse's mobile emulation has it (its density), 375 CSS px wide. */
const PHONE = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);
const owner = new AdminClient(server.url);
await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
await uploadSitePhotos(owner);

t.test(
  `a category page's first view at 375 px: at most ${FIRST_VIEW_BUDGET / KB} KB, the cover's AVIF that fits, nothing below the fold, no layout shift`,
  async (t) => {
    const context = await browser.newContext(PHONE);
    await watchLayoutShifts(context);
    const page = await context.newPage();
    const problems = watchConsole(page);

    // What the network transferred (headers and encoded body) for each request, as DevTools counts it.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A phone's processor, as Lighthouse's mobile run has it: its parser stops more often on the way
    // (a frame of a half-parsed page moved things once the rest arrived; see document.ts).
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const urls = new Map<string, string>();
    const transferred = new Map<string, number>();
    const failed: string[] = [];
    let settle: (() => void) | undefined;
    const inFlight = () => urls.size - transferred.size - failed.length;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!request.url.startsWith('data:')) urls.set(requestId, request.url);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (!urls.has(requestId)) return;
      transferred.set(requestId, encodedDataLength);
      if (inFlight() === 0) settle?.();
    });
    cdp.on('Network.loadingFailed', ({ requestId }) => {
      if (!urls.has(requestId)) return;
      failed.push(urls.get(requestId)!);
      if (inFlight() === 0) settle?.();
    });

    await page.goto(`${server.url}/products/flanges`, { waitUntil: 'load' });
    await waitForHydration(page);
    const cover = page.locator('.category__image picture img');
    // Every image in the first view has arrived (the cover among them); then whatever else the page asked for.
    await page.waitForFunction(() =>
      [...document.images].every(
        (img) =>
          img.getBoundingClientRect().top >= innerHeight ||
          img.getBoundingClientRect().height === 0 ||
          (img.complete && img.currentSrc !== ''),
      ),
    );
    if (inFlight() > 0) await new Promise<void>((resolve) => (settle = resolve));

    const total = [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0);
    t.comment(
      `first view of /products/flanges at 375 px: ${(total / KB).toFixed(1)} KB transferred in ${transferred.size} requests`,
    );
    for (const [id, bytes] of transferred)
      t.comment(`  ${(bytes / KB).toFixed(1).padStart(6)} KB  ${urls.get(id)!.replace(server.url, '')}`);
    t.same(failed, [], 'every request succeeded');
    t.ok(total <= FIRST_VIEW_BUDGET, `${(total / KB).toFixed(1)} KB ≤ ${FIRST_VIEW_BUDGET / KB} KB`);

    // The cover: the smallest variant at least as wide as it shows in device pixels, as AVIF.
    const shown = await cover.evaluate((img: HTMLImageElement) => ({
      width: img.getBoundingClientRect().width,
      currentSrc: img.currentSrc,
      dpr: devicePixelRatio,
    }));
    const fits = PHOTO_WIDTHS.find((width) => width >= shown.width * shown.dpr)!;
    t.comment(`cover: ${shown.width} CSS px × ${shown.dpr} → ${shown.currentSrc.replace(server.url, '')}`);
    t.match(
      shown.currentSrc,
      new RegExp(`/media/[0-9a-f]{20}/${fits}\\.avif$`),
      `the ${fits} px AVIF (${shown.width} CSS px at ${shown.dpr}×)`,
    );
    t.ok([480, 960].includes(fits), 'at 375 px a phone takes the 480 or 960 px variant');

    // Photos fetched: only those the first view shows (the logo and the cover), each once.
    const photos = [...urls.values()].filter((url) => new URL(url).pathname.startsWith('/media/'));
    const inView = await page.evaluate(() =>
      [...document.images]
        .filter((img) => img.currentSrc.includes('/media/') && img.getBoundingClientRect().top < innerHeight)
        .map((img) => img.currentSrc),
    );
    t.equal(inView.length, 2, 'the logo and the cover show in the first view');
    t.same([...photos].sort(), [...inView].sort(), 'no photo below the fold, none fetched twice');

    // Nothing moved: no layout shift from the start of the load (the photos' places are reserved).
    t.same(await layoutShifts(page), [], 'no layout shift');
    t.same(problems, [], 'no console errors');
    await context.close();
  },
);

/** The photos a page fetched, each with whether it started before the page's load event (the page's own clock). */
const photosFetched = (page: Page) =>
  page.evaluate(() => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.startsWith('/media/'))
      .map((entry) => ({ path: new URL(entry.name).pathname, beforeLoad: entry.startTime < loaded }));
  });

/** Scrolls a buyer's way down the home page's cards and resolves with the photo each shows. */
async function cardPhotosShown(page: Page): Promise<string[]> {
  const cards = page.locator('#home-products ~ ul .category-card');
  const shown: string[] = [];
  for (const card of await cards.all()) {
    await card.scrollIntoViewIfNeeded();
    const img = card.locator('picture img');
    await img.evaluate((element: HTMLImageElement) =>
      element.complete
        ? undefined
        : new Promise((resolve) => element.addEventListener('load', resolve, { once: true })),
    );
    shown.push(await img.evaluate((element: HTMLImageElement) => new URL(element.currentSrc).pathname));
  }
  return shown;
}

t.test(
  "the home page on a phone: the first slide's photo before the rest, every card's photo as the buyer scrolls",
  async (t) => {
    for (const javaScriptEnabled of [true, false]) {
      const how = javaScriptEnabled ? 'with JavaScript' : 'without';
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(server.url, { waitUntil: 'load' });
      if (javaScriptEnabled) {
        await waitForHydration(page);
        const early = (await photosFetched(page)).filter((photo) => photo.beforeLoad).map((photo) => photo.path);
        const firstSlide = await page
          .locator('.hero__slide')
          .first()
          .locator('picture img')
          .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
        const logo = await page
          .locator('header img')
          .first()
          .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
        t.same(
          early.sort(),
          [firstSlide, logo].sort(),
          `${how}: before the page has loaded, only the first slide's photo and the logo`,
        );
      }
      const shown = await cardPhotosShown(page);
      t.equal(shown.length, 7, `${how}: seven cards`);
      t.ok(
        shown.every((path) => /^\/media\/[0-9a-f]{20}\/480\.avif$/.test(path)),
        `${how}: every card shows its photo, the 480 px AVIF (${shown.join(', ')})`,
      );
      t.equal(new Set(shown).size, 7, `${how}: a photo of its own on each card`);
      t.equal(
        await page.locator('.hero__slide').nth(1).locator('picture img').count(),
        1,
        `${how}: the second slide has its photo`,
      );
      if (javaScriptEnabled) {
        const fetched = (await photosFetched(page)).map((photo) => photo.path);
        t.equal(fetched.length, new Set(fetched).size, `${how}: no photo fetched twice`);
      }
      t.same(problems, [], `${how}: no console errors`);
      await context.close();
    }
  },
);
