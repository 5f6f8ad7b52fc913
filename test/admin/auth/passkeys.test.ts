import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import t, { type Test } from 'tap';
import { IP_LIMIT } from '../../../server/admin/auth/login-throttle.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import type { AdminSecurityPage } from '../../../shared/admin/security.js';
import type { AdminSignedOut } from '../../../shared/admin/session.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock, type TestClock } from '../../helpers/clock.js';
import { SoftwareAuthenticator } from '../../helpers/passkey-authenticator.js';
import { withServer, type TestServer } from '../../helpers/server.js';
import { bootstrapOf } from '../../helpers/site-editor.js';

/** The site's address: its host name is the passkeys' relying party, its origin the only one accepted. */
const SITE_URL = 'https://www.forge.test';
const ENV = { ...TEST_ADMIN_ENV, SITE_URL };

/** POSTs JSON as the enhanced pages do, with the page's CSRF token. */
const postJson = (client: AdminClient, path: string, body: unknown = {}) =>
  client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': client.csrfToken },
    body: JSON.stringify(body),
  });
/** Posts a form as a browser without JavaScript does. */
const postForm = (client: AdminClient, path: string) =>
  client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: client.csrfToken }).toString(),
  });
/** The options the server gives for adding a passkey, or for signing in with one. */
const creationOptions = async (client: AdminClient) =>
  (await (await postJson(client, ADMIN_PATHS.securityPasskeyOptions)).json()) as PublicKeyCredentialCreationOptionsJSON;
const requestOptions = async (client: AdminClient) =>
  (await (await postJson(client, ADMIN_PATHS.loginPasskeyOptions)).json()) as PublicKeyCredentialRequestOptionsJSON;
const adminData = async <Page>(client: AdminClient, path: string) =>
  bootstrapOf(await (await client.request(path)).text()).pageData.admin as Page;
const lastAudit = (server: TestServer) =>
  server.app.db.prepare('SELECT actor, action, detail FROM audit_log ORDER BY id DESC LIMIT 1').get();

/** Asks for the options and answers them with `key` (registration: name and tampering as given). */
async function addPasskey(
  client: AdminClient,
  key: SoftwareAuthenticator,
  { name, origin }: { name?: string; origin?: string } = {},
) {
  const options = await creationOptions(client);
  return postJson(client, ADMIN_PATHS.securityPasskeys, { name, response: key.register(options, { origin }) });
}
async function passkeySignIn(client: AdminClient, key: SoftwareAuthenticator, tampering = {}) {
  const options = await requestOptions(client);
  return postJson(client, ADMIN_PATHS.loginPasskey, { response: key.signIn(options, tampering) });
}

/** A server with the owner signed in, and one passkey added. */
async function withPasskey(t: Test, clock: TestClock = testClock()) {
  const server = await withServer(t, { env: ENV, clock, listen: false });
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const key = new SoftwareAuthenticator(SITE_URL);
  const added = await addPasskey(owner, key, { name: 'Office laptop' });
  if (added.status !== 200) throw new Error(`adding the passkey failed: ${added.status}`);
  return { server, owner, key, page: (await added.json()) as AdminSecurityPage };
}

t.test('adding a passkey: only signed in, only with a challenge of this browser, once, within 5 minutes', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: ENV, clock, listen: false });
  const key = new SoftwareAuthenticator(SITE_URL);

  const visitor = new AdminClient(server.url);
  await visitor.openPanel();
  t.equal((await postJson(visitor, ADMIN_PATHS.securityPasskeyOptions)).status, 401, 'signed out: no options');
  const forged = key.register({ challenge: 'x', rp: { id: 'www.forge.test' }, user: { id: 'x' } });
  t.equal(
    (await postJson(visitor, ADMIN_PATHS.securityPasskeys, { response: forged })).status,
    401,
    'signed out: refused',
  );

  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const noChallenge = await postJson(owner, ADMIN_PATHS.securityPasskeys, { response: forged });
  t.equal(noChallenge.status, 400, 'no challenge given: refused');
  t.match(await noChallenge.json(), { message: /took too long, or was started on another page/ });

  const options = await creationOptions(owner);
  t.match(
    options,
    {
      rp: { id: 'www.forge.test' },
      user: { name: TEST_ADMIN.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [],
    },
    'a discoverable passkey for the host name of SITE_URL',
  );
  t.notMatch(options.user.id, /owner/, 'the user handle is no e-mail address');

  const elsewhere = key.register(options, { origin: 'https://evil.test' });
  t.equal((await postJson(owner, ADMIN_PATHS.securityPasskeys, { response: elsewhere })).status, 400, 'wrong origin');
  const replayed = key.register(options);
  t.equal(
    (await postJson(owner, ADMIN_PATHS.securityPasskeys, { response: replayed })).status,
    400,
    'the challenge was used up by the refused answer: the right one is refused too',
  );

  const slow = await creationOptions(owner);
  clock.advance(5 * 60_000 + 1);
  const late = await postJson(owner, ADMIN_PATHS.securityPasskeys, { response: key.register(slow) });
  t.equal(late.status, 400, 'a challenge older than 5 minutes is refused');

  const long = await addPasskey(owner, key, { name: 'x'.repeat(61) });
  t.equal(long.status, 400);
  t.match(await long.json(), { message: 'A passkey’s name can be at most 60 characters.' });
  t.equal(server.app.db.prepare('SELECT count(*) FROM admin_passkeys').pluck().get(), 0, 'nothing stored yet');
  t.equal(
    server.app.db.prepare("SELECT count(*) FROM audit_log WHERE action = 'passkey added'").pluck().get(),
    0,
    'nothing logged as added',
  );
});

t.test('the first passkey makes 10 recovery codes, shown once; a second keeps them; each is listed', async (t) => {
  const { server, owner, key, page } = await withPasskey(t);
  t.same(
    page.passkeys.map((passkey) => passkey.name),
    ['Office laptop'],
  );
  t.equal(page.passkeys[0]!.lastUsedAt, null);
  t.equal(page.newRecoveryCodes?.length, 10, 'ten recovery codes, shown this once');
  t.match(page.message, /Your password alone no longer does/);
  t.match(lastAudit(server), {
    actor: TEST_ADMIN.email,
    action: 'passkey added',
    detail: 'Office laptop; 10 recovery codes made',
  });

  const options = await creationOptions(owner);
  t.same(
    options.excludeCredentials?.map((credential) => credential.id),
    [key.id],
    'the device is told which passkey it holds already',
  );
  const second = await postJson(owner, ADMIN_PATHS.securityPasskeys, {
    response: new SoftwareAuthenticator(SITE_URL).register(options),
  });
  const after = (await second.json()) as AdminSecurityPage;
  t.equal(after.newRecoveryCodes, null, 'no new recovery codes for a second passkey');
  t.equal(after.recoveryCodesLeft, 10);
  t.match(after.passkeys[1]!.name, /^Passkey added \d{4}-\d{2}-\d{2}$/, 'named after the day when no name is given');

  const again = await addPasskey(owner, key);
  t.equal(again.status, 400, 'the same passkey twice is refused');
  t.equal((await adminData<AdminSecurityPage>(owner, ADMIN_PATHS.security)).passkeys.length, 2);
});

t.test('signing in with a passkey alone: no e-mail, a challenge of this browser once, the site’s origin', async (t) => {
  const { server, key } = await withPasskey(t);
  const browser = new AdminClient(server.url);
  await browser.openPanel();

  const noChallenge = await postJson(browser, ADMIN_PATHS.loginPasskey, {
    response: key.signIn({ challenge: 'made-up', rpId: 'www.forge.test' }),
  });
  t.equal(noChallenge.status, 401, 'no challenge given: refused');
  t.match(lastAudit(server), {
    action: 'sign-in failed',
    detail: /^passkey not accepted \(no challenge given, or an old one\), signing in/,
  });

  const options = await requestOptions(browser);
  t.match(options, { rpId: 'www.forge.test', userVerification: 'preferred' });
  t.same(options.allowCredentials, [], 'discoverable: the browser offers its passkeys, nobody types an e-mail');
  const elsewhere = key.signIn(options, { origin: 'https://www.forge.test.evil.test' });
  t.equal((await postJson(browser, ADMIN_PATHS.loginPasskey, { response: elsewhere })).status, 401, 'wrong origin');
  t.match(lastAudit(server), { action: 'sign-in failed', detail: /passkey not accepted \(.*origin.*\), signing in/i });
  const replay = key.signIn(options);
  t.equal(
    (await postJson(browser, ADMIN_PATHS.loginPasskey, { response: replay })).status,
    401,
    'the challenge was used up: its right answer is refused too',
  );

  t.equal((await passkeySignIn(browser, key, { userVerified: false })).status, 401, 'alone, it must verify the user');

  const signedIn = await passkeySignIn(browser, key);
  t.equal(signedIn.status, 200);
  t.same(await signedIn.json(), { ok: true });
  t.equal((await browser.request(ADMIN_PATHS.audit)).status, 200, 'signed in');
  t.match(lastAudit(server), {
    actor: TEST_ADMIN.email,
    action: 'sign-in',
    detail: 'with a passkey alone (Office laptop)',
  });
  t.match(
    server.app.db.prepare('SELECT counter, last_used_at FROM admin_passkeys').get(),
    { counter: 6, last_used_at: /^\d{4}-/ },
    'its counter and last use written',
  );

  const stranger = new AdminClient(server.url);
  await stranger.openPanel();
  const copied = await postJson(stranger, ADMIN_PATHS.loginPasskey, { response: replay });
  t.equal(copied.status, 401, 'an answer replayed from another browser is refused');
});

t.test(
  'a passkey alone with "Remember this device for 30 days": a 30-day session, said in the audit log',
  async (t) => {
    const { server, key } = await withPasskey(t);
    const DAY = 24 * 60 * 60 * 1000;
    const expiresIn = (cookie: string | undefined) =>
      Date.parse(/Expires=([^;]+)/.exec(cookie ?? '')?.[1] ?? '') - Date.now();
    const signInWith = async (remember: boolean | undefined) => {
      const browser = new AdminClient(server.url);
      await browser.openPanel();
      const options = await requestOptions(browser);
      const answer = await postJson(browser, ADMIN_PATHS.loginPasskey, { response: key.signIn(options), remember });
      t.equal(answer.status, 200, `signed in (remember: ${remember})`);
      return answer.headers.getSetCookie().find((line) => line.startsWith('forge_admin='));
    };

    const remembered = await signInWith(true);
    t.ok(Math.abs(expiresIn(remembered) - 30 * DAY) < 60_000, 'ticked: the cookie lasts 30 days');
    t.match(lastAudit(server), {
      action: 'sign-in',
      detail: 'with a passkey alone (Office laptop), this device remembered for 30 days',
    });
    for (const remember of [false, undefined]) {
      const usual = await signInWith(remember);
      t.ok(!/Expires=/.test(usual ?? '') || expiresIn(usual) < DAY, `not ticked (${remember}): the usual session`);
      t.match(lastAudit(server), { action: 'sign-in', detail: 'with a passkey alone (Office laptop)' });
    }
  },
);

t.test('one passkey answer sent 10 times at once signs in once (its challenge spent atomically)', async (t) => {
  const { server, key } = await withPasskey(t);
  const browser = new AdminClient(server.url);
  await browser.openPanel();
  const answer = { response: key.signIn(await requestOptions(browser)) };
  const signedInBefore = () =>
    server.app.db.prepare("SELECT count(*) FROM audit_log WHERE action = 'sign-in'").pluck().get() as number;
  const before = signedInBefore();
  const signedInSessions = () =>
    server.app.db.prepare('SELECT count(*) FROM sessions WHERE data LIKE \'%"adminId"%\'').pluck().get() as number;
  const sessionsBefore = signedInSessions();
  const statuses = await Promise.all(
    Array.from({ length: 10 }, async () => (await postJson(browser, ADMIN_PATHS.loginPasskey, answer)).status),
  );
  t.equal(statuses.filter((status) => status === 200).length, 1, 'one sign-in');
  const refused = statuses.filter((status) => status === 401).length;
  t.equal(refused + statuses.filter((status) => status === 429).length, 9, 'nine refused (or held by the throttle)');
  t.equal(signedInBefore() - before, 1, 'one sign-in in the audit log');
  const spentAgain = server.app.db
    .prepare("SELECT count(*) FROM audit_log WHERE detail LIKE 'passkey not accepted (challenge already answered)%'")
    .pluck()
    .get();
  t.equal(spentAgain, refused, 'each refused as an answered challenge');
  t.equal(signedInSessions() - sessionsBefore, 1, 'one new signed-in session');
});

t.test('failed passkey sign-ins count in the sign-in throttle', async (t) => {
  const { server, key } = await withPasskey(t);
  const browser = new AdminClient(server.url);
  await browser.openPanel();
  for (let i = 0; i < IP_LIMIT.failures; i++)
    t.equal((await passkeySignIn(browser, key, { origin: 'https://evil.test' })).status, 401);
  const refused = await passkeySignIn(browser, key);
  t.equal(refused.status, 429, 'the right passkey waits too, like a right password');
  t.ok(refused.headers.get('retry-after'));
});

t.test('with a passkey, the password alone no longer signs in: then a passkey or a recovery code', async (t) => {
  const { server, key, page } = await withPasskey(t);
  const browser = new AdminClient(server.url);
  await browser.openPanel();
  t.equal((await browser.login(TEST_ADMIN.email, TEST_ADMIN.password, false)).status, 303);
  t.equal((await browser.request(ADMIN_PATHS.audit)).status, 303, 'not signed in by the password alone');
  const step = await adminData<AdminSignedOut>(browser, ADMIN_PATHS.desk);
  t.match(step, { step: 'code', factors: { authenticator: false, passkeys: true } });
  browser.csrfToken = step.csrfToken;

  const wrong = await browser.request(ADMIN_PATHS.loginCode, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: browser.csrfToken, code: '123456' }).toString(),
  });
  t.equal(wrong.status, 401);
  t.match(await wrong.text(), /That recovery code is not right, or it has been used\./);

  // After the password, a passkey that did not verify the user (a security key without a PIN) is enough.
  const signedIn = await passkeySignIn(browser, key, { userVerified: false });
  t.equal(signedIn.status, 200);
  t.equal((await browser.request(ADMIN_PATHS.audit)).status, 200);

  const other = new AdminClient(server.url);
  await other.openPanel();
  await other.login(TEST_ADMIN.email, TEST_ADMIN.password, false);
  const withCode = await other.request(ADMIN_PATHS.loginCode, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: other.csrfToken, code: page.newRecoveryCodes![0]! }).toString(),
  });
  t.equal(withCode.status, 303, 'or a recovery code');
  t.match(lastAudit(server), { action: 'sign-in', detail: 'with a recovery code (9 left)' });
});

t.test('removing passkeys: a plain form; the last one takes the recovery codes with it', async (t) => {
  const { server, owner, page } = await withPasskey(t);
  const [passkey] = page.passkeys;

  const visitor = new AdminClient(server.url);
  await visitor.openPanel();
  const signedOut = await postForm(visitor, pathTo(ADMIN_PATHS.securityPasskeyRemove, { id: passkey!.id }));
  t.equal(signedOut.headers.get('location'), ADMIN_PATHS.desk, 'signed out: back to sign-in, nothing removed');
  const unknown = await postForm(owner, pathTo(ADMIN_PATHS.securityPasskeyRemove, { id: passkey!.id + 1 }));
  t.equal(unknown.headers.get('location'), ADMIN_PATHS.security, 'no such passkey: nothing done');
  t.equal(server.app.db.prepare('SELECT count(*) FROM admin_passkeys').pluck().get(), 1);

  const removed = await postForm(owner, pathTo(ADMIN_PATHS.securityPasskeyRemove, { id: passkey!.id }));
  t.equal(removed.status, 303);
  t.equal(removed.headers.get('location'), `${ADMIN_PATHS.security}?done=passkeys-off`);
  t.match(lastAudit(server), { action: 'passkey removed', detail: 'Office laptop; the recovery codes removed' });
  const after = await adminData<AdminSecurityPage>(owner, removed.headers.get('location')!);
  t.same(after.passkeys, []);
  t.equal(after.recoveryCodesLeft, 0, 'the recovery codes went with the last factor');
  t.match(after.message, /Your password alone signs in again/);

  const browser = new AdminClient(server.url);
  await browser.openPanel();
  await browser.login(TEST_ADMIN.email, TEST_ADMIN.password, false);
  t.equal((await browser.request(ADMIN_PATHS.audit)).status, 200, 'the password alone signs in again');
});

t.test('the admin may use passkeys, the public pages may not (Permissions-Policy)', async (t) => {
  const server = await withServer(t, { env: ENV, listen: false });
  const policy = async (path: string) => (await server.fetch(path)).headers.get('permissions-policy') ?? '';
  for (const path of [ADMIN_PATHS.desk, ADMIN_PATHS.security]) {
    t.match(await policy(path), /publickey-credentials-create=\(self\)/, path);
    t.match(await policy(path), /publickey-credentials-get=\(self\)/, path);
  }
  for (const path of ['/', '/contact', '/administrator']) {
    t.match(await policy(path), /publickey-credentials-create=\(\)/, path);
    t.match(await policy(path), /publickey-credentials-get=\(\)/, path);
  }
});
