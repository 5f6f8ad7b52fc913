import { join } from 'node:path';
import t from 'tap';
import type { AdminConfirmPage } from '../../../shared/admin/confirm.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { ADMIN_TEXT, codeUsedAlready } from '../../../shared/admin/texts.js';
import { IP_LIMIT } from '../../../server/admin/auth/login-throttle.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { MAIN, run } from '../../helpers/child-server.js';
import { testClock } from '../../helpers/clock.js';
import { codeAt, open, pageOf, passwordStep, post, STEP_MS, withCodesOn } from '../../helpers/second-factor.js';
import { withServer } from '../../helpers/server.js';

t.test('turning authenticator codes on: a QR code and the key as text, confirmed by the first code', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const off = await open<AdminSecurityPage>(owner, '/admin/security');
  t.equal(off.status, 200);
  t.equal(off.page.authenticatorOn, false);
  t.match(off.html, /href="\/admin\/security\?setup=authenticator"/, 'a link (no JavaScript needed) to set it up');

  const setup = await open<AdminSecurityPage>(owner, '/admin/security?setup=authenticator');
  const enrolment = setup.page.enrolment!;
  t.match(enrolment.secret, /^[A-Z2-7]{32}$/, 'a 160-bit key in base32, shown as text');
  t.match(setup.html, /<svg[^>]*viewBox/, 'the QR code is an SVG in the page, drawn by the server');
  t.notMatch(setup.html, /<img[^>]+src="https?:/, 'no outside service draws it');

  const wrong = await post(owner, '/admin/security/authenticator', {
    sealed: enrolment.sealed,
    code: codeAt(enrolment.secret, clock.now() + 10 * STEP_MS),
  });
  t.equal(wrong.status, 400, 'a wrong first code turns nothing on');
  const again = await pageOf<AdminSecurityPage>(wrong, owner);
  t.equal(again.error?.form, 'setup');
  t.equal(again.enrolment?.secret, enrolment.secret, 'the same key stays on the page to try again');
  t.equal(again.authenticatorOn, false);

  const right = await post(owner, '/admin/security/authenticator', {
    sealed: enrolment.sealed,
    code: codeAt(enrolment.secret, clock.now()),
  });
  t.equal(right.status, 200);
  const on = await pageOf<AdminSecurityPage>(right, owner);
  t.equal(on.authenticatorOn, true);
  t.equal(on.newRecoveryCodes?.length, 10, 'ten recovery codes, shown once');
  t.equal(new Set(on.newRecoveryCodes).size, 10);

  const stored = server.app.db.prepare('SELECT totp_secret FROM admin_users').pluck().get() as string;
  t.notMatch(stored, new RegExp(enrolment.secret), 'the key is stored encrypted');
  const hashes = server.app.db.prepare('SELECT code_hash FROM admin_recovery_codes').pluck().all() as string[];
  t.equal(hashes.length, 10);
  t.notOk(
    hashes.some((hash) => on.newRecoveryCodes!.some((code) => hash.includes(code.replace('-', '')))),
    'recovery codes are stored only as hashes',
  );
  const later = await open<AdminSecurityPage>(owner, '/admin/security');
  t.equal(later.page.newRecoveryCodes, null, 'not shown again');
  t.equal(later.page.recoveryCodesLeft, 10);

  const file = await post(owner, '/admin/security/recovery-codes.txt', { codes: on.newRecoveryCodes! });
  t.equal(file.status, 200);
  t.match(file.headers.get('content-disposition'), /^attachment; filename="recovery-codes.txt"/);
  const text = await file.text();
  t.ok(
    on.newRecoveryCodes!.every((code) => text.includes(code)),
    'the text file holds the codes',
  );
  const forged = await post(owner, '/admin/security/recovery-codes.txt', { codes: '<script>x</script>' });
  t.equal(forged.status, 400, 'only codes are echoed');
});

t.test('with codes on, the password alone does not sign in; the code does, once', async (t) => {
  const clock = testClock();
  const { server, secret } = await withCodesOn(t, clock);
  clock.advance(2 * STEP_MS); // the code that turned it on is not the one to sign in with

  const { browser, response } = await passwordStep(server);
  t.equal(response.status, 303);
  const step = await open<AdminSignedOut>(browser, '/admin');
  t.equal(step.page.signedIn, false, 'not signed in after the password');
  t.equal(step.page.step, 'code', 'the form asks for a code');
  t.match(step.html, /autocomplete="one-time-code"/i, 'the phone offers the code it received');
  t.match(
    step.html,
    /<input id="admin-code"[^>]*inputmode="numeric"[^>]*name="code"/i,
    'the code field brings up a keypad of digits',
  );
  t.match(step.html, /<summary>Use a recovery code instead<\/summary>/, 'a recovery code in a field of its own');
  t.equal((await browser.request('/admin/audit')).status, 303, 'the screens stay closed');

  const code = codeAt(secret, clock.now());
  const signedIn = await post(browser, '/admin/login/code', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
  t.equal(signedIn.status, 303, 'the code as the app shows it (with a space) signs in');
  t.equal((await browser.request('/admin/audit')).status, 200);

  const replay = await passwordStep(server);
  await open<AdminSignedOut>(replay.browser, '/admin');
  const secondsToNext = () => 30 - (Math.floor(clock.now() / 1000) % 30);
  const before = secondsToNext();
  const replayed = await post(replay.browser, '/admin/login/code', { code });
  const after = secondsToNext();
  t.equal(replayed.status, 401, 'the same code a second time is refused');
  const said = (await pageOf<AdminSignedOut>(replayed, replay.browser)).loginError;
  t.ok(
    said === codeUsedAlready(before) || said === codeUsedAlready(after),
    `it says the code was used, and when the next one comes: ${said}`,
  );
  t.match(said, /^That code was just used\. Wait for the next one in \d+ s\.$/);
  const wrongCode = await post(replay.browser, '/admin/login/code', { code: '000000' });
  t.equal((await pageOf<AdminSignedOut>(wrongCode, replay.browser)).loginError, ADMIN_TEXT.codeFailed);

  clock.advance(STEP_MS);
  const next = await post(replay.browser, '/admin/login/code', { code: codeAt(secret, clock.now()) });
  t.equal(next.status, 303, "the next step's code signs in");

  const audit = server.app.db.prepare('SELECT action, detail FROM audit_log ORDER BY id').all() as {
    action: string;
    detail: string | null;
  }[];
  t.ok(audit.some((entry) => entry.action === 'authenticator codes turned on'));
  t.ok(audit.some((entry) => entry.action === 'sign-in' && entry.detail === 'with an authenticator code'));
  t.ok(audit.some((entry) => entry.action === 'sign-in failed' && entry.detail === 'wrong authenticator code'));
});

t.test('codes within one step either side are accepted; older ones and the step deadline are not', async (t) => {
  const clock = testClock();
  const { server, secret } = await withCodesOn(t, clock);
  clock.advance(3 * STEP_MS);

  const late = await passwordStep(server);
  await open(late.browser, '/admin');
  t.equal(
    (await post(late.browser, '/admin/login/code', { code: codeAt(secret, clock.now() - 2 * STEP_MS) })).status,
    401,
    'two steps old: refused',
  );
  t.equal(
    (await post(late.browser, '/admin/login/code', { code: codeAt(secret, clock.now() - STEP_MS) })).status,
    303,
    'one step old (a phone a little behind): accepted',
  );

  const slow = await passwordStep(server);
  await open(slow.browser, '/admin');
  clock.advance(6 * 60_000);
  const expired = await post(slow.browser, '/admin/login/code', { code: codeAt(secret, clock.now()) });
  t.equal(expired.status, 401, 'more than 5 minutes after the password: start again');
  const page = await pageOf<AdminSignedOut>(expired, slow.browser);
  t.equal(page.loginError, ADMIN_TEXT.codeExpired);
  t.notOk(page.step, 'back at the password form');
});

t.test('wrong codes are throttled like wrong passwords', async (t) => {
  const clock = testClock();
  const { server } = await withCodesOn(t, clock);
  const { browser } = await passwordStep(server);
  await open(browser, '/admin');
  const statuses: number[] = [];
  for (let attempt = 0; attempt < IP_LIMIT.failures; attempt++)
    statuses.push((await post(browser, '/admin/login/code', { code: '000000' })).status);
  t.ok(statuses.includes(429), `refused with 429 within ${IP_LIMIT.failures} tries (the password counted too)`);
  t.same(
    statuses.filter((status) => status !== 401 && status !== 429),
    [],
  );
  const refused = await post(browser, '/admin/login/code', { code: '000000' });
  t.equal(refused.status, 429);
  t.ok(Number(refused.headers.get('retry-after')) > 0);
});

t.test(
  'a recovery code signs in once; new codes replace the old; turning codes off later asks for the password and a code',
  async (t) => {
    const clock = testClock();
    const { server, owner, secret, recoveryCodes } = await withCodesOn(t, clock);

    const first = await passwordStep(server);
    await open(first.browser, '/admin');
    const used = recoveryCodes[0]!;
    t.equal(
      (await post(first.browser, '/admin/login/code', { code: '', recoveryCode: used.toUpperCase() })).status,
      303,
      'typed in its own field (under "Use a recovery code instead")',
    );
    const left = await open<AdminSecurityPage>(first.browser, '/admin/security');
    t.equal(left.page.recoveryCodesLeft, 9);

    const second = await passwordStep(server);
    await open(second.browser, '/admin');
    t.equal((await post(second.browser, '/admin/login/code', { code: used })).status, 401, 'a used code is refused');

    // Within 10 minutes of signing in, no code is asked again; later, the password and a code.
    await open(owner, '/admin/security');
    const renewed = await pageOf<AdminSecurityPage>(await post(owner, '/admin/security/recovery-codes', {}), owner);
    t.equal(renewed.newRecoveryCodes?.length, 10);
    const third = await passwordStep(server);
    await open(third.browser, '/admin');
    t.equal(
      (await post(third.browser, '/admin/login/code', { code: recoveryCodes[1]! })).status,
      401,
      'an old code no longer works',
    );

    // Past the 15-minute window of the failures above (the throttle counts confirmations too).
    clock.advance(16 * 60_000);
    const asked = await post(owner, '/admin/security/authenticator/off', {});
    t.equal(asked.status, 401, 'signed in 16 minutes ago: asked to confirm first');
    const confirmPage = await pageOf<AdminConfirmPage>(asked, owner);
    t.equal(confirmPage.screen, 'confirm');
    t.same(confirmPage.factors, { authenticator: true, passkeys: false }, 'the password and a code');
    const wrongOff = await post(owner, confirmPage.action, {
      confirm_password: TEST_ADMIN.password,
      confirm_code: '123456',
    });
    t.equal(wrongOff.status, 401);
    await pageOf<AdminConfirmPage>(wrongOff, owner);
    t.equal((await open<AdminSecurityPage>(owner, '/admin/security')).page.authenticatorOn, true, 'still on');
    const off = await post(owner, '/admin/security/authenticator/off', {
      confirm_password: TEST_ADMIN.password,
      confirm_code: codeAt(secret, clock.now()),
    });
    t.equal(off.status, 303);
    t.equal(off.headers.get('location'), '/admin/security?done=off');
    t.equal(server.app.db.prepare('SELECT count(*) FROM admin_recovery_codes').pluck().get(), 0);

    const plain = await passwordStep(server);
    t.equal(plain.response.status, 303);
    t.equal((await plain.browser.request('/admin/audit')).status, 200, 'the password alone signs in again');
  },
);

t.test('with JavaScript the password step answers JSON and the page then asks for the code', async (t) => {
  const clock = testClock();
  const { server } = await withCodesOn(t, clock);
  const browser = new AdminClient(server.url);
  await browser.openPanel();
  const response = await browser.login(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal(response.status, 200);
  t.same(await response.json(), { ok: false, step: 'code' });
  t.equal((await open<AdminSignedOut>(browser, '/admin')).page.step, 'code');
});

t.test(
  'npm run admin:password turns codes off for an owner who lost every factor, and the audit log says so',
  async (t) => {
    const clock = testClock();
    const { server } = await withCodesOn(t, clock);
    const cli = join(MAIN, '..', 'cli', 'admin-password.js');
    // Keep the e-mail and the password; answer the question about the codes.
    const kept = await run([cli], { DATA_DIR: server.dataDir }, '\n\n\n');
    t.equal(kept.code, 0, kept.stderr);
    t.match(kept.stdout, /Authenticator codes are on\. Turn them off/);
    t.equal(server.app.db.prepare('SELECT totp_secret IS NOT NULL FROM admin_users').pluck().get(), 1, 'no: still on');

    const turnedOff = await run([cli], { DATA_DIR: server.dataDir }, '\n\ny\n');
    t.equal(turnedOff.code, 0, turnedOff.stderr);
    t.match(turnedOff.stdout, /Authenticator codes are off/);
    t.match(
      turnedOff.stdout,
      /No notification e-mail was sent: SMTP_URL and NOTIFY_TO are not set/,
      'no mail set: said so',
    );
    t.equal(server.app.db.prepare('SELECT totp_secret FROM admin_users').pluck().get(), null);
    t.equal(server.app.db.prepare('SELECT count(*) FROM admin_recovery_codes').pluck().get(), 0);
    t.match(server.app.db.prepare('SELECT action, detail FROM audit_log ORDER BY id DESC LIMIT 1').get(), {
      action: 'authenticator codes turned off',
      detail: /admin:password/,
    });
    const { response, browser } = await passwordStep(server);
    t.equal(response.status, 303);
    t.equal((await browser.request('/admin/audit')).status, 200, 'the password alone signs in');
  },
);

t.test(
  'Change password on the Security screen: after "Confirm it\'s you"; both typings checked; every other browser signed out, this one stays; audited',
  async (t) => {
    const clock = testClock();
    const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
    const owner = new AdminClient(server.url);
    await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const phone = new AdminClient(server.url);
    await phone.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const screen = await open<AdminSecurityPage>(owner, '/admin/security');
    t.match(screen.html, /<h3>Change password<\/h3>/, 'a plain form on the Security screen');
    t.match(screen.html, /autocomplete="new-password"/i, 'the password manager may offer a new one');
    t.match(
      screen.html,
      /There is no off-site copy: if this server is lost/,
      'without BACKUP_TARGET, the Backups card says so',
    );

    const newPassword = 'a much longer passphrase 2026';
    clock.advance(16 * 60_000);
    const asked = await post(owner, '/admin/security/password', { password: newPassword, repeated: newPassword });
    t.equal(asked.status, 401, 'signed in 16 minutes ago: asked to confirm first');
    t.equal((await pageOf<AdminConfirmPage>(asked, owner)).what, 'change your password');

    const refusals: [string, string, string][] = [
      ['short pass', 'short pass', `The new password must be at least 12 characters.`],
      [newPassword, `${newPassword}!`, 'The two new passwords are not the same. Please type it twice.'],
    ];
    for (const [password, repeated, message] of refusals) {
      const refused = await post(owner, '/admin/security/password', {
        password,
        repeated,
        confirm_password: TEST_ADMIN.password,
      });
      t.equal(refused.status, 400, message);
      t.same((await pageOf<AdminSecurityPage>(refused, owner)).error, { form: 'password', message });
    }
    t.equal((await phone.request('/admin/security')).status, 200, 'a refused password changes nothing');

    const changed = await post(owner, '/admin/security/password', {
      password: newPassword,
      repeated: newPassword,
      confirm_password: TEST_ADMIN.password,
    });
    t.equal(changed.status, 303);
    t.equal(changed.headers.get('location'), '/admin/security?done=password');
    const after = await open<AdminSecurityPage>(owner, '/admin/security?done=password');
    t.equal(after.status, 200, 'this browser stays signed in');
    t.match(after.page.message, /^Your password is changed\. Every other browser or phone/);
    t.equal((await phone.request('/admin/security')).status, 303, 'the other browser is signed out');

    const oldPassword = new AdminClient(server.url);
    await oldPassword.openPanel();
    t.equal((await oldPassword.login(TEST_ADMIN.email, TEST_ADMIN.password)).status, 401, 'the old password fails');
    const newOne = new AdminClient(server.url);
    await newOne.openPanel();
    t.equal((await newOne.login(TEST_ADMIN.email, newPassword)).status, 200, 'the new one signs in');
    t.match(
      server.app.db.prepare("SELECT actor, detail FROM audit_log WHERE action = 'password changed'").all(),
      [{ actor: TEST_ADMIN.email, detail: /every session signed out/ }],
      'in the audit log, once',
    );
    t.notOk(
      JSON.stringify(server.app.db.prepare('SELECT * FROM audit_log').all()).includes(newPassword),
      'never the password itself',
    );
  },
);
