/**
 * The home page's hero in Chromium, at 375 and 1280 px, with and without JavaScript:
 * - one height: every slide as tall as the tallest (one with a long description, one with a short
 *   one), the same with JavaScript as without (nothing moves when the script runs), and as the row
 *   moves from slide to slide;
 * - without JavaScript every slide can be reached and read, and no button is shown (the pause
 *   button and dots come with JavaScript, after hydration);
 * - with a bright and a dark 4000 × 3000 photo uploaded through the site editor: the slide's text
 *   has 4.5 : 1 over the brightest colour anywhere in the photo under the overlay as Chromium styles
 *   it, the bright photo's overlay is the least that does, and the dark photo's is lighter than the
 *   72 % the overlay was at its lightest before;
 * - axe finds nothing.
 */
import type { Browser, Page } from 'playwright-core';
import t from 'tap';
import { sectionPath } from '../../shared/content/sections.js';
import { contrastRatio, MIN_CONTRAST, overSRGB, SHADE_STEP, type Rgb } from '../../shared/hero/overlay-shade.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  layoutShifts,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
  watchLayoutShifts,
} from '../helpers/browser.js';
import { brightestOf, brightPhoto, darkPhoto } from '../helpers/hero-photos.js';
import { uploadPhotos } from '../helpers/photos.js';
import { editSection } from '../helpers/site-editor.js';

const WIDTHS = [375, 1280] as const;
const LONG =
  'A forging team with hands-on experience since 2015, a quality system that checks every batch before it ships, and an export desk that answers within a day: closed-die, open-die and ring rolling in carbon, alloy and stainless steel, heat-treated and machined.';
const SHORT = 'Forged to your drawing.';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);
const owner = new AdminClient(server.url);
await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
const edited = await editSection(owner, sectionPath('home'), {
  'slides.1.description': LONG,
  'slides.2.description': SHORT,
});
if (edited.status !== 303) throw new Error(`the slides were not saved: ${edited.status}`);

/**
 * The home page at `width`. Without JavaScript, either as a browser with JavaScript off, or (for
 * axe, which needs scripts to run) as one whose scripts did not arrive: the page is the server's
 * HTML either way.
 */
async function open(browser: Browser, width: number, javaScript: boolean | 'scripts blocked'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    javaScriptEnabled: javaScript !== false,
  });
  const page = await context.newPage();
  if (javaScript === 'scripts blocked') await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto(`${server.url}/`);
  if (javaScript === true) await waitForHydration(page);
  await page.waitForLoadState('load');
  return page;
}

/** A computed colour, "rgb(10, 25, 47)", as numbers. */
const rgb = (css: string): Rgb => {
  const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.map(Number);
  return [r!, g!, b!];
};

const heights = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));

/** Whether slide `n` (from 1) fills the row's view: its left edge at the row's, its whole title inside the window. */
const slideInView = (page: Page, n: number) =>
  page.waitForFunction(
    (n) => {
      const row = document.querySelector('.hero__track')!.getBoundingClientRect();
      const slide = document.querySelectorAll('.hero__slide')[n - 1]!;
      const title = slide.querySelector('.hero__title')!.getBoundingClientRect();
      return (
        Math.abs(slide.getBoundingClientRect().left - row.left) < 1 && title.left >= 0 && title.right <= innerWidth
      );
    },
    n,
    { polling: 50 },
  );

for (const width of WIDTHS) {
  t.test(`${width} px: one height for every slide, with and without JavaScript`, async (t) => {
    const heroHeight: Record<string, number> = {};
    for (const javaScript of [false, true]) {
      const how = javaScript ? 'with JavaScript' : 'without';
      const page = await open(browser, width, javaScript);
      const descriptions = await heights(page, '.hero__description');
      t.ok(descriptions[1]! > descriptions[2]!, `${how}: slide 2's description is longer than slide 3's`);
      const slides = await heights(page, '.hero__slide');
      t.equal(slides.length, 3, `${how}: three slides`);
      t.same(new Set(slides).size, 1, `${how}: the slides are ${slides.join(', ')} px tall`);
      heroHeight[how] = (await heights(page, '.hero'))[0]!;
      if (javaScript) {
        for (const n of [2, 3, 1]) {
          await page.getByRole('button', { name: new RegExp(`^Show slide ${n}:`) }).click();
          await slideInView(page, n);
          t.equal((await heights(page, '.hero'))[0], heroHeight[how], `slide ${n} shown: the hero keeps its height`);
        }
      }
      await page.context().close();
    }
    t.equal(heroHeight['with JavaScript'], heroHeight['without'], 'the same height once the script runs');
  });

  t.test(`${width} px without JavaScript: every slide can be read, no button, axe clean`, async (t) => {
    const page = await open(browser, width, false);
    t.equal(await page.locator('.hero button').count(), 0, 'no pause button, no dots');
    // Each slide's link, reached with Tab as a keyboard user would, brings its slide into view.
    for (const n of [1, 2, 3]) {
      const slide = page.locator('.hero__slide').nth(n - 1);
      const link = slide.getByRole('link');
      for (let presses = 0; presses < 40 && !(await link.evaluate((a) => a === document.activeElement)); presses++)
        await page.keyboard.press('Tab');
      t.ok(await link.evaluate((a) => a === document.activeElement), `Tab reaches slide ${n}'s link`);
      await slideInView(page, n);
      const box = (await slide.locator('.hero__description').boundingBox())!;
      t.ok(box.x >= 0 && box.x + box.width <= width && box.height > 0, `slide ${n}'s description is in view`);
    }
    await page.context().close();

    const unscripted = await open(browser, width, 'scripts blocked');
    t.equal(
      await unscripted.locator('.hero button').count(),
      0,
      'the server’s HTML, in a browser whose scripts did not come: no button',
    );
    t.same(await violations(unscripted), [], 'axe');
    await unscripted.context().close();
  });

  t.test(
    `${width} px with JavaScript: the pause button and dots, once hydrated, move nothing; axe clean`,
    async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      await watchLayoutShifts(context);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${server.url}/`);
      await waitForHydration(page);
      await page.waitForLoadState('load');
      t.equal(await page.getByRole('button', { name: 'Pause slideshow' }).count(), 1);
      t.equal(await page.locator('.hero__dot').count(), 3);
      t.equal(await page.locator('.hero__count').count(), 0, 'the slides’ “1 / 3” give way to the dots');
      t.same(await layoutShifts(page), [], 'no layout shift');
      t.same(await violations(page), [], 'axe');
      t.same(problems, [], 'no console errors');
      await context.close();
    },
  );
}

t.test('photos: the text keeps 4.5 : 1 over a bright photo, and a dark photo is darkened less', async (t) => {
  const bright = await brightPhoto();
  const dark = await darkPhoto();
  const saved = await uploadPhotos(
    owner,
    sectionPath('home'),
    [
      { field: 'slides.0.photo', data: bright, fileName: 'sky.jpg', alt: 'The plant under a white sky' },
      { field: 'slides.1.photo', data: dark, fileName: 'night.jpg', alt: 'The press shop at night' },
    ],
    {},
    { asJson: true },
  );
  t.equal(saved.status, 200, 'both photos saved');
  const brightest = [await brightestOf(bright), await brightestOf(dark)];
  t.same(brightest[0], [255, 255, 255], 'the bright photo has white in it');

  for (const width of WIDTHS) {
    for (const javaScript of [true, false]) {
      const how = `${width} px ${javaScript ? 'with' : 'without'} JavaScript`;
      const page = await open(browser, width, javaScript);
      // The styles as Chromium computed them, read as strings (parsed here: a function defined in
      // the page's callback would come transpiled, with helpers the page does not have).
      const styles = await page.locator('.hero__slide').evaluateAll((nodes) =>
        nodes.map((slide) => {
          const backdrop = slide.querySelector('.hero__backdrop');
          const overlay = backdrop && getComputedStyle(backdrop, '::after');
          return {
            overlay: overlay && { colour: overlay.backgroundColor, opacity: overlay.opacity },
            texts: [...slide.querySelectorAll('.hero__subtitle, .hero__title, .hero__description')].map(
              (text) => getComputedStyle(text).color,
            ),
          };
        }),
      );
      const slides = styles.map(({ overlay, texts }) => ({
        overlay: overlay && { colour: rgb(overlay.colour), opacity: Number(overlay.opacity) },
        texts: texts.map(rgb),
      }));
      t.equal(slides[2]!.overlay, null, `${how}: slide 3 has no photo, no overlay`);
      for (const [index, name] of ['bright', 'dark'].entries()) {
        const { overlay, texts } = slides[index]!;
        if (!overlay) {
          t.fail(`${how}: the ${name} photo has an overlay`);
          continue;
        }
        const contrastAt = (opacity: number) =>
          Math.min(...texts.map((text) => contrastRatio(text, overSRGB(overlay.colour, opacity, brightest[index]!))));
        const contrast = contrastAt(overlay.opacity);
        t.ok(
          contrast >= MIN_CONTRAST,
          `${how}, ${name} photo under ${overlay.opacity * 100} %: ${contrast.toFixed(2)} : 1 ≥ 4.5 : 1`,
        );
        if (name === 'bright')
          t.ok(
            contrastAt(overlay.opacity - SHADE_STEP / 100) < MIN_CONTRAST,
            `${how}: ${(overlay.opacity * 100 - SHADE_STEP).toFixed(0)} % would not be enough: the least overlay`,
          );
        else
          t.ok(
            overlay.opacity < 0.72,
            `${how}: the dark photo's overlay, ${overlay.opacity * 100} %, is lighter than 72 %`,
          );
      }
      await page.context().close();
      const checked = await open(browser, width, javaScript || 'scripts blocked');
      t.same(await violations(checked), [], `${how}: axe`);
      await checked.context().close();
    }
  }
});
