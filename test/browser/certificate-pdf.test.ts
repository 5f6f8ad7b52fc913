/**
 * A certificate's PDF in Chromium, at 375 and 1280 px, with and without JavaScript, axe clean: the
 * owner adds a certificate in the Capability section, chooses a file that is no PDF under a .pdf
 * name (refused beside its field, naming the row), then the real PDF, and publishes; the editor
 * shows the PDF now, and a buyer on /infrastructure downloads the same bytes from its link.
 * Without JavaScript the site's scripts are blocked (axe still runs, through the DevTools protocol).
 */
import { readFile } from 'node:fs/promises';
import t from 'tap';
import type { Page } from 'playwright-core';
import { formatBytes } from '../../shared/enquiry/quote.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { dayFrom } from '../helpers/capability.js';
import { makeCertificatePdf } from '../helpers/pdf.js';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

/** Nothing wider than the window: no sideways scrolling. */
const fitsTheWindow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** After a save or a row button: the page settled (reloaded without JavaScript, or answered in place). */
async function settled(page: Page, javaScript: boolean) {
  await page.waitForLoadState('load');
  if (javaScript) await waitForHydration(page);
}

for (const javaScript of [true, false])
  for (const width of [375, 1280]) {
    t.test(
      `${javaScript ? 'with' : 'without'} JavaScript at ${width} px: a certificate’s PDF, refused when it is none, published, downloaded from the Infrastructure page`,
      async (t) => {
        const at = `${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
        const number = `QMS-${width}-${javaScript ? 'JS' : 'HTML'}`;
        const pdf = await makeCertificatePdf('ISO 9001:2015', number);
        const size = formatBytes(pdf.length);
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
        const page = await context.newPage();
        const problems = watchConsole(page);
        await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
        await page.getByRole('link', { name: 'Site', exact: true }).click();
        await page.getByRole('link', { name: 'Capability', exact: true }).click();
        await page.getByRole('heading', { name: 'Capability', level: 2 }).waitFor();
        await settled(page, javaScript);

        await page.getByRole('button', { name: 'Add a certificate' }).click();
        await page.getByRole('group', { name: 'Certificate 1' }).waitFor();
        await settled(page, javaScript);
        const certificate = page.getByRole('group', { name: 'Certificate 1' });
        await certificate.getByLabel('Certificate', { exact: true }).fill('ISO 9001:2015');
        await certificate.getByLabel('Certificate number').fill(number);
        await certificate.getByLabel('Scope').fill('Closed-die forging and precision machining of steel parts');
        await certificate.getByLabel('Certifying body').fill('TÜV SÜD South Asia Pvt. Ltd.');
        await certificate.getByLabel('Valid until').fill(dayFrom(400));
        const pdfField = certificate.getByRole('group', { name: 'PDF of the certificate' });
        t.ok(await pdfField.getByText('No PDF: the page links none.').isVisible(), `${at}: no PDF yet`);
        t.match(
          await pdfField.innerText(),
          /A PDF, up to 10 MB/,
          `${at}: beside the photo, its own field says what it takes`,
        );

        // A photo saved under a .pdf name: refused beside the field, naming the row; the text stays.
        await pdfField.getByLabel('Choose a PDF').setInputFiles({
          name: 'certificate.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('\xff\xd8\xff\xe0 not a PDF at all', 'latin1'),
        });
        await page.getByRole('button', { name: 'Save and publish' }).last().click();
        await page.locator('.error-summary').waitFor();
        await settled(page, javaScript);
        const message = 'Certificate 1: certificate.pdf is not a PDF, whatever its name says. Upload a PDF file.';
        t.ok(await page.locator('.error-summary').getByText(message).isVisible(), `${at}: in the error summary`);
        t.ok(
          await page.getByRole('group', { name: 'PDF of the certificate' }).getByText(message).isVisible(),
          `${at}: and beside the field`,
        );
        t.equal(
          await page.getByRole('group', { name: 'Certificate 1' }).getByLabel('Certificate number').inputValue(),
          number,
          `${at}: what was typed is kept`,
        );
        t.same(await violations(page), [], `${at}: axe, with the message`);
        t.ok(await fitsTheWindow(page), `${at}: the form fits the window`);

        // The real PDF, then Save and publish.
        const field = page.getByRole('group', { name: 'PDF of the certificate' });
        await field.getByLabel('Choose a PDF').setInputFiles({
          name: 'ISO-9001-Zertifikat.pdf',
          mimeType: 'application/pdf',
          buffer: pdf,
        });
        if (javaScript)
          t.ok(
            await field
              .getByText(`The PDF you chose (ISO-9001-Zertifikat.pdf, ${size}): it is sent when you save.`)
              .isVisible(),
            `${at}: the chosen file is named before it is sent`,
          );
        await page.getByRole('button', { name: 'Save and publish' }).last().click();
        await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();
        await settled(page, javaScript);
        const now = page.getByRole('group', { name: 'PDF of the certificate' });
        t.ok(
          await now.getByText(`The PDF now: ISO-9001-Zertifikat.pdf (${size}).`).isVisible(),
          `${at}: the editor shows the PDF now`,
        );
        t.ok(await now.getByLabel('Remove: the page links no PDF').isVisible(), `${at}: with Remove`);
        t.same(await violations(page), [], `${at}: axe, saved`);

        // A buyer on the Infrastructure page downloads it.
        const buyer = await context.newPage();
        await buyer.goto(`${server.url}/infrastructure`);
        await settled(buyer, javaScript);
        const link = buyer.getByRole('link', {
          name: `Download the certificate (PDF, ${size}) – ISO 9001:2015`,
          exact: true,
        });
        t.ok(await link.isVisible(), `${at}: the page links the PDF with its size`);
        t.ok(await fitsTheWindow(buyer), `${at}: the page fits the window`);
        t.same(await violations(buyer), [], `${at}: axe, the Infrastructure page`);
        const [download] = await Promise.all([buyer.waitForEvent('download'), link.click()]);
        t.equal(
          download.suggestedFilename(),
          'ISO 9001-2015 certificate.pdf',
          `${at}: saved under the certificate’s name`,
        );
        const saved = await readFile(await download.path());
        t.ok(saved.equals(pdf), `${at}: the same bytes as uploaded`);

        // Without JavaScript the blocked scripts are the console's only lines.
        if (javaScript)
          t.same(
            problems.filter((problem) => !/status of 400 \(Bad Request\)/.test(problem)),
            [],
            `${at}: no console problem`,
          );
        await context.close();
        await resetCapability();
      },
    );
  }

/** Empties the capability section, as the owner would by deleting each row. */
async function resetCapability() {
  const { AdminClient } = await import('../helpers/admin-client.js');
  const { openSection, saveSection } = await import('../helpers/site-editor.js');
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page, view } = await openSection(admin, '/admin/site/capability');
  const kept = Object.fromEntries(Object.entries(view.values).filter(([name]) => !name.startsWith('certificates.')));
  const response = await saveSection(admin, '/admin/site/capability', kept, page.revision.id);
  if (response.status !== 303) throw new Error(`reset: ${response.status}`);
}
