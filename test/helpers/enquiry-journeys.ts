import t, { type Test } from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import { CATEGORY_SLUGS, type CategorySlug } from '../../shared/content/categories.js';
import type { EnquiryList } from '../../shared/admin/desk.js';
import { simpleParser } from 'mailparser';
import { ACKNOWLEDGEMENT_TEXTS } from '../../server/enquiries/acknowledgement/acknowledgement-texts.js';
import { loadCatalogue } from '../../shared/i18n/catalogue.js';
import { LANGUAGE_INFO, type LanguageCode } from '../../shared/i18n/languages.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { THANK_YOU_PATH } from '../../shared/routes.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from './admin-client.js';
import { backToList, inboxRow, launchBrowser, openEnquiry, signInWithBrowser, watchConsole } from './browser.js';
import { A_PERSONS_PACE_MS, DAY_MS, testClock } from './clock.js';
import { SAMPLE_DRAWINGS } from './drawings.js';
import { checkFormToken } from './form-token.js';
import { publishLanguage } from './languages.js';
import { longEnquiry } from './realistic-data.js';
import { withServer } from './server.js';
import { testSmtp } from './smtp.js';

// Buyers' journeys to the enquiry form, as people take them: from the home page or a product page,
// through the menu, Request a Quote, the floating Send Enquiry or Back, at a person's pace (the
// server's clock moves on while they type). Each enquiry must land in the admin's Inbox, not in
// Spam, with its product and drawing, and its notification at the SMTP server.

/** Whether the browser is at the page of `englishPath` in `lang` (an Arabic path comes percent-encoded). */
const isAt = (url: URL, lang: LanguageCode, englishPath: string) =>
  decodeURIComponent(url.pathname) === localizedPath(lang, englishPath);

/** The journeys at one screen width, with and without JavaScript, on a server and an SMTP server of their own. */
export async function journeysAt(width: number): Promise<void> {
  const smtp = await testSmtp();
  const clock = testClock();
  t.teardown(() => smtp.close());
  const server = await withServer(t, {
    env: { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000', SMTP_URL: smtp.url, NOTIFY_TO: 'sales@forge.test' },
    clock,
  });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  for (const lang of ['de', 'ar'] as const) await publishLanguage(admin, lang);

  const PDF = { name: SAMPLE_DRAWINGS.pdf.name, mimeType: 'application/pdf', buffer: SAMPLE_DRAWINGS.pdf.bytes };
  let n = 0;

  /** What a buyer types: a realistic enquiry, its company carrying `tag` (to find it again); their address. */
  async function fill(page: Page, tag: string, { phone = true, subject = true } = {}) {
    const buyer = longEnquiry(++n);
    const field = (name: string) => page.locator(`#enquiry-${name}`);
    await field('name').fill(buyer.name);
    await field('email').fill(`buyer${n}@importer.example`);
    if (phone) await field('phone').fill(buyer.phone);
    if (subject) await field('subject').fill(buyer.subject);
    await field('message').fill(buyer.message);
    await field('company').fill(`Gulf Petrochemical Valve & Flange Trading Establishment LLC ${tag}`);
    await field('country').fill('United Arab Emirates');
    return `buyer${n}@importer.example`;
  }

  /** The form holds its token (from the page, or fetched after a client-side route change): the clock may run. */
  async function formReady(page: Page) {
    await page.waitForFunction(
      (name) => !!document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value,
      FORM_TOKEN_FIELD,
    );
  }

  /**
   * Sends the form and waits for the outcome the buyer sees. The token it went with must be one the
   * server takes as a person's (the Inbox alone would not show it: a missing token alone is no longer spam).
   */
  async function send(
    t: Test,
    page: Page,
    javaScript: boolean,
    expected: { ok: true } | { kind: 'expired' } = { ok: true },
    lang: LanguageCode = 'en',
  ) {
    const texts = await loadCatalogue(lang);
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && isAt(new URL(request.url()), lang, '/contact'),
    );
    const shown = await page.locator(`input[name="${FORM_TOKEN_FIELD}"]`).inputValue();
    await page.getByRole('button', { name: texts.form.send }).click();
    // Chromium does not hand over a body with a file in it: then the form's field is what went.
    const body = (await posted).postDataBuffer()?.toString('utf8') ?? '';
    const token = new RegExp(`name="${FORM_TOKEN_FIELD}"\\r\\n\\r\\n([^\\r]*)`).exec(body)?.[1] ?? shown;
    t.match(
      checkFormToken(server.url, token, clock.now),
      expected,
      'ok' in expected ? "sent with a valid token, at a person's pace" : 'sent with the expired token',
    );
    if (javaScript) await page.getByText(texts.enquirySent).waitFor();
    else await page.waitForURL((url) => isAt(url, lang, THANK_YOU_PATH));
  }

  /** Where it landed: one enquiry in the Inbox, not Spam, with its product and drawings; its e-mail sent. */
  async function landed(
    t: Test,
    tag: string,
    expected: { product?: CategorySlug; drawings?: string[]; language?: LanguageCode } = {},
  ) {
    const response = await admin.request(`/admin/api/enquiries?q=${encodeURIComponent(tag)}`);
    const inbox = (await response.json()) as EnquiryList;
    t.equal(inbox.filtered, 1, `${tag}: in the Inbox`);
    const [enquiry] = inbox.enquiries;
    t.equal(enquiry?.spamReason, null, `${tag}: not Spam`);
    t.equal(enquiry?.product ?? null, expected.product ?? null, `${tag}: its product`);
    t.equal(enquiry?.language, expected.language ?? 'en', `${tag}: the language it was written in`);
    t.same(
      enquiry?.drawings.map((drawing) => drawing.name),
      expected.drawings ?? [],
      `${tag}: its drawings`,
    );
    await smtp.waitFor(tag);
    t.pass(`${tag}: its notification reached the SMTP server`);
  }

  /** The main menu's link, through the menu button where the screen is narrow. */
  async function menuLink(page: Page, name: string) {
    const toggle = page.getByRole('button', { name: 'Menu' });
    if (await toggle.isVisible()) await toggle.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
  }

  /** The main menu's Contact Us, and the form's page. */
  async function contactThroughMenu(page: Page) {
    await menuLink(page, 'Contact Us');
    await page.waitForURL((url) => url.pathname === '/contact');
  }

  /** A buyer at the form: it holds its token, they type at a person's pace and send; then where it landed. */
  async function enquire(
    t: Test,
    page: Page,
    javaScript: boolean,
    tag: string,
    expected: Parameters<typeof landed>[2] = {},
  ) {
    await formReady(page);
    await fill(page, tag);
    clock.advance(A_PERSONS_PACE_MS);
    await send(t, page, javaScript);
    await landed(t, tag, expected);
  }

  for (const javaScript of [true, false]) {
    const how = `${width} px, ${javaScript ? 'with' : 'without'} JavaScript`;
    const tagOf = (journey: string) => `[${journey} ${width} ${javaScript ? 'js' : 'nojs'}]`;
    t.test(how, async (t) => {
      const context: BrowserContext = await browser.newContext({
        viewport: { width, height: 800 },
        javaScriptEnabled: javaScript,
      });
      const page = await context.newPage();
      const problems = watchConsole(page);
      t.teardown(() => context.close());

      t.test('1. Home → menu Contact Us → send; then a second enquiry from the same tab', async (t) => {
        await page.goto(server.url + '/');
        await contactThroughMenu(page);
        await enquire(t, page, javaScript, tagOf('J1a'));
        if (!javaScript) await contactThroughMenu(page); // from the thank-you page
        await enquire(t, page, javaScript, tagOf('J1b'));
      });

      t.test('2. each category page → Request a Quote → the product carried, a PDF drawing → send', async (t) => {
        for (const slug of CATEGORY_SLUGS) {
          await page.goto(`${server.url}/products/${slug}`);
          await page.getByRole('main').getByRole('link', { name: 'Request a Quote' }).click();
          await page.waitForURL(`**/contact?product=${slug}#enquiry-form`);
          await formReady(page);
          t.equal(await page.locator('#enquiry-product').inputValue(), slug, `${slug}: the product is chosen`);
          await fill(page, tagOf(`J2 ${slug}`), { subject: false });
          await page.locator('#enquiry-drawings').setInputFiles(PDF);
          clock.advance(A_PERSONS_PACE_MS);
          await send(t, page, javaScript);
          await landed(t, tagOf(`J2 ${slug}`), { product: slug, drawings: [PDF.name] });
        }
      });

      t.test('3. a product page → the floating Send Enquiry → send', async (t) => {
        await page.goto(`${server.url}/products/pipe-fittings`);
        await page
          .getByRole('complementary', { name: 'Quick contact' })
          .getByRole('link', { name: 'Send Enquiry' })
          .click();
        await page.waitForURL('**/contact?product=pipe-fittings#enquiry-form');
        await enquire(t, page, javaScript, tagOf('J3'), { product: 'pipe-fittings' });
      });

      t.test('4. Contact Us → send without a phone number → the error → corrected → send', async (t) => {
        await page.goto(server.url + '/about');
        await contactThroughMenu(page);
        await formReady(page);
        await fill(page, tagOf('J4'), { phone: false });
        clock.advance(A_PERSONS_PACE_MS);
        await page.getByRole('button', { name: 'Send Message' }).click();
        if (javaScript)
          await page.locator('.error-summary').getByText('Please enter your phone number', { exact: false }).waitFor();
        else {
          // Without scripts the browser's own check stops the form and puts the buyer in the field.
          await page.waitForFunction(() => document.activeElement?.id === 'enquiry-phone');
          t.not(
            await page.locator('#enquiry-phone').evaluate((input: HTMLInputElement) => input.validationMessage),
            '',
            'the browser says why',
          );
        }
        t.equal(
          (
            (await admin
              .request(`/admin/api/enquiries?q=${encodeURIComponent(tagOf('J4'))}&view=spam`)
              .then((r) => r.json())) as EnquiryList
          ).filtered,
          0,
          'nothing stored',
        );
        await page.locator('#enquiry-phone').fill('+971 50 123 4567');
        clock.advance(A_PERSONS_PACE_MS / 2);
        await send(t, page, javaScript);
        await landed(t, tagOf('J4'));
      });

      t.test('5. Contact Us → another page → Back → send', async (t) => {
        await page.goto(server.url + '/');
        await contactThroughMenu(page);
        await menuLink(page, 'About Us');
        await page.waitForURL('**/about');
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/contact');
        await enquire(t, page, javaScript, tagOf('J5'));
      });

      t.test('6. a form left open until its token expired → send', async (t) => {
        const tab = await context.newPage();
        if (javaScript) await tab.clock.install();
        await tab.goto(server.url + '/');
        await contactThroughMenu(tab);
        await formReady(tab);
        await fill(tab, tagOf('J6'));
        // Eight days pass, on the server's clock and on the browser's.
        clock.advance(8 * DAY_MS);
        if (javaScript) await tab.clock.setSystemTime(clock.now());
        // With scripts the form renews it before sending; without, the page's expired token goes, and alone it is no spam.
        await send(t, tab, javaScript, javaScript ? { ok: true } : { kind: 'expired' });
        await landed(t, tagOf('J6'));
        await tab.close();
      });

      for (const lang of ['de', 'ar'] as const)
        t.test(
          `7. ${LANGUAGE_INFO[lang].english}: /${lang}/ → the menu → a category → its request → a field missing → sent; acknowledged in ${LANGUAGE_INFO[lang].english}`,
          async (t) => {
            const texts = await loadCatalogue(lang);
            const { dir } = LANGUAGE_INFO[lang];
            await page.goto(`${server.url}/${lang}/`);
            t.equal(await page.locator('html').getAttribute('dir'), dir, `dir="${dir}"`);
            if (lang === 'ar') {
              const loaded = await page.evaluate(async () =>
                (await document.fonts.load('16px "Noto Sans Arabic"', 'عربي')).map((face) => face.weight),
              );
              t.same(loaded, ['400'], 'its Arabic letters in Noto Sans Arabic');
            }
            const toggle = page.getByRole('button', { name: texts.nav.menu });
            const menu = page.getByRole('navigation', { name: texts.nav.main });
            if (await toggle.isVisible()) {
              await toggle.click();
              const box = (await menu.getByRole('link', { name: texts.nav.products, exact: true }).boundingBox())!;
              const side = dir === 'rtl' ? width - (box.x + box.width) : box.x;
              t.ok(side < width / 3, `the menu's items start at the ${dir === 'rtl' ? 'right' : 'left'}`);
            }
            await menu.getByRole('link', { name: texts.nav.products, exact: true }).click();
            await page.waitForURL((url) => isAt(url, lang, '/products'));
            const category = localizedPath(lang, '/products/flanges');
            await page
              .locator(`main a[href="${category}"], main a[href="${encodeURI(category)}"]`)
              .first()
              .click();
            await page.waitForURL((url) => isAt(url, lang, '/products/flanges'));
            await page.getByRole('main').getByRole('link', { name: texts.category.requestQuote }).click();
            await page.waitForURL((url) => isAt(url, lang, '/contact'));
            t.ok(
              await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
              'no horizontal scroll',
            );
            await formReady(page);
            const tag = tagOf(`J7 ${lang}`);
            const email = await fill(page, tag, { phone: false });
            clock.advance(A_PERSONS_PACE_MS);
            await page.getByRole('button', { name: texts.form.send }).click();
            if (javaScript) await page.locator('.error-summary').getByText(texts.validation.phone).waitFor();
            else await page.waitForFunction(() => document.activeElement?.id === 'enquiry-phone');
            await page.locator('#enquiry-phone').fill('+49 211 555 0199');
            await send(t, page, javaScript, { ok: true }, lang);
            await landed(t, tag, { product: 'flanges', language: lang });

            const acknowledgement = await simpleParser((await smtp.waitFor((mail) => mail.to.includes(email))).raw);
            const words = ACKNOWLEDGEMENT_TEXTS[lang];
            t.ok(
              acknowledgement.subject?.startsWith(words.subject('COMPANY', '', '').split('COMPANY')[0]!),
              'its subject',
            );
            t.match(acknowledgement.text, words.referenceNumber, 'the acknowledgement, in it');
          },
        );

      t.test('the admin opens the Inbox and sees them there', async (t) => {
        const desk = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: javaScript });
        const deskPage = await desk.newPage();
        await signInWithBrowser(deskPage, server.url, TEST_ADMIN, { javaScript });
        const text = await deskPage.locator('main').innerText();
        for (const journey of ['J1a', 'J1b', 'J2 flanges', 'J3', 'J4', 'J5', 'J6'])
          t.ok(text.includes(tagOf(journey)), `${tagOf(journey)} in the Inbox`);
        // One of them opened from its row: the product and the drawing on its page, then back at its row.
        const id = await openEnquiry(deskPage, inboxRow(deskPage, tagOf('J2 flanges')), { javaScript });
        t.match(await deskPage.locator('.enquiry-page__details').innerText(), /Product\s+Flanges/, 'its product');
        t.ok(await deskPage.getByRole('link', { name: PDF.name }).isVisible(), 'its drawing');
        await backToList(deskPage, { javaScript });
        t.ok(await deskPage.locator(`#enquiry-${id}`).isVisible(), 'back at its row');
        await desk.close();
      });

      t.test('no console errors on the way', async (t) => {
        t.same(problems, []);
      });
    });
  }
}
