import { join } from 'node:path';
import t from 'tap';
import { browserName } from '../../../server/admin/notices/browser-name.js';
import { networkPrefix } from '../../../server/platform/security/client-network.js';
import { formatInZone } from '../../../shared/time/time-zone.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { MAIN, run } from '../../helpers/child-server.js';
import { testClock } from '../../helpers/clock.js';
import { codeAt, open, pageOf, passwordStep, post, STEP_MS, withCodesOn } from '../../helpers/second-factor.js';
import { withServer } from '../../helpers/server.js';
import { silentSmtp } from '../../helpers/silent-smtp.js';
import { bodyText, testSmtp, type Received } from '../../helpers/smtp.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import { EMAIL_CHANGE_TEXT, FORGOT_TEXT } from '../../../shared/admin/texts.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { PASSWORD_REFUSED } from '../../../server/admin/auth/password-rules.js';

const COMPANY = 'Shree Forge Works';
const NOTIFY_TO = 'owner-alerts@forge.test';
const CHROME_ON_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const CLI = join(MAIN, '..', 'cli', 'admin-password.js');

/** The settings of a server that e-mails NOTIFY_TO through `smtpUrl`, behind one proxy (X-Forwarded-For). */
const mailEnv = (smtpUrl: string, more: Record<string, string> = {}) => ({
  ...TEST_ADMIN_ENV,
  SMTP_URL: smtpUrl,
  NOTIFY_TO,
  COMPANY_NAME: COMPANY,
  TRUST_PROXY: '1',
  ...more,
});

/** Signs in with the password (JSON, as the enhanced form does) from an address and a browser of the test's choice. */
async function signInFrom(client: AdminClient, ip: string, userAgent = CHROME_ON_ANDROID) {
  await client.openPanel();
  return client.request('/admin/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': client.csrfToken,
      'x-forwarded-for': ip,
      'user-agent': userAgent,
    },
    body: JSON.stringify(TEST_ADMIN),
  });
}

/** A browser whose every request comes from `ip` (the server trusts one proxy: X-Forwarded-For). */
function clientFrom(url: string, ip: string): AdminClient {
  const client = new AdminClient(url);
  const request = client.request.bind(client);
  client.request = (path, init = {}) =>
    request(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip } });
  return client;
}

const text = (mail: Received) => bodyText(mail.raw);
const subjectOf = (mail: Received) => /^Subject: (.*)$/m.exec(mail.raw)?.[1];
/** The notice's time as the admin screens show it, in the site's zone, at one of two moments (a minute may turn between). */
const shownAt = (before: number, after: number) =>
  [before, after].map((ms) => `${formatInZone(new Date(ms).toISOString(), 'Asia/Kolkata')} (Asia/Kolkata)`);

t.test('the browser is named roughly from its User-Agent, never by the header itself', async (t) => {
  const cases: [string | undefined, string][] = [
    [CHROME_ON_ANDROID, 'Chrome on Android'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      'a browser on iPhone',
    ],
    ['curl/8.5.0', 'an unknown browser'],
    ['<script>alert(1)</script>', 'an unknown browser'],
    [undefined, 'an unknown browser'],
  ];
  for (const [userAgent, name] of cases) t.equal(browserName(userAgent), name, userAgent ?? 'no User-Agent');
});

t.test('an address is shown by its network only: IPv4 /24, IPv6 /64', async (t) => {
  t.equal(networkPrefix('203.0.113.45'), '203.0.113.0/24');
  t.equal(networkPrefix('::ffff:198.51.100.7'), '198.51.100.0/24');
  t.equal(networkPrefix('2001:db8:85a3:12:8a2e:370:7334:1'), '2001:db8:85a3:12::/64');
  t.equal(networkPrefix('2001:db8::1'), '2001:db8:0:0::/64');
  t.equal(networkPrefix('not an address'), 'unknown');
});

t.test(
  'a first sign-in from a new browser e-mails NOTIFY_TO; the same browser again does not; a forged device cookie does',
  async (t) => {
    const smtp = await testSmtp();
    t.teardown(smtp.close);
    const clock = testClock();
    const server = await withServer(t, { env: mailEnv(smtp.url), clock });

    const first = new AdminClient(server.url);
    const before = Date.now();
    t.equal((await signInFrom(first, '203.0.113.45')).status, 200);
    const mail = await smtp.waitFor('Someone signed in');
    const after = Date.now();
    t.same(mail.to, [NOTIFY_TO]);
    t.equal(subjectOf(mail), `New sign-in to the ${COMPANY} admin`);
    t.match(mail.raw, /Content-Type: text\/plain/);
    const body = text(mail);
    t.ok(body.includes(`the admin of ${COMPANY} as ${TEST_ADMIN.email}`), 'the company and the admin e-mail');
    t.ok(
      shownAt(before, after).some((time) => body.includes(`When:     ${time}`)),
      'the time in the site’s zone, as the admin screens show it',
    );
    t.match(body, /Browser: {2}Chrome on Android \(/);
    t.match(body, /Network: {2}203\.0\.113\.0\/24 /);
    t.notOk(mail.raw.includes('203.0.113.45'), 'never the full address');
    t.match(body, /How: {6}password alone/);
    t.match(
      body,
      /- Change your password under Security: every other browser is signed out\. http:\/\/localhost:\d+\/admin\/security\r?\n/,
      'what to do if it was not the owner: on the screen',
    );
    t.match(
      body,
      /If you cannot sign in any more, ask whoever runs the server to set a new password/,
      'and if locked out',
    );
    t.notOk(body.includes('npm run'), 'no command to run: the owner is pointed to Security');
    t.match(body, /Then turn on authenticator codes under Security, .*: http:\/\/localhost:\d+\/admin\/security/);
    t.notOk(mail.raw.includes(TEST_ADMIN.password), 'no secret');

    // The same browser (its device cookie) after its session ended.
    const again = new AdminClient(server.url);
    again.jar.set('forge_device', first.jar.get('forge_device')!);
    t.equal((await signInFrom(again, '203.0.113.46')).status, 200);
    await server.app.notices.idle();
    t.equal(smtp.state.received.length, 1, 'no e-mail for a browser that signed in before');

    const forged = new AdminClient(server.url);
    forged.jar.set('forge_device', first.jar.get('forge_device')!.replace(/\.[^.]+$/, '.forged'));
    t.equal(
      (await signInFrom(forged, '2001:db8:85a3:12:8a2e:370:7334:1', 'Firefox/133.0 (Windows NT 10.0)')).status,
      200,
    );
    await server.app.notices.idle();
    t.equal(smtp.state.received.length, 2, 'a device cookie that is not validly signed counts for nothing');
    const second = text(smtp.state.received[1]!);
    t.match(second, /Network: {2}2001:db8:85a3:12::\/64 /);
    t.notOk(second.includes('7334'), 'never the full IPv6 address');

    await t.test('the audit log shows each sign-in’s browser and network, never the address', async (t) => {
      const rows = server.app.db
        .prepare(
          "SELECT browser, network FROM audit_log JOIN audit_seen_from ON audit_id = id WHERE action = 'sign-in' ORDER BY id",
        )
        .all();
      t.same(rows, [
        { browser: 'Chrome on Android', network: '203.0.113.0/24' },
        { browser: 'Chrome on Android', network: '203.0.113.0/24' },
        { browser: 'Firefox on Windows', network: '2001:db8:85a3:12::/64' },
      ]);
      const page = await (await first.request('/admin/audit')).text();
      t.match(page, /<td data-label="Browser and network">Firefox on Windows, 2001:db8:85a3:12::\/64<\/td>/);
      t.notOk(page.includes('203.0.113.45'), 'never the full address');
    });

    await t.test(
      'Change sign-in e-mail: a signed link to the new address, good once; the old address and NOTIFY_TO told; audited',
      async (t) => {
        const NEW_EMAIL = 'new-owner@forge.test';
        await open<AdminSecurityPage>(first, '/admin/security'); // the signed-in session's CSRF token
        const refused = await post(first, '/admin/security/email', { email: 'not an address' });
        t.equal(refused.status, 400);
        t.same((await pageOf<AdminSecurityPage>(refused, first)).error, {
          form: 'email',
          message: EMAIL_CHANGE_TEXT.invalid,
        });
        const asked = await post(first, '/admin/security/email', { email: NEW_EMAIL });
        t.equal(asked.status, 303);
        t.equal(asked.headers.get('location'), '/admin/security?done=email-sent');
        const linkMail = await smtp.waitFor('asked to sign in with this address');
        t.same(linkMail.to, [NEW_EMAIL], 'the link goes to the new address');
        const link = /http:\/\/localhost:\d+(\/admin\/security\?email=\S+)/.exec(text(linkMail))![1]!;
        t.equal(
          server.app.db.prepare('SELECT email FROM admin_users').pluck().get(),
          TEST_ADMIN.email,
          'nothing changes before the link is opened',
        );

        const opened = await open<AdminSecurityPage>(first, link);
        t.equal(opened.page.emailChange?.email, NEW_EMAIL, 'the link opened asks to confirm the new address');
        const token = opened.page.emailChange!.token;
        const forged = await post(first, '/admin/security/email/confirm', { token: token.replace(/.$/, 'x') });
        t.equal(forged.status, 400, 'a link not signed by the server changes nothing');
        const confirmed = await post(first, '/admin/security/email/confirm', { token });
        t.equal(confirmed.status, 303);
        t.equal(confirmed.headers.get('location'), '/admin/security?done=email');
        t.equal(
          server.app.db.prepare('SELECT email FROM admin_users').pluck().get(),
          NEW_EMAIL,
          'the account signs in with the new address',
        );
        t.equal(
          (await open<AdminSecurityPage>(first, '/admin/security')).page.email,
          NEW_EMAIL,
          'this browser stays in',
        );
        t.equal((await again.request('/admin/security')).status, 303, 'every other browser is signed out');
        const reused = await post(first, '/admin/security/email/confirm', { token });
        t.equal(reused.status, 400, 'the link works once');

        await server.app.notices.idle();
        const told = smtp.state.received.filter((mail) =>
          text(mail).includes(`no longer signs in with ${TEST_ADMIN.email}`),
        );
        t.same(
          told.map((mail) => mail.to).sort(),
          [[NOTIFY_TO], [TEST_ADMIN.email]].sort(),
          'the old address and NOTIFY_TO told',
        );
        t.match(
          server.app.db
            .prepare("SELECT actor, action, detail FROM audit_log WHERE action LIKE 'e-mail%' ORDER BY id")
            .all(),
          [
            { actor: TEST_ADMIN.email, action: 'e-mail change asked', detail: `a link sent to ${NEW_EMAIL}` },
            { actor: NEW_EMAIL, action: 'e-mail changed', detail: /^from owner@forge.test;/ },
          ],
        );
      },
    );

    await t.test(
      'Forgot your password: a link to the sign-in e-mail, good once for 30 minutes; tampered, used or expired links change nothing',
      async (t) => {
        const db = server.app.db;
        const email = db.prepare('SELECT email FROM admin_users').pluck().get() as string;
        const hash = () => db.prepare('SELECT password_hash FROM admin_users').pluck().get() as string;
        const visitor = new AdminClient(server.url);
        t.equal((await open(visitor, '/admin')).page.step, undefined);
        t.match((await open(visitor, '/admin')).html, /<a href="\/admin\/login\/forgot">Forgot your password\?<\/a>/);
        t.equal((await open(visitor, '/admin/login/forgot')).page.step, 'forgot');
        const ask = (address: string) => post(visitor, '/admin/login/forgot', { email: address });
        const unknown = await ask('someone-else@forge.test');
        const known = await ask(email.toUpperCase());
        t.same(
          [unknown.status, unknown.headers.get('location'), known.status, known.headers.get('location')],
          [303, '/admin/login/forgot?sent=1', 303, '/admin/login/forgot?sent=1'],
          'the same answer whether or not the address is the admin’s',
        );
        t.equal((await open(visitor, '/admin/login/forgot?sent=1')).page.message, FORGOT_TEXT.sent);
        const linkMail = await smtp.waitFor('Someone asked to choose a new password');
        t.same(linkMail.to, [email], 'the link goes to the sign-in e-mail');
        await server.app.notices.idle();
        t.notOk(
          smtp.state.received.some((mail) => mail.to.includes('someone-else@forge.test')),
          'nothing to another address',
        );
        const link = /http:\/\/localhost:\d+(\/admin\/login\/reset\?token=\S+)/.exec(text(linkMail))![1]!;
        const token = decodeURIComponent(link.split('token=')[1]!);
        t.notOk(
          JSON.stringify(db.prepare('SELECT * FROM password_resets').all()).includes(token.split('.')[1]!),
          'the token is stored hashed',
        );
        const before = hash();
        const reset = (client: AdminClient, fields: Record<string, string>) =>
          post(client, '/admin/login/reset', {
            password: 'a new password, long',
            repeated: 'a new password, long',
            ...fields,
          });

        t.equal((await open(visitor, link)).page.resetToken, token, 'the link opens the form');
        const tampered = await reset(visitor, { token: token.replace(/^./, (c) => (c === 'e' ? 'f' : 'e')) });
        t.equal(tampered.status, 400, 'a token not signed by the server is refused');
        t.equal((await pageOf<AdminSignedOut>(tampered, visitor)).resetToken, null);
        const short = await reset(visitor, { token, password: 'short', repeated: 'short' });
        t.equal(short.status, 400, 'the rules of Change password');
        t.equal((await pageOf<AdminSignedOut>(short, visitor)).loginError, PASSWORD_REFUSED.tooShort);
        t.equal(hash(), before, 'nothing changed yet');

        const done = await reset(visitor, { token });
        t.same([done.status, done.headers.get('location')], [303, '/admin'], 'then the desk, signed in');
        t.equal((await visitor.request('/admin/security')).status, 200, 'signed in with the new password');
        t.equal((await first.request('/admin/security')).status, 303, 'every other session ended');
        const after = hash();
        t.not(after, before, 'the password changed');
        t.equal(
          db.prepare('SELECT count(*) FROM password_resets WHERE used_at IS NOT NULL').pluck().get(),
          1,
          'the link is used up',
        );
        const other = new AdminClient(server.url);
        t.equal((await open(other, link)).page.resetToken, null, 'a used link opens no form');
        t.equal((await reset(other, { token })).status, 400, 'and is refused');
        t.equal(hash(), after, 'and changes nothing');
        await smtp.waitFor('Password reset by a link sent to the sign-in e-mail');
        t.match(
          db.prepare("SELECT action FROM audit_log WHERE action LIKE 'password reset%' ORDER BY id").pluck().all(),
          ['password reset asked', 'password reset'],
        );

        const late = new AdminClient(server.url);
        await open(late, '/admin/login/forgot');
        smtp.state.received.splice(0); // the next link is the only one
        t.equal((await post(late, '/admin/login/forgot', { email })).status, 303);
        const lateLink = /(\/admin\/login\/reset\?token=\S+)/.exec(
          text(await smtp.waitFor('Someone asked to choose a new password')),
        )![1]!;
        clock.advance(31 * 60_000);
        t.equal((await open(late, lateLink)).status, 400, 'after 30 minutes the link is refused');
        const lateToken = decodeURIComponent(lateLink.split('token=')[1]!);
        t.equal((await reset(late, { token: lateToken })).status, 400);
        t.equal(hash(), after, 'and changes nothing');

        const throttled = clientFrom(server.url, '192.0.2.7');
        await open(throttled, '/admin/login/forgot');
        const statuses: number[] = [];
        for (let n = 0; n < 6; n++)
          statuses.push((await post(throttled, '/admin/login/forgot', { email: `guess${n}@forge.test` })).status);
        t.same(statuses, [303, 303, 303, 303, 303, 429], 'asking counts in the sign-in throttle of the network');
      },
    );
  },
);

t.test('with codes on: the sign-in says how; each change to the second factor is e-mailed once', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = testClock();
  const { server, owner, secret, recoveryCodes } = await withCodesOn(t, clock, mailEnv(smtp.url));
  const on = await smtp.waitFor('Authenticator codes turned on');
  t.equal(subjectOf(on), `Sign-in settings changed in the ${COMPANY} admin`);
  t.match(text(on), /Change: {3}Authenticator codes turned on, with 10 new recovery codes/);
  t.match(text(on), /When: {5}\d{4}-\d\d-\d\d \d\d:\d\d \(Asia\/Kolkata\)/);

  clock.advance(2 * STEP_MS);
  const { browser } = await passwordStep(server);
  await open(browser, '/admin');
  t.equal((await post(browser, '/admin/login/code', { code: codeAt(secret, clock.now()) })).status, 303);
  const signIn = await smtp.waitFor('password, with an authenticator code');
  t.match(text(signIn), /make new recovery codes/, 'the advice for an owner whose codes are on');

  await open(owner, '/admin/security');
  clock.advance(STEP_MS);
  const renewed = await pageOf<AdminSecurityPage>(
    await post(owner, '/admin/security/recovery-codes', { code: codeAt(secret, clock.now()) }),
    owner,
  );
  await smtp.waitFor('10 new recovery codes made; the old ones no longer work');
  t.equal(
    (await post(owner, '/admin/security/authenticator/off', { code: renewed.newRecoveryCodes![0]! })).status,
    303,
  );
  await smtp.waitFor('Authenticator codes turned off; the recovery codes no longer work');
  await server.app.notices.idle();

  const bodies = smtp.state.received.map(text);
  t.equal(bodies.filter((body) => body.includes('Change:')).length, 3, 'one e-mail per change');
  t.equal(smtp.state.received.length, 5, 'the owner’s first sign-in, codes on, a sign-in, new codes, codes off');
  const everything = smtp.state.received.map((mail) => mail.raw).join('\n');
  for (const code of [...recoveryCodes, ...renewed.newRecoveryCodes!, secret])
    t.notOk(everything.includes(code), 'no code and no key in any e-mail');
});

t.test('the right password then a wrong code 3 times within an hour e-mails the owner once', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = testClock();
  const { server, secret, recoveryCodes } = await withCodesOn(t, clock, mailEnv(smtp.url));
  await smtp.waitFor('Authenticator codes turned on');
  const { browser } = await passwordStep(server);
  await open(browser, '/admin');
  const failing = (mail: Received) => subjectOf(mail) === `Failed sign-in codes in the ${COMPANY} admin`;
  for (const code of ['000000', '111111']) t.equal((await post(browser, '/admin/login/code', { code })).status, 401);
  await server.app.notices.idle();
  t.notOk(smtp.state.received.some(failing), 'two wrong codes: no e-mail yet');

  t.equal((await post(browser, '/admin/login/code', { code: '222222' })).status, 401);
  const notice = await smtp.waitFor('then a wrong code or passkey 3 times within an hour');
  t.ok(failing(notice));
  t.match(text(notice), /Network: {2}\S+/);
  t.match(text(notice), /Sign out everywhere/);
  t.notOk(text(notice).includes('222222'), 'no code in the e-mail');
  await server.app.notices.idle();
  t.equal(smtp.state.received.filter(failing).length, 1, 'one e-mail for the series');

  await t.test(
    'a recovery code resets a forgotten password; the next sign-in still asks for the second factor',
    async (t) => {
      const hash = () => server.app.db.prepare('SELECT password_hash FROM admin_users').pluck().get() as string;
      const before = hash();
      const visitor = new AdminClient(server.url);
      const forgot = await open(visitor, '/admin/login/forgot');
      t.ok(forgot.html.includes(FORGOT_TEXT.secondFactorStays), 'the page says the second factor stays');
      const fields = { email: TEST_ADMIN.email, password: 'forgotten, then new', repeated: 'forgotten, then new' };
      const wrong = await post(visitor, '/admin/login/forgot/recovery', { ...fields, recoveryCode: 'aaaaa-aaaaa' });
      t.equal(wrong.status, 401);
      t.equal((await pageOf<AdminSignedOut>(wrong, visitor)).loginError, FORGOT_TEXT.codeRefused);
      const short = await post(visitor, '/admin/login/forgot/recovery', {
        ...fields,
        recoveryCode: recoveryCodes[0]!,
        repeated: 'not the same',
      });
      t.equal((await pageOf<AdminSignedOut>(short, visitor)).loginError, PASSWORD_REFUSED.different);
      t.equal(hash(), before, 'refused: nothing changed');
      const unused = () =>
        server.app.db.prepare('SELECT count(*) FROM admin_recovery_codes WHERE used_at IS NULL').pluck().get();
      t.equal(unused(), 10, 'and the code is not used up by a refused password');

      // This network's failures (the password step, three wrong codes, a wrong recovery code) end after 15 minutes.
      clock.advance(15 * 60_000);
      const done = await post(visitor, '/admin/login/forgot/recovery', { ...fields, recoveryCode: recoveryCodes[0]! });
      t.same([done.status, done.headers.get('location')], [303, '/admin']);
      t.not(hash(), before, 'the password changed');
      const step = await open(visitor, '/admin');
      t.equal(step.page.step, 'code', 'the second factor is still asked');
      clock.advance(2 * STEP_MS);
      t.equal((await post(visitor, '/admin/login/code', { code: codeAt(secret, clock.now()) })).status, 303);
      t.equal((await visitor.request('/admin/security')).status, 200, 'signed in');
      t.equal(unused(), 9, 'the recovery code is used up');
      await smtp.waitFor('Password reset with a recovery code (9 left)');
    },
  );
});

t.test('a silent mail server delays neither the sign-in nor a change, nor the shutdown for long', async (t) => {
  const smtp = await silentSmtp();
  t.teardown(() => smtp.close());
  const clock = testClock();
  // Each stage of a send may take 60 s: any wait for the e-mail would show.
  const server = await withServer(t, { env: mailEnv(smtp.url, { SMTP_TIMEOUT_SECONDS: '60' }), clock });

  const started = performance.now();
  const owner = new AdminClient(server.url);
  t.same(await (await signInFrom(owner, '198.51.100.7')).json(), { ok: true }, 'signed in');
  const { page } = await open<AdminSecurityPage>(owner, '/admin/security?setup=authenticator');
  const { sealed, secret } = page.enrolment!;
  const on = await post(owner, '/admin/security/authenticator', { sealed, code: codeAt(secret, clock.now()) });
  t.equal((await pageOf<AdminSecurityPage>(on, owner)).authenticatorOn, true, 'codes turned on');
  const seconds = (performance.now() - started) / 1000;
  t.ok(seconds < 30, `answered in ${seconds.toFixed(1)} s, not after the mail server's 60 s`);
  await smtp.holding(2);
  t.equal(smtp.open, 2, 'both notices still waiting for the mail server after the answers came');

  const closing = performance.now();
  await server.close();
  const closeSeconds = (performance.now() - closing) / 1000;
  t.ok(closeSeconds < 8, `the server closed in ${closeSeconds.toFixed(1)} s: the notices under way were cut`);
});

t.test('npm run admin:password turning codes off e-mails NOTIFY_TO and says it was sent', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = testClock();
  const { server } = await withCodesOn(t, clock, mailEnv(smtp.url));
  await smtp.waitFor('Authenticator codes turned on');

  // The command has only the mail settings (no COMPANY_NAME): the company's name comes from the database.
  const result = await run([CLI], { DATA_DIR: server.dataDir, SMTP_URL: smtp.url, NOTIFY_TO }, '\n\ny\n');
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /Authenticator codes are off/);
  t.match(result.stdout, new RegExp(`A notification e-mail was sent to ${NOTIFY_TO}\\.`));
  const mail = await smtp.waitFor('npm run admin:password on the server');
  t.equal(subjectOf(mail), `Sign-in settings changed in the ${COMPANY} admin`);
  t.match(
    text(mail),
    /Change: {3}Authenticator codes turned off with npm run admin:password on the server; the recovery codes no longer work/,
  );
  t.match(server.app.db.prepare('SELECT action, detail FROM audit_log ORDER BY id DESC LIMIT 1').get(), {
    action: 'authenticator codes turned off',
    detail: /admin:password/,
  });
});

t.test(
  'npm run admin:password with a silent mail server: the change stands, the command ends and says the e-mail was not sent',
  async (t) => {
    const smtp = await silentSmtp();
    t.teardown(() => smtp.close());
    const clock = testClock();
    const { server } = await withCodesOn(t, clock, mailEnv(smtp.url, { SMTP_TIMEOUT_SECONDS: '60' }));

    const started = performance.now();
    const result = await run(
      [CLI],
      { DATA_DIR: server.dataDir, SMTP_URL: smtp.url, NOTIFY_TO, SMTP_TIMEOUT_SECONDS: '0.5' },
      '\n\ny\n',
    );
    const seconds = (performance.now() - started) / 1000;
    t.equal(result.code, 0, result.stderr);
    t.match(
      result.stdout,
      /The notification e-mail to owner-alerts@forge\.test was NOT sent \(.*the mail server did not answer within 0\.5 s\)\. The change stands\./,
    );
    t.ok(seconds < 20, `ended in ${seconds.toFixed(1)} s`);
    t.equal(server.app.db.prepare('SELECT totp_secret FROM admin_users').pluck().get(), null, 'codes are off');
    t.equal(
      server.app.db
        .prepare("SELECT count(*) FROM audit_log WHERE action = 'authenticator codes turned off'")
        .pluck()
        .get(),
      1,
      'and the audit log says so',
    );
  },
);
