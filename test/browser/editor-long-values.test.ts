import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { defaultContent } from '../../shared/content/defaults.js';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { openSection, saveSection } from '../helpers/site-editor.js';

// Long values in the site editor show whole: a key feature of 200 characters (its list's limit) and
// a specification value of 300 (its column's), in text areas that grow with their text, at a phone's
// width and a desktop's, with and without JavaScript; the table's columns stay aligned and its rows
// still move.
const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

const FEATURE =
  'Forged from certified bar, ultrasonically tested to EN 10228-3 class 3, heat treated (normalised, quenched and tempered) to the hardness asked, with a 3.1 mill test certificate for every heat of steel';
const VALUE =
  'ASME B16.5 Class 150 to 2500, ASME B16.47 Series A and B, EN 1092-1 PN 6 to PN 100, DIN 2527, 2566, 2573 and 2627 to 2638, BS 4504, JIS B2220 5K to 30K and AWWA C207; faces RF, FF, RTJ, tongue and groove, male and female; sizes ½″ to 48″; bores to the buyer’s own schedule, drilled and faced to order';
t.equal(FEATURE.length, 200, 'the key feature is as long as one may be');
t.equal(VALUE.length, 300, 'the value is as long as one may be');

const SECTION = sectionPath('products/flanges');

/**
 * Publishes the product's key features and specification rows as the site ships them, with the long
 * values first: each test starts from these, whatever the one before moved, deleted or added.
 */
async function publishLongValues() {
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page, view } = await openSection(admin, SECTION);
  const { features, specifications } = defaultContent.products.flanges;
  const values = Object.fromEntries(
    Object.entries(view.values).filter(([name]) => !/^(features|specifications)\./.test(name)),
  );
  [FEATURE, ...features.slice(1)].forEach((feature, n) => (values[`features.${n}`] = feature));
  specifications.forEach(({ label, value }, n) => {
    values[`specifications.${n}.label`] = label;
    values[`specifications.${n}.value`] = n === 0 ? VALUE : value;
  });
  const saved = await saveSection(admin, SECTION, values, page.revision.id);
  if (saved.status !== 303) throw new Error(`the long values were not saved: ${saved.status}`);
}

/**
 * The product's form, signed in, at this width, with the site's scripts or without them (the test's
 * probes and axe still run); `beforeScripts`: run in the page before its own scripts.
 */
async function openForm(width: number, javaScript: boolean, beforeScripts?: () => void) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
  if (beforeScripts) await context.addInitScript(beforeScripts);
  const page = await context.newPage();
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
  await page.goto(`${server.url}${SECTION}`);
  await page.getByRole('heading', { name: 'Product: Flanges', level: 2 }).waitFor();
  if (javaScript) await waitForHydration(page);
  return { context, page };
}

/** Whether a text area shows all its text: nothing to scroll inside it. */
const showsWhole = (area: Locator) =>
  area.evaluate((element) => element.tagName === 'TEXTAREA' && element.scrollHeight <= element.clientHeight);

const box = async (locator: Locator) => (await locator.boundingBox())!;

const feature = (page: Page, n: number) => page.getByLabel(`Key feature ${n}`, { exact: true });
const cell = (page: Page, row: number, column: 'Label' | 'Value') => page.getByLabel(`Row ${row}: ${column}`);

for (const width of [375, 1280])
  for (const javaScript of [true, false]) {
    const how = `${javaScript ? 'with' : 'without'} JavaScript at ${width} px`;

    t.test(
      `${how}: a 200-character key feature and a 300-character specification value show whole; the rows line up and still move; Enter adds no line break`,
      async (t) => {
        await publishLongValues();
        const { context, page } = await openForm(width, javaScript);
        const problems = javaScript ? watchConsole(page) : [];

        t.equal(await feature(page, 1).inputValue(), FEATURE, 'the key feature, all of it');
        t.equal(await cell(page, 1, 'Value').inputValue(), VALUE, 'the value, all of it');
        t.ok(await showsWhole(feature(page, 1)), 'the key feature is a text area that shows it whole');
        t.ok(await showsWhole(cell(page, 1, 'Value')), 'so is the value');
        t.ok(await showsWhole(cell(page, 1, 'Label')), 'and the label beside it');
        // A short value is as high as the single-line inputs of the form (the product's name).
        const input = await box(page.locator('#field-name'));
        const short = await box(cell(page, 2, 'Label'));
        t.ok(Math.abs(short.height - input.height) <= 2, `a short value is one line high (${short.height} px)`);
        t.ok((await box(feature(page, 1))).height > 2 * input.height, 'the long one is higher');

        const label = await box(cell(page, 1, 'Label'));
        const value = await box(cell(page, 1, 'Value'));
        const buttons = await box(
          page
            .locator('.content-rows__row')
            .filter({ has: cell(page, 1, 'Value') })
            .locator('.content-rows__buttons'),
        );
        if (width > 640) {
          // The table: the label, the value and the row's buttons side by side, their tops in line,
          // each under its column's head.
          const heads = page.locator('.content-rows__head span');
          t.equal(label.y, value.y, 'the label and the value start on one line');
          t.ok(buttons.y >= value.y && buttons.y < value.y + input.height, 'the buttons beside them, at the top');
          t.ok(label.x + label.width < value.x && value.x + value.width < buttons.x, 'side by side');
          t.equal(Math.round((await box(heads.nth(0))).x), Math.round(label.x), 'the label under “Label”');
          t.equal(Math.round((await box(heads.nth(1))).x), Math.round(value.x), 'the value under “Value”');
          t.ok(
            (await box(cell(page, 2, 'Label'))).y >= value.y + value.height,
            'the next row starts below the long value',
          );
        } else {
          // A phone: the label, the value and the buttons one under the other, as wide as the form.
          t.ok(label.y + label.height <= value.y && value.y + value.height <= buttons.y, 'one under the other');
          t.equal(label.width, value.width, 'as wide as each other');
        }
        t.same(await violations(page), [], 'axe: the form with long values');

        // Up, Down and Delete still post the form: the long value goes with its row.
        await page.getByRole('button', { name: 'Move specification row 1 down' }).click();
        await page.getByRole('status').filter({ hasText: 'Moved specification row 1 down to row 2.' }).waitFor();
        await page.waitForFunction(() => document.activeElement?.id === 'field-specifications-1-down');
        t.pass('the moved row’s Down button has the focus');
        t.equal(await cell(page, 2, 'Value').inputValue(), VALUE, 'the value moved with its row');
        t.ok(await showsWhole(cell(page, 2, 'Value')), 'and shows whole there');
        await page.getByRole('button', { name: 'Move key feature 1 down' }).click();
        await page.getByRole('status').filter({ hasText: 'Moved key feature 1 down to row 2.' }).waitFor();
        t.equal(await feature(page, 2).inputValue(), FEATURE, 'the key feature moved');
        t.ok(await showsWhole(feature(page, 2)), 'and shows whole there');
        await page.getByRole('button', { name: 'Delete key feature 1' }).click();
        await page.getByRole('status').filter({ hasText: 'Deleted key feature 1.' }).waitFor();
        t.equal(await feature(page, 1).inputValue(), FEATURE, 'the item under the one deleted moved up');

        // Enter in a single-line value: with JavaScript nothing happens; without, the browser breaks the
        // line and the server saves a space for it.
        const third = feature(page, 3);
        const before = await third.inputValue();
        await third.press('Control+End');
        await third.press('Enter');
        await third.pressSequentially('and rings');
        t.equal(
          await third.inputValue(),
          javaScript ? `${before}and rings` : `${before}\nand rings`,
          javaScript ? 'Enter adds no line break' : 'the browser adds one',
        );
        await page.getByRole('button', { name: 'Save and publish' }).last().click();
        await page.getByText('Saved. The site shows your changes now.').waitFor();
        const published = await (await server.fetch('/products/flanges')).text();
        t.ok(published.includes(FEATURE), 'the key feature is published whole');
        t.ok(published.includes(VALUE), 'and the value');
        t.ok(
          published.includes(javaScript ? `${before}and rings` : `${before} and rings`),
          'the item is saved on one line',
        );
        t.same(problems, [], 'no console errors');
        await context.close();
      },
    );

    t.test(
      `${how}, in a browser that does not size text areas to their text: long values still show whole, and grow as typed`,
      async (t) => {
        await publishLongValues();
        // As in a browser without CSS field-sizing: the server's rows size each text area, and the
        // editor's script (auto-grow.ts) grows it once the page runs it.
        const { context, page } = await openForm(width, javaScript, () => {
          const supports = CSS.supports.bind(CSS);
          CSS.supports = (property: string, value?: string) =>
            /field-sizing/.test(`${property} ${value ?? ''}`)
              ? false
              : value === undefined
                ? supports(property)
                : supports(property, value);
        });
        await page.evaluate(() => {
          for (const area of document.querySelectorAll<HTMLTextAreaElement>('.auto-grow'))
            area.style.setProperty('field-sizing', 'fixed', 'important');
        });
        t.equal(
          await feature(page, 1).evaluate((area) => getComputedStyle(area).getPropertyValue('field-sizing')),
          'fixed',
          'the text areas are not sized by CSS',
        );
        t.ok(await showsWhole(feature(page, 1)), 'the key feature shows whole');
        t.ok(await showsWhole(cell(page, 1, 'Value')), 'so does the value');
        if (javaScript) {
          await feature(page, 3).fill(FEATURE);
          t.ok(await showsWhole(feature(page, 3)), 'an item grows as it is typed');
          await cell(page, 3, 'Value').fill(VALUE);
          t.ok(await showsWhole(cell(page, 3, 'Value')), 'so does a value');
        }
        await context.close();
      },
    );
  }
