import { Secret, TOTP } from 'otpauth';
import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';

const { server, browser, clock } = await startBrowserSuite(t, TEST_ADMIN_ENV);
const STEP_MS = 30_000;
const codeFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: clock.now() });

for (const javaScript of [true, false])
  for (const width of [375, 1280]) {
    t.test(
      `${javaScript ? 'with' : 'without'} JavaScript at ${width} px: turn on codes from the header's Security link, sign in with a code, turn them off`,
      async (t) => {
        // Without JavaScript: the site's scripts never load (axe, run through the DevTools protocol, still can).
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
        const page = await context.newPage();
        const problems = javaScript ? watchConsole(page) : [];
        const settled = async () => {
          if (javaScript) await waitForHydration(page);
        };
        await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });

        await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
        await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
        await settled();
        t.same(await violations(page), [], 'axe: codes off');
        await page.getByRole('link', { name: 'Set up authenticator codes' }).click();
        await page.getByRole('img', { name: 'QR code of the key below' }).waitFor();
        await settled();
        t.same(await violations(page), [], 'axe: setting up');
        const secret = (await page.locator('.security-secret').innerText()).trim();
        t.match(secret, /^[A-Z2-7]{32}$/, 'the key is on the page as text');

        await page.getByLabel('The 6-digit code the app shows now').fill('000000');
        await page.getByRole('button', { name: 'Turn on authenticator codes' }).click();
        await page.getByText('That code is not right.').waitFor();
        await settled();
        t.same(await violations(page), [], 'axe: a wrong first code');
        await page.getByLabel('The 6-digit code the app shows now').fill(codeFor(secret));
        await page.getByRole('button', { name: 'Turn on authenticator codes' }).click();
        await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
        await settled();
        const codes = await page.locator('.security-codes code').allInnerTexts();
        t.equal(codes.length, 10, 'ten recovery codes on the page');
        t.same(await violations(page), [], 'axe: the recovery codes');
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Download the codes as a text file' }).click();
        t.equal((await download).suggestedFilename(), 'recovery-codes.txt');

        // Signed out, the password alone no longer reaches the desk: the code does.
        await page.getByRole('button', { name: ADMIN_TEXT.logout }).click();
        await page.getByLabel('Email').waitFor();
        await settled();
        await page.getByLabel('Email').fill(TEST_ADMIN.email);
        await page.getByLabel('Password').fill(TEST_ADMIN.password);
        await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
        await page.getByRole('heading', { name: ADMIN_TEXT.codeTitle }).waitFor();
        await settled();
        t.same(await violations(page), [], 'axe: the code step');
        clock.advance(STEP_MS);
        await page.getByLabel(ADMIN_TEXT.codeLabel).fill('123 456');
        await page.getByRole('button', { name: ADMIN_TEXT.verify }).click();
        await page.getByRole('alert').filter({ hasText: ADMIN_TEXT.codeFailed }).waitFor();
        await page.getByLabel(ADMIN_TEXT.codeLabel).fill(codeFor(secret));
        await page.getByRole('button', { name: ADMIN_TEXT.verify }).click();
        await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
        t.pass('signed in with the password and the code');

        // Off again (with a recovery code), so the next run starts where an owner does.
        await page.goto(`${server.url}/admin/security`);
        await settled();
        await page
          .locator('form', { has: page.getByRole('button', { name: 'Turn authenticator codes off' }) })
          .getByLabel(ADMIN_TEXT.codeLabel)
          .fill(codes[0]!);
        await page.getByRole('button', { name: 'Turn authenticator codes off' }).click();
        await page.getByRole('status').filter({ hasText: 'Authenticator codes are off.' }).waitFor();
        // The wrong codes typed on purpose come back as 400 and 401 pages, which Chromium logs.
        const unexpected = problems.filter((line) => !/status of 40[01] \(/.test(line));
        t.same(unexpected, [], 'no other console errors');
        await context.close();
      },
    );
  }
