import { readFileSync } from 'node:fs';
import t from 'tap';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  holdPosts,
  inboxRow,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { SAMPLE_DRAWINGS, sha256 } from '../helpers/drawings.js';
import { A_PERSONS_PACE_MS } from '../helpers/clock.js';

const { server, browser, clock } = await startBrowserSuite(t, { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100' });

for (const javaScriptEnabled of [true, false]) {
  t.test(
    `Request a Quote on a category page lands on the form with the product chosen (${javaScriptEnabled ? 'with' : 'without'} JavaScript)`,
    async (t) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${server.url}/products/flanges`);
      if (javaScriptEnabled) await waitForHydration(page);
      await page.getByRole('link', { name: 'Request a Quote' }).click();
      await page.waitForURL('**/contact?product=flanges#enquiry-form');
      t.equal(await page.locator('#enquiry-product').inputValue(), 'flanges');
      t.equal(await page.locator('#enquiry-subject').inputValue(), 'Quote request: Flanges');
      t.equal(await page.locator('.floating-actions').count(), 0, 'no floating buttons over the form');
      t.same(problems, []);
      await context.close();
    },
  );
}

t.test('the quick-contact bar on a phone never covers the end of the page', async (t) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(`${server.url}/products/flanges`);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const bar = await page.locator('.floating-actions').boundingBox();
  const copyright = await page.locator('.footer__bottom-inner').boundingBox();
  t.ok(bar && copyright && copyright.y + copyright.height <= bar.y, 'the last line of the footer sits above the bar');
  t.equal(await page.locator('.fab--enquiry').getAttribute('href'), '/contact?product=flanges#enquiry-form');
  await page.close();
});

t.test('with JavaScript: a drawing uploads with a progress bar, and the admin downloads the same bytes', async (t) => {
  const page = await browser.newPage();
  const problems = watchConsole(page);
  const release = await holdPosts(page, /\/contact(\?|$)/);
  await page.goto(`${server.url}/contact?product=industrial-valve`);
  await waitForHydration(page);
  await page.locator('#enquiry-name').fill('कविता शर्मा');
  await page.locator('#enquiry-phone').fill('+91 98250 12345');
  await page.locator('#enquiry-message').fill('Please quote the valve body in the attached STEP file.');
  await page.getByLabel('Company').fill('Shree Ganesh Forgings & Precision Engineering Works Private Limited');
  await page.getByLabel(/^Quantity/).fill('750');
  await page.locator('#enquiry-unit').selectOption('kg');
  const drawing = { name: 'valve body.step', mimeType: 'application/step', buffer: SAMPLE_DRAWINGS.step.bytes };
  await page.getByLabel('Drawings').setInputFiles([drawing]);
  clock.advance(A_PERSONS_PACE_MS);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.getByRole('button', { name: 'Sending...' }).waitFor();
  await page.locator('progress#enquiry-progress').waitFor();
  t.match(
    await page.getByText(/Uploading drawings: \d+%/).innerText(),
    /Uploading drawings: \d+%/,
    'the progress is shown',
  );
  release();
  await page.getByText('Thank you for contacting us! We will get back to you soon.').waitFor();
  t.equal(await page.locator('#enquiry-company').inputValue(), '', 'the form is reset');
  t.same(problems, []);
  await page.close();

  const context = await browser.newContext({ acceptDownloads: true });
  const admin = await context.newPage();
  await signInWithBrowser(admin, server.url, TEST_ADMIN);
  const row = inboxRow(admin, 'कविता शर्मा');
  t.equal(
    await row.getByText('1 drawing', { exact: true }).count(),
    1,
    'the row has a paperclip, named for screen readers',
  );
  const id = await openEnquiry(admin, row);
  const details = admin.locator('.enquiry-page__details');
  const detail = (label: string) => details.locator('div').filter({ has: admin.getByText(label, { exact: true }) });
  t.equal(await detail('Product').locator('dd').innerText(), 'Industrial Valve', 'its page shows the product');
  t.equal(await detail('Quantity').locator('dd').innerText(), '750 kg', 'and the quantity');
  const downloading = admin.waitForEvent('download');
  await admin.getByRole('link', { name: 'valve body.step' }).click();
  const download = await downloading;
  t.equal(download.suggestedFilename(), 'valve body.step');
  t.equal(sha256(readFileSync(await download.path())), sha256(SAMPLE_DRAWINGS.step.bytes), 'the same bytes (SHA-256)');
  t.ok(await admin.getByRole('heading', { level: 1, name: `#${id} कविता शर्मा` }).isVisible(), 'still on its page');
  await context.close();
});

t.test('with JavaScript: a refused drawing is named, the values stay', async (t) => {
  const page = await browser.newPage();
  page.on('console', () => {});
  await page.goto(`${server.url}/contact`);
  await waitForHydration(page);
  await page.locator('#enquiry-name').fill('Laura Rossi');
  await page.locator('#enquiry-phone').fill('+39 010 1234567');
  await page.locator('#enquiry-subject').fill('Flange drawing');
  await page.locator('#enquiry-message').fill('See attached.');
  await page
    .getByLabel('Drawings')
    .setInputFiles([{ name: 'flange.pdf', mimeType: 'application/pdf', buffer: SAMPLE_DRAWINGS.png.bytes }]);
  clock.advance(A_PERSONS_PACE_MS);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page
    .locator('.form-status')
    .getByText(/flange\.pdf is not a PDF file: its content does not match its name\./)
    .waitFor();
  t.equal(await page.locator('#enquiry-subject').inputValue(), 'Flange drawing', 'values kept');
  t.ok(await page.locator('.error-summary').isVisible(), 'the error summary lists it');
  await page.close();
});

t.test('without JavaScript: an invalid submission lands on the error summary with the values kept', async (t) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/contact?product=pipe-fittings`);
  await page.locator('#enquiry-name').fill('Fatima Al-Mansouri');
  await page.locator('#enquiry-phone').fill('+971 4 123 4567');
  await page.locator('#enquiry-message').fill('Elbows and tees, 2 inch, class 3000.');
  await page.getByLabel(/^Quantity/).fill('0');
  clock.advance(A_PERSONS_PACE_MS);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page.waitForURL('**/contact?product=pipe-fittings#enquiry-form');
  t.ok(await page.getByText('Please correct the following:').isVisible());
  t.ok(await page.getByText('Please enter a quantity greater than 0').first().isVisible());
  t.equal(await page.locator('#enquiry-product').inputValue(), 'pipe-fittings', 'the product stays chosen');
  t.equal(await page.locator('#enquiry-name').inputValue(), 'Fatima Al-Mansouri');
  const summaryTop = await page.locator('.error-summary').evaluate((element) => element.getBoundingClientRect().top);
  t.ok(summaryTop >= 0 && summaryTop < 740, 'the error summary is in view, not the top of the page');
  await context.close();
});
