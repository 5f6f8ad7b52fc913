import type { CDPSession, Page } from 'playwright-core';
import t from 'tap';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { launchBrowser, signInWithBrowser, waitForHydration, watchConsole } from '../helpers/browser.js';
import { testClock } from '../helpers/clock.js';
import { freePort, withServer } from '../helpers/server.js';

// WebAuthn refuses an IP address as the relying party: the browser opens the site as http://localhost
// (a secure context), the address SITE_URL names, so the passkeys' origin and RP ID are the site's.
const port = await freePort();
const site = `http://localhost:${port}`;
const clock = testClock();
const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, SITE_URL: site }, clock, port });
const browser = await launchBrowser();
t.teardown(() => browser.close());

/** A name as long as the field takes (60 characters), to see it wrap on a phone. */
const LONG_NAME = 'Office laptop, second floor of the Rajkot works, by the gate';

/** Chromium's virtual authenticator (DevTools protocol): a platform one holding discoverable passkeys. */
async function virtualAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

const focusIsOnAlert = (page: Page) =>
  page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');

for (const width of [375, 1280]) {
  t.test(
    `with JavaScript at ${width} px: add passkeys on the Security screen, sign in with one (alone and remembered, and after the password), remove them`,
    async (t) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems = watchConsole(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const first = await virtualAuthenticator(cdp);
      await signInWithBrowser(page, site, TEST_ADMIN);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Security' }).click();
      await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe: no passkeys yet');

      await page.getByLabel('Name of the passkey').fill(LONG_NAME);
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `The passkey “${LONG_NAME}” is added` })
        .waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'status');
      t.equal(await page.locator('.security-codes code').count(), 10, 'the first passkey made 10 recovery codes');
      t.same(await violations(page), [], 'axe: a passkey added, the recovery codes shown');

      // The same device again: the browser refuses (the server listed its passkey), calmly.
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('alert').filter({ hasText: 'This device already holds a passkey' }).waitFor();
      await focusIsOnAlert(page);

      // Another device: a second passkey, named after the day.
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: first });
      await virtualAuthenticator(cdp);
      await page.getByLabel('Name of the passkey').fill('');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /The passkey “Passkey added \d{4}-\d{2}-\d{2}” is added/ })
        .waitFor();
      t.equal(await page.locator('.passkey-list li').count(), 2, 'both listed');
      t.match(await page.locator('.passkey-list').innerText(), /not used yet/);
      t.same(await violations(page), [], 'axe: two passkeys listed, one with a long name');

      // Signed out: the passkey alone signs in, nobody types the e-mail or the password.
      await page.getByRole('button', { name: ADMIN_TEXT.logout }).click();
      await page.getByRole('button', { name: ADMIN_TEXT.signInWithPasskey }).waitFor();
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe: the sign-in form with its passkey button');
      // On the admin's own device: remembered for 30 days, ticked beside the passkey.
      await page.locator('.admin-passkey').getByLabel(ADMIN_TEXT.rememberDevice).check();
      await page.getByRole('button', { name: ADMIN_TEXT.signInWithPasskey }).click();
      await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();
      t.equal(await page.getByLabel('Email').count(), 0, 'signed in without the e-mail or the password');
      const session = (await context.cookies()).find((cookie) => cookie.name === 'forge_admin')!;
      const days = (session.expires * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
      t.ok(days > 29.9 && days <= 30, `remembered: the session lasts 30 days (${days.toFixed(2)})`);

      // The password alone no longer signs in: the step after it offers the passkey and a recovery code.
      await page.waitForLoadState('load');
      await waitForHydration(page);
      await page.getByRole('button', { name: ADMIN_TEXT.logout }).click();
      await page.getByLabel('Email').waitFor();
      await waitForHydration(page);
      await page.getByLabel('Email').fill(TEST_ADMIN.email);
      await page.getByLabel('Password').fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: ADMIN_TEXT.login }).click();
      await page.getByRole('heading', { name: 'Use your passkey or a recovery code' }).waitFor();
      await waitForHydration(page);
      t.ok(
        await page.getByRole('textbox', { name: ADMIN_TEXT.recoveryCodeLabel }).isVisible(),
        'a recovery code field',
      );
      t.same(await violations(page), [], 'axe: the step after the password');
      await page.getByRole('button', { name: ADMIN_TEXT.signInWithPasskey }).click();
      await page.locator('h1', { hasText: ADMIN_TEXT.panelTitle }).waitFor();

      // Remove both: plain forms; the last one takes the recovery codes with it.
      await page.goto(`${site}/admin/security`);
      await waitForHydration(page);
      t.match(await page.locator('.passkey-list').innerText(), /last used \d{4}-\d{2}-\d{2}/, 'the last use shown');
      await page.getByRole('button', { name: `Remove passkey ${LONG_NAME}` }).click();
      await page.getByRole('status').filter({ hasText: 'The passkey was removed.' }).waitFor();
      await waitForHydration(page);
      await page.getByRole('button', { name: /^Remove passkey Passkey added/ }).click();
      await page.getByRole('status').filter({ hasText: 'Your password alone signs in again' }).waitFor();
      await waitForHydration(page);
      t.equal(await page.locator('.passkey-list').count(), 0, 'no passkey left');
      t.same(await violations(page), [], 'axe: every passkey removed');
      t.same(problems, [], 'no console errors or warnings');
      await context.close();
    },
  );
}

/** A passkey as the server keeps it (a key no browser here holds: it is listed and removed, never used). */
const insertPasskey = (name: string, usedAt: string | null) =>
  server.app.db
    .prepare(
      `INSERT INTO admin_passkeys (credential_id, account_id, public_key, name, created_at, last_used_at)
       VALUES (?, (SELECT id FROM admin_users), x'00', ?, ?, ?)`,
    )
    .run(`credential-${name.length}-${Math.random()}`, name, '2026-11-20T09:30:00.000Z', usedAt);

for (const width of [375, 1280]) {
  t.test(`without JavaScript at ${width} px: passkeys say they need it, and the other ways in stay`, async (t) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();

    await page.goto(`${site}/admin`);
    await page.getByText(ADMIN_TEXT.passkeysNeedJavaScript).waitFor();
    t.equal(await page.getByRole('button', { name: ADMIN_TEXT.signInWithPasskey }).count(), 0, 'no dead button');
    t.match(await page.locator('.notice--info').innerText(), /Sign in with your email and password above/);
    t.same(await violations(page), [], 'axe: the sign-in form');

    await signInWithBrowser(page, site, TEST_ADMIN, { javaScript: false });
    insertPasskey(LONG_NAME, '2026-11-24T04:15:00.000Z');
    insertPasskey('Phone', null);
    await page.goto(`${site}/admin/security`);
    await page.getByText(ADMIN_TEXT.passkeysNeedJavaScript).waitFor();
    t.equal(await page.getByRole('button', { name: 'Add a passkey' }).count(), 0, 'no dead button');
    t.same(await violations(page), [], 'axe: the Security screen with two passkeys');

    // Another browser without JavaScript: after the password, a recovery code is the way in.
    const otherContext = await browser.newContext({ viewport: { width, height: 900 } });
    await otherContext.route('**/assets/*.js', (route) => route.abort());
    const other = await otherContext.newPage();
    await other.goto(`${site}/admin`);
    await other.getByLabel('Email').fill(TEST_ADMIN.email);
    await other.getByLabel('Password').fill(TEST_ADMIN.password);
    await other.getByRole('button', { name: ADMIN_TEXT.login }).click();
    await other.getByRole('heading', { name: 'Use your passkey or a recovery code' }).waitFor();
    t.match(await other.locator('.notice--info').innerText(), /Type one of your recovery codes below/);
    t.ok(await other.getByRole('textbox', { name: ADMIN_TEXT.recoveryCodeLabel }).isVisible());
    t.same(await violations(other), [], 'axe: the step after the password');
    await otherContext.close();

    await page.getByRole('button', { name: 'Remove passkey Phone' }).click();
    await page.getByRole('status').filter({ hasText: 'The passkey was removed.' }).waitFor();
    await page.getByRole('button', { name: `Remove passkey ${LONG_NAME}` }).click();
    await page.getByRole('status').filter({ hasText: 'Your password alone signs in again' }).waitFor();
    t.same(await violations(page), [], 'axe: removed');
    await context.close();
  });
}

t.test(
  'with JavaScript, 11 minutes after signing in: a passkey alone confirms it is you, then the action goes on',
  async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await virtualAuthenticator(cdp);
    await signInWithBrowser(page, site, TEST_ADMIN);
    await page.goto(`${site}/admin/security`);
    await waitForHydration(page);
    await page.getByLabel('Name of the passkey').fill('Desk PC');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('status').filter({ hasText: 'The passkey “Desk PC” is added' }).waitFor();

    // Adding another one later asks first; the passkey answers, and the Security screen is back.
    clock.advance(11 * 60_000);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: "Confirm it's you", level: 1 }).waitFor();
    await waitForHydration(page);
    t.match(await page.locator('main').innerText(), /To add a passkey, please confirm it's you/);
    t.same(await violations(page), [], 'axe: confirm it is you, with a passkey');
    await page.getByRole('button', { name: 'Confirm with a passkey' }).click();
    await page.getByRole('heading', { name: 'Passkeys', level: 2 }).waitFor();
    t.equal(new URL(page.url()).pathname, '/admin/security', 'back on the Security screen');

    // An export later still: the passkey alone, then the download.
    clock.advance(11 * 60_000);
    await page.goto(`${site}/admin`);
    await waitForHydration(page);
    await page.getByRole('link', { name: /^Export to CSV/ }).click();
    await page.getByRole('heading', { name: "Confirm it's you", level: 1 }).waitFor();
    await waitForHydration(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Confirm with a passkey' }).click();
    t.match((await download).suggestedFilename(), /\.csv$/, 'the CSV downloads');
    const confirmations = server.app.db
      .prepare("SELECT detail FROM audit_log WHERE action = 'sign-in confirmed' ORDER BY id")
      .pluck()
      .all();
    t.match(confirmations, [
      /^with a passkey \(Desk PC\), to add a passkey$/,
      /^with a passkey \(Desk PC\), to export/,
    ]);

    // Removing it now needs nothing more (confirmed a moment ago): the next test starts without passkeys.
    await page.goto(`${site}/admin/security`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Remove passkey Desk PC' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password alone signs in again' }).waitFor();
    t.same(
      problems.filter((line) => !/status of 401 \(/.test(line)),
      [],
      'no console errors but the expected 401',
    );
    await context.close();
  },
);
