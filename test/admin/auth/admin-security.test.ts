import Database from 'better-sqlite3';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { createAdminAccounts } from '../../../server/admin/auth/admin-accounts.js';
import { clientNetwork } from '../../../server/platform/security/client-network.js';
import { hashPassword, PASSWORD_CHECK_CHANNEL } from '../../../server/admin/auth/password.js';
import { parseTrustProxy } from '../../../server/config/load-config.js';
import { migrations } from '../../../server/platform/db/migrations.js';
import { migrate } from '../../../server/platform/db/open-database.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { codeAt, post, withCodesOn } from '../../helpers/second-factor.js';
import { MAIN, run, spawnServer } from '../../helpers/child-server.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postJson, withDataDir, withServer, type TestServer } from '../../helpers/server.js';

const sessionRows = (server: TestServer) =>
  server.app.db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;

async function fresh(t: Test, env: Record<string, string> = {}) {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, ...env } });
  return server;
}

/** A client that comes from `ip` (the server trusts one proxy hop, which is this test). */
function from(server: TestServer, ip: string): AdminClient {
  const client = new AdminClient(server.url);
  const request = client.request.bind(client);
  client.request = (path, init = {}) =>
    request(path, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip } });
  return client;
}

t.test(
  'anonymous visits to /admin write nothing: no session row, no session cookie; /admin is rate-limited',
  async (t) => {
    const server = await fresh(t);
    const statuses: number[] = [];
    let sessionCookies = 0;
    for (let n = 0; n < 130; n++) {
      const response = await fetch(`${server.url}/admin`);
      statuses.push(response.status);
      if (response.headers.getSetCookie().some((line) => line.startsWith('forge_admin='))) sessionCookies++;
    }
    t.equal(sessionRows(server), 0, 'no session stored');
    t.equal(sessionCookies, 0, 'no session cookie');
    t.equal(statuses.filter((status) => status === 200).length, 120, '120 a minute are served');
    t.ok(
      statuses.slice(120).every((status) => status === 429),
      'then 429',
    );

    const client = new AdminClient(server.url);
    await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password).catch(() => {});
    t.equal(sessionRows(server), 0, 'a refused visitor stores nothing either');
  },
);

t.test('100 parallel wrong passwords from one address: at most 5 reach the password check', async (t) => {
  const server = await fresh(t);
  const client = new AdminClient(server.url);
  await client.openPanel();
  let checks = 0;
  const count = () => checks++;
  subscribe(PASSWORD_CHECK_CHANNEL, count);
  t.teardown(() => unsubscribe(PASSWORD_CHECK_CHANNEL, count));
  const statuses = await Promise.all(
    Array.from({ length: 100 }, (_, n) => client.login(TEST_ADMIN.email, `guess ${n}`).then((r) => r.status)),
  );
  const checked = statuses.filter((status) => status === 401).length;
  t.ok(checks <= 5, `${checks} password checks (scrypt) ran`);
  t.equal(checked, checks, 'each a 401');
  t.equal(
    statuses.filter((status) => status === 429).length,
    100 - checked,
    'the rest were refused before the check (429)',
  );
  t.equal(
    (await client.login(TEST_ADMIN.email, TEST_ADMIN.password)).status,
    429,
    'the address is blocked, even for the right password',
  );
});

t.test('the counts live in SQLite: a restart does not reset them', async (t) => {
  const dataDir = withDataDir(t);
  const first = await withServer(t, { env: TEST_ADMIN_ENV, dataDir });
  const client = new AdminClient(first.url);
  await client.openPanel();
  for (let n = 0; n < 5; n++) t.equal((await client.login(TEST_ADMIN.email, `wrong ${n}`)).status, 401);
  await first.close();
  const second = await withServer(t, { env: TEST_ADMIN_ENV, dataDir });
  const again = new AdminClient(second.url);
  await again.openPanel();
  t.equal((await again.login(TEST_ADMIN.email, TEST_ADMIN.password)).status, 429);
});

t.test("an attacker's failures from many addresses do not stop the owner's known browser", async (t) => {
  // The clock stands still: the account's delay after the attack is still running when the others try.
  const stopped = Date.now();
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, TRUST_PROXY: '1' }, hooks: { now: () => stopped } });
  const owner = from(server, '198.51.100.7');
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.ok(owner.jar.has('forge_device'), 'the browser is remembered');
  await owner.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': owner.csrfToken },
    body: '{}',
  });

  for (let n = 0; n < 30; n++) {
    const attacker = from(server, `203.0.113.${n}`);
    await attacker.openPanel();
    await attacker.login(TEST_ADMIN.email, `guess ${n}`);
  }
  const stranger = from(server, '192.0.2.44');
  await stranger.openPanel();
  const delayed = await stranger.login(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal(delayed.status, 429, 'a new browser has to wait');
  const wait = Number(delayed.headers.get('retry-after'));
  t.ok(wait >= 1 && wait <= 60, `an increasing delay, at most a minute (${wait} s), not a long block`);

  const forged = from(server, '192.0.2.45');
  forged.cookie = 'forge_device=1.made-up';
  await forged.openPanel();
  t.equal(
    (await forged.login(TEST_ADMIN.email, TEST_ADMIN.password)).status,
    429,
    'an unsigned device cookie counts for nothing',
  );

  await owner.openPanel();
  const signedIn = await owner.login(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal(signedIn.status, 200, 'the owner’s browser signs in at once');
});

t.test(
  'TRUST_PROXY: only its documented forms (false, a hop count, addresses, true); with one hop a client-supplied X-Forwarded-For prefix changes nothing',
  async (t) => {
    t.equal(parseTrustProxy(undefined), false);
    t.equal(parseTrustProxy('false'), false);
    t.equal(parseTrustProxy('true'), true);
    t.same(parseTrustProxy('10.0.0.2, 192.168.0.0/16, ::1'), ['10.0.0.2', '192.168.0.0/16', '::1']);
    const oneHop = parseTrustProxy('1') as (address: string, hop: number) => boolean;
    t.ok(oneHop('127.0.0.1', 0) && !oneHop('203.0.113.9', 1), 'a hop count trusts that many proxies');
    t.equal(parseTrustProxy('0'), false, 'no proxy');
    t.equal(parseTrustProxy('TRUE'), true);
    for (const bad of [
      'yes',
      'on',
      'no',
      'off',
      'banana',
      'proxy.example',
      '10.0.0.300',
      '10.0.0.0/33',
      '10.0.0.2,',
      '1.5',
      '-1',
    ]) {
      t.throws(
        () => parseTrustProxy(bad),
        {
          message: `Invalid configuration: TRUST_PROXY must be false, a number of proxies (e.g. 1), their addresses (e.g. 10.0.0.2,192.168.0.0/16) or true, got "${bad}"`,
        },
        `"${bad}" is refused, not guessed`,
      );
    }

    const server = await fresh(t, { TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '2' });
    const enquiry = makeEnquiry({ subject: 'Limit', message: 'Same client, other prefixes.' });
    const statuses = [];
    for (let n = 0; n < 3; n++) {
      const response = await postJson(`${server.url}/api/enquiries`, enquiry, {
        'x-forwarded-for': `10.9.9.${n}, 203.0.113.9`,
      });
      statuses.push(response.status);
    }
    t.same(statuses, [201, 201, 429], 'the key is the address the proxy saw, whatever the client put before it');
  },
);

t.test('sessions: written at most once a minute, 2 h idle, 12 h absolute; logout clears the cookie', async (t) => {
  const server = await fresh(t);
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const data = () => server.app.db.prepare('SELECT data FROM sessions').pluck().get() as string;
  const before = data();
  for (let n = 0; n < 10; n++) t.equal((await client.request(`/admin/api/enquiries?q=${n}`)).status, 200);
  t.equal(data(), before, 'ten searches, no session write');

  const age = (field: 'seenAt' | 'signedInAt', ms: number) => {
    const session = JSON.parse(data()) as Record<string, number>;
    session[field] = Date.now() - ms;
    server.app.db.prepare('UPDATE sessions SET data = ?').run(JSON.stringify(session));
  };
  age('seenAt', 60_500);
  t.equal((await client.request('/admin/api/enquiries')).status, 200);
  t.ok(
    (JSON.parse(data()) as { seenAt: number }).seenAt > Date.now() - 5000,
    'a minute later the last-seen time moves',
  );

  age('seenAt', 2 * 60 * 60 * 1000 + 1000);
  t.equal((await client.request('/admin/api/enquiries')).status, 401, 'idle for over 2 hours: signed out');
  t.equal(sessionRows(server), 0);

  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  age('signedInAt', 12 * 60 * 60 * 1000 + 1000);
  t.equal(
    (await client.request('/admin/api/enquiries')).status,
    401,
    'over 12 hours after sign-in: signed out, however active',
  );

  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const logout = await client.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
    body: '{}',
  });
  t.equal(logout.status, 204);
  t.match(
    logout.headers.getSetCookie().join('\n'),
    /^forge_admin=; .*Expires=Thu, 01 Jan 1970/m,
    'logout clears the session cookie',
  );
  t.notOk(client.jar.has('forge_admin'));
});

t.test('admin changes refuse a foreign Origin', async (t) => {
  const server = await fresh(t);
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const logout = (headers: Record<string, string>) =>
    client.request('/admin/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken, ...headers },
      body: '{}',
    });
  t.equal((await logout({ origin: 'https://evil.example' })).status, 403, 'a foreign Origin');
  t.equal((await logout({ 'sec-fetch-site': 'cross-site' })).status, 403, 'no Origin, but a cross-site fetch');
  t.equal((await client.request('/admin/api/enquiries')).status, 200, 'still signed in');
  t.equal((await logout({ origin: server.url })).status, 204, 'the site itself');
});

t.test(
  'the first password cannot be lost: with LOG_LEVEL=error it is in DATA_DIR/initial-admin-password (0600) and its log line, until changed',
  async (t) => {
    const dataDir = withDataDir(t);
    const file = join(dataDir, 'initial-admin-password');
    const first = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    t.teardown(() => first.child.kill('SIGKILL'));
    t.equal(statSync(file).mode & 0o777, 0o600, 'the file is readable by the server user only');
    const password = readFileSync(file, 'utf8').trim();
    t.match(password, /^[\w-]{24}$/, 'it holds the generated password');
    const notices = first
      .output()
      .split('\n')
      .filter((line) => line.includes('NOTICE'));
    t.equal(notices.length, 1, 'one log line, although LOG_LEVEL is error');
    t.match(JSON.parse(notices[0]!), {
      level: 40,
      email: 'admin@example.com',
      password,
      file,
      msg: new RegExp(`also kept in ${file} until it is changed`),
    });
    const block = first.output().split('\n');
    const at = block.indexOf('  The admin account was created. Sign in at /admin with:');
    t.ok(at > 0, 'and a plain block for the terminal (stderr), outside the JSON');
    t.same(
      block.slice(at + 1, at + 3),
      ['    e-mail:    admin@example.com', `    password:  ${password}`],
      'the e-mail and the password on lines of their own',
    );
    const browser = new AdminClient(first.url);
    await browser.signIn('admin@example.com', password);
    t.equal((await browser.request('/admin/api/enquiries')).status, 200, 'signed in with the password from the file');

    // A restart neither writes the file again nor logs a password.
    first.child.kill('SIGTERM');
    await first.exited;
    const second = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'error' });
    t.teardown(() => second.child.kill('SIGKILL'));
    t.notMatch(second.output(), /NOTICE/);
    t.equal(readFileSync(file, 'utf8').trim(), password, 'kept until the password is changed');

    const changed = await run(
      [join(MAIN, '..', 'cli', 'admin-password.js')],
      { DATA_DIR: dataDir },
      '\nthe owner chose this one\nthe owner chose this one\n',
    );
    t.equal(changed.code, 0, changed.stderr);
    t.notOk(existsSync(file), 'admin:password removed the file');
    const owner = new AdminClient(second.url);
    await owner.signIn('admin@example.com', 'the owner chose this one');
    t.equal((await owner.request('/admin/api/enquiries')).status, 200, 'the chosen password is the one that works now');
  },
);

t.test(
  'one admin account: the environment only creates it; admin:password changes it and ends every session',
  async (t) => {
    const dataDir = withDataDir(t);
    const cli = join(MAIN, '..', 'cli', 'admin-password.js');
    const first = await spawnServer({ DATA_DIR: dataDir });
    const generated = /"password":"([^"]+)"/.exec(first.output())?.[1];
    t.ok(generated, 'a first start generates a password and logs it once');
    const browser = new AdminClient(first.url);
    await browser.signIn('admin@example.com', generated!);

    const changed = await run(
      [cli],
      { DATA_DIR: dataDir },
      'owner@forge.test\nthe new long passphrase\nthe new long passphrase\n',
    );
    t.equal(changed.code, 0, changed.stderr);
    t.match(
      changed.stdout,
      /The admin account is owner@forge\.test, with the new password\. Every session was signed out\./,
    );
    t.equal((await browser.request('/admin/api/enquiries')).status, 401, 'the signed-in browser is signed out');
    const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
    t.same(
      db.prepare('SELECT email FROM admin_users').pluck().all(),
      ['owner@forge.test'],
      'still one account, not a second',
    );
    db.close();
    const oldLogin = new AdminClient(first.url);
    await oldLogin.openPanel();
    t.equal(
      (await oldLogin.login('admin@example.com', generated!)).status,
      401,
      'the generated password no longer works',
    );
    first.child.kill('SIGTERM');
    await first.exited;

    // ADMIN_PASSWORD in the environment at the next start does not revert the password.
    const second = await spawnServer({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'owner@forge.test',
      ADMIN_PASSWORD: 'the env password, old',
    });
    t.teardown(() => second.child.kill('SIGKILL'));
    t.match(second.output(), /ADMIN_PASSWORD is set, but the admin account exists/);
    const owner = new AdminClient(second.url);
    await owner.openPanel();
    t.equal(
      (await owner.login('owner@forge.test', 'the env password, old')).status,
      401,
      'the environment did not overwrite it',
    );
    t.equal(
      (await owner.login('owner@forge.test', 'the new long passphrase')).status,
      200,
      'the password set later holds',
    );

    const emailOnly = await run([cli], { DATA_DIR: dataDir }, 'sales@forge.test\n\n');
    t.equal(emailOnly.code, 0, emailOnly.stderr);
    t.match(
      emailOnly.stdout,
      /The admin account is sales@forge\.test\. Every session was signed out\./,
      'the e-mail alone can change',
    );
  },
);

t.test('the log holds no admin search and no typed e-mail', async (t) => {
  const dataDir = withDataDir(t);
  const server = await spawnServer({ DATA_DIR: dataDir, ...TEST_ADMIN_ENV });
  t.teardown(() => server.child.kill('SIGKILL'));
  const client = new AdminClient(server.url);
  await client.openPanel('?q=kavya%40secret-buyer.example');
  await client.login('victim.typed@private-mail.example', 'a wrong password');
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await client.request('/admin/api/enquiries?q=another-private-search');
  server.child.kill('SIGTERM');
  await server.exited;
  const log = server.output();
  t.match(log, /"url":"\/admin\?…"/, 'admin URLs are logged without their query');
  for (const secret of ['secret-buyer', 'victim.typed', 'private-mail', 'another-private-search', TEST_ADMIN.email]) {
    t.notOk(log.includes(secret), `not in the log: ${secret}`);
  }
  t.match(log, /"emailHash":"[\w-]{22}"/, 'a short keyed hash instead');
});

const postLogout = (client: AdminClient, headers: Record<string, string> = {}) =>
  client.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken, ...headers },
    body: '{}',
  });

t.test('a login form or Logout posted with a session that has since expired works (no 500, no 403)', async (t) => {
  const server = await fresh(t);
  const client = new AdminClient(server.url);
  await client.openPanel();
  const loginFormToken = client.csrfToken;
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const session = JSON.parse(server.app.db.prepare('SELECT data FROM sessions').pluck().get() as string) as Record<
    string,
    unknown
  >;
  session.seenAt = Date.now() - 3 * 60 * 60 * 1000;
  server.app.db.prepare('UPDATE sessions SET data = ?').run(JSON.stringify(session));
  client.csrfToken = loginFormToken;
  t.equal((await client.login(TEST_ADMIN.email, TEST_ADMIN.password)).status, 200);

  await client.openPanel();
  const panelToken = client.csrfToken;
  const aged = JSON.parse(server.app.db.prepare('SELECT data FROM sessions').pluck().get() as string) as Record<
    string,
    unknown
  >;
  aged.seenAt = Date.now() - 3 * 60 * 60 * 1000;
  server.app.db.prepare('UPDATE sessions SET data = ?').run(JSON.stringify(aged));
  const logout = await client.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: panelToken }).toString(),
  });
  t.equal(logout.status, 303, 'Logout on a page whose session has ended goes back to the login form');
  t.notOk(client.jar.has('forge_admin'), 'and clears the cookie');
});

t.test('a session written back after a password change stays signed out', async (t) => {
  const server = await fresh(t);
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const row = server.app.db.prepare('SELECT sid, data, expires_at FROM sessions').get() as Record<string, unknown>;
  await createAdminAccounts(server.app.db, server.dataDir).setCredentials({ password: 'another long passphrase' });
  t.equal(sessionRows(server), 0, 'the change removes every session');
  // A request that loaded the session before the change saves it after (its last-seen minute moved).
  server.app.db.prepare('INSERT INTO sessions (sid, data, expires_at) VALUES (@sid, @data, @expires_at)').run(row);
  t.equal(
    (await client.request('/admin/api/enquiries')).status,
    401,
    'a session from before the change is not accepted',
  );
});

t.test(
  'the cookie’s Expires and the stored expiry are the session’s end: 2 h after last seen, never past 12 h after sign-in',
  async (t) => {
    const server = await fresh(t);
    const client = new AdminClient(server.url);
    await client.openPanel();
    const login = await client.login(TEST_ADMIN.email, TEST_ADMIN.password);
    const cookie = login.headers.getSetCookie().find((line) => line.startsWith('forge_admin='))!;
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    const row = () =>
      server.app.db.prepare('SELECT data, expires_at AS expiresAt FROM sessions').get() as {
        data: string;
        expiresAt: number;
      };
    const near = (value: number, target: number) => Math.abs(value - target) < 5_000;
    t.ok(near(expires, Date.now() + 2 * 60 * 60 * 1000), 'the cookie expires 2 h from now');
    t.ok(near(row().expiresAt, Date.now() + 2 * 60 * 60 * 1000), 'and so does the row');

    const session = JSON.parse(row().data) as Record<string, number>;
    const signedInAt = Date.now() - (12 * 60 * 60 * 1000 - 30 * 60 * 1000);
    Object.assign(session, { signedInAt, seenAt: Date.now() - 61_000 });
    server.app.db.prepare('UPDATE sessions SET data = ?').run(JSON.stringify(session));
    const active = await client.request('/admin/api/enquiries');
    t.equal(active.status, 200);
    const moved = active.headers.getSetCookie().find((line) => line.startsWith('forge_admin='))!;
    t.ok(
      near(Date.parse(/Expires=([^;]+)/.exec(moved)![1]!), signedInAt + 12 * 60 * 60 * 1000),
      'half an hour before the 12 h end, the cookie ends with it',
    );
    t.ok(near(row().expiresAt, signedInAt + 12 * 60 * 60 * 1000), 'and so does the row');
  },
);

t.test(
  '"Remember this device for 30 days": 30 days idle or not, then signed out; after a code too; risky actions still ask; "Sign out everywhere" ends it',
  async (t) => {
    const DAY = 24 * 60 * 60 * 1000;
    const clock = testClock();
    const { server, secret } = await withCodesOn(t, clock);
    const browser = new AdminClient(server.url);
    const page = await browser.openPanel();
    t.match(
      page,
      /<input type="checkbox" aria-describedby="admin-remember-hint" name="remember" value="on"\/>Remember this device for 30 days<\/label>/,
      'the box on the sign-in form',
    );
    // Without JavaScript: the password with the box ticked, then the code.
    const password = await post(browser, '/admin/login', {
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      remember: 'on',
    });
    t.equal(password.status, 303);
    await browser.openPanel();
    clock.advance(31_000); // the next code: the one the set-up used is not taken twice
    const code = await post(browser, '/admin/login/code', { code: codeAt(secret, clock.now()) });
    t.equal(code.status, 303, 'signed in after the code');
    const cookie = code.headers.getSetCookie().find((line) => line.startsWith('forge_admin='))!;
    const near = (value: number, target: number) => Math.abs(value - target) < 60_000;
    t.ok(near(Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!), Date.now() + 30 * DAY), 'the cookie lasts 30 days');
    const rows = () =>
      server.app.db.prepare('SELECT sid, data, expires_at AS expiresAt FROM sessions').all() as {
        sid: string;
        data: string;
        expiresAt: number;
      }[];
    const mine = () => rows().find((row) => (JSON.parse(row.data) as { remembered?: boolean }).remembered)!;
    t.ok(near(mine().expiresAt, Date.now() + 30 * DAY), 'and so does its row');
    t.match(
      server.app.db.prepare("SELECT detail FROM audit_log WHERE action = 'sign-in' ORDER BY id DESC").pluck().get(),
      'with an authenticator code, this device remembered for 30 days',
      'the audit log says so',
    );

    const age = (fields: { seenAt?: number; signedInAt?: number }) => {
      const row = mine();
      const session = { ...(JSON.parse(row.data) as Record<string, unknown>) };
      for (const [field, ms] of Object.entries(fields)) session[field] = Date.now() - ms;
      server.app.db.prepare('UPDATE sessions SET data = ? WHERE sid = ?').run(JSON.stringify(session), row.sid);
    };
    age({ seenAt: 3 * 60 * 60 * 1000 });
    t.equal((await browser.request('/admin/api/enquiries')).status, 200, 'idle for 3 hours: still signed in');
    age({ seenAt: 29 * DAY, signedInAt: 29 * DAY });
    t.equal((await browser.request('/admin/api/enquiries')).status, 200, '29 days after sign-in: still signed in');
    // A risky action still asks to confirm it is you, 10 minutes after the code (the site's clock).
    clock.advance(11 * 60_000);
    t.equal((await browser.request('/admin/export.csv')).status, 401, 'an export asks for the password again');
    age({ signedInAt: 30 * DAY + 1000 });
    t.equal((await browser.request('/admin/api/enquiries')).status, 401, '30 days after sign-in: signed out');

    // Remembered again, then "Sign out everywhere" from another browser ends it.
    const again = new AdminClient(server.url);
    await again.openPanel();
    await again.post('/admin/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password, remember: true });
    await again.openPanel();
    clock.advance(31_000);
    const json = await again.post('/admin/login/code', { code: codeAt(secret, clock.now()) });
    t.equal(json.status, 200, 'with JavaScript: signed in');
    t.ok(mine(), 'remembered');
    const other = new AdminClient(server.url);
    await other.openPanel();
    await other.login(TEST_ADMIN.email, TEST_ADMIN.password);
    await other.openPanel();
    clock.advance(31_000);
    await other.post('/admin/login/code', { code: codeAt(secret, clock.now()) });
    await other.openPanel();
    t.equal((await other.post('/admin/security/sign-out-everywhere', {})).status, 303);
    t.equal((await again.request('/admin/api/enquiries')).status, 401, 'the remembered browser is signed out too');
    t.equal(sessionRows(server), 0);
  },
);

t.test('an older database with two admin accounts keeps only the newest; a second cannot be added', async (t) => {
  const dataDir = withDataDir(t);
  const path = join(dataDir, 'forge.db');
  const old = new Database(path);
  migrate(
    old,
    migrations.filter((migration) => migration.version <= 7),
  );
  const add = old.prepare('INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?)');
  add.run(
    'admin@example.com',
    await hashPassword('the generated one, in the log'),
    '2026-01-01T00:00:00.000Z',
    '2026-01-01T00:00:00.000Z',
  );
  add.run(
    'boss@forge.test',
    await hashPassword('the owner’s own passphrase'),
    '2026-02-01T00:00:00.000Z',
    '2026-02-01T00:00:00.000Z',
  );
  old.close();
  const server = await withServer(t, { dataDir });
  t.same(
    server.app.db.prepare('SELECT email FROM admin_users').pluck().all(),
    ['boss@forge.test'],
    'the account set last is the one kept',
  );
  const client = new AdminClient(server.url);
  await client.openPanel();
  t.equal(
    (await client.login('admin@example.com', 'the generated one, in the log')).status,
    401,
    'the generated account is gone',
  );
  t.equal((await client.login('boss@forge.test', 'the owner’s own passphrase')).status, 200);
  t.throws(
    () =>
      server.app.db
        .prepare(
          "INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES ('x@y.z', 'h', 'now', 'now')",
        )
        .run(),
    /one admin account/,
  );
});

t.test('once signed in, a CSRF token is bound to the session: a pair made by another browser is refused', async (t) => {
  const server = await fresh(t);
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const attacker = new AdminClient(server.url);
  await attacker.openPanel();
  // The attacker's own valid signed CSRF cookie and token, planted in the owner's browser (cookie tossing).
  const tossed = new AdminClient(server.url);
  tossed.cookie = `forge_admin=${owner.jar.get('forge_admin')}; forge_csrf=${attacker.jar.get('forge_csrf')}`;
  tossed.csrfToken = attacker.csrfToken;
  t.equal((await postLogout(tossed)).status, 403, 'the attacker’s pair does not work with the owner’s session');
  t.equal((await owner.request('/admin/api/enquiries')).status, 200, 'the owner is still signed in');
  const signedOutToken = owner.csrfToken;
  await owner.openPanel();
  t.not(owner.csrfToken, signedOutToken);
  t.equal((await postLogout(owner)).status, 204, 'the session’s own token works');
});

t.test(
  'without an Origin, a cross-site Referer or Sec-Fetch-Site: none is refused; a same-origin Referer is let through',
  async (t) => {
    const server = await fresh(t);
    const client = new AdminClient(server.url);
    await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await postLogout(client, { referer: 'https://evil.example/page' })).status, 403, 'a foreign Referer');
    t.equal(
      (await postLogout(client, { 'sec-fetch-site': 'none' })).status,
      403,
      'Sec-Fetch-Site: none (no page sent it)',
    );
    t.equal((await postLogout(client, { origin: 'null' })).status, 403, 'Origin: null');
    const form = await client.request('/admin/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ _csrf: client.csrfToken }).toString(),
    });
    t.equal(form.status, 403);
    t.match(form.headers.get('content-type'), /text\/html/, 'a form gets a page, not JSON');
    t.equal((await client.request('/admin/api/enquiries')).status, 200, 'still signed in');
    t.equal((await postLogout(client, { referer: `${server.url}/admin?q=x` })).status, 204, 'the site’s own Referer');
  },
);

t.test('IPv6: addresses in one /64 share the per-address limit', async (t) => {
  const cases: [string, string][] = [
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:5:7::1', '2001:db8:5:7::/64'],
    ['2001:0db8:0005:0007:ffff::9', '2001:db8:5:7::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ];
  for (const [ip, network] of cases) t.equal(clientNetwork(ip), network, ip);

  const server = await fresh(t, { TRUST_PROXY: '1' });
  const statuses = [];
  for (let n = 1; n <= 6; n++) {
    const client = from(server, `2001:db8:5:7::${n.toString(16)}`);
    await client.openPanel();
    statuses.push((await client.login(`someone${n}@forge.test`, 'a guess')).status);
  }
  t.same(statuses, [401, 401, 401, 401, 401, 429], 'the sixth address of the same /64 is refused');
  const neighbour = from(server, '2001:db8:5:8::1');
  await neighbour.openPanel();
  t.equal((await neighbour.login('someone@forge.test', 'a guess')).status, 401, 'another /64 has its own allowance');
});

t.test('a device cookie has its own allowance: 5 failures with it and it is a stranger again', async (t) => {
  const server = await fresh(t, { TRUST_PROXY: '1' });
  const owner = from(server, '198.51.100.7');
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const device = owner.jar.get('forge_device')!;
  for (let n = 0; n < 5; n++) {
    const attacker = from(server, `203.0.113.${n}`);
    await attacker.openPanel();
    await attacker.login(TEST_ADMIN.email, `guess ${n}`);
  }
  // The attack has gone on long enough for the account's delay to be at its full minute (reached by
  // waiting out 1 + 2 + … 32 s between guesses; written here, so the test does not race a 1-s delay).
  const blocked = server.app.db
    .prepare("UPDATE login_attempts SET failures = 12, blocked_until = ? WHERE key LIKE 'account:%'")
    .run(Date.now() + 60_000);
  t.equal(blocked.changes, 1, 'the account under attack has its row');
  // The cookie copied to other addresses (it is httpOnly, but suppose it leaked).
  const statuses = [];
  for (let n = 0; n < 6; n++) {
    const copy = from(server, `192.0.2.${n}`);
    copy.cookie = `forge_device=${device}`;
    await copy.openPanel();
    statuses.push((await copy.login(TEST_ADMIN.email, `copied ${n}`)).status);
  }
  t.same(
    statuses,
    [401, 401, 401, 401, 401, 429],
    'after 5 failures the cookie no longer exempts from the account delay',
  );
});

t.test(
  'the throttle table is bounded and swept: old rows go at start, a flood of one-off rows cannot push out an attacked account',
  async (t) => {
    const dataDir = withDataDir(t);
    const first = await withServer(t, { env: TEST_ADMIN_ENV, dataDir });
    const db = first.app.db;
    const add = db.prepare(
      'INSERT INTO login_attempts (key, failures, window_start, blocked_until) VALUES (?, ?, ?, ?)',
    );
    const now = Date.now();
    db.transaction(() => {
      add.run('account:under-attack', 9, now - 50 * 60 * 1000, now + 60_000);
      add.run('ip:long-gone', 3, now - 2 * 60 * 60 * 1000, 0);
      for (let n = 0; n < 20_010; n++) add.run(`ip:flood-${n}`, 1, now - 60_000 + n, 0);
    })();
    const client = new AdminClient(first.url);
    await client.openPanel();
    t.equal((await client.login('nobody@forge.test', 'a guess')).status, 401);
    const rows = () => first.app.db.prepare('SELECT count(*) FROM login_attempts').pluck().get() as number;
    t.ok(rows() <= 20_000, `${rows()} rows kept, at most 20,000`);
    const has = (key: string) =>
      first.app.db.prepare('SELECT count(*) FROM login_attempts WHERE key = ?').pluck().get(key) === 1;
    t.ok(has('account:under-attack'), 'the account with many failures is kept, though its window is the oldest');
    await first.close();

    const second = await withServer(t, { env: TEST_ADMIN_ENV, dataDir });
    t.notOk(
      second.app.db.prepare("SELECT count(*) FROM login_attempts WHERE key = 'ip:long-gone'").pluck().get(),
      'a row whose window ended is swept at start',
    );
    t.equal(
      second.app.db.prepare("SELECT failures FROM login_attempts WHERE key = 'account:under-attack'").pluck().get(),
      9,
      'a live count survives the restart',
    );
  },
);

t.test(
  '300 anonymous visitors from 300 addresses, failed sign-ins, forged and stale cookies: no session row',
  async (t) => {
    const server = await fresh(t, { TRUST_PROXY: '1' });
    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, n) =>
        fetch(`${server.url}/admin`, { headers: { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` } }).then(
          (r) => r.status,
        ),
      ),
    );
    t.ok(
      statuses.every((status) => status === 200),
      'each address is served',
    );
    const visitor = new AdminClient(server.url);
    visitor.cookie = 'forge_admin=made-up.signature; forge_csrf=made-up';
    await visitor.openPanel();
    await visitor.login(TEST_ADMIN.email, 'a wrong password');
    const owner = new AdminClient(server.url);
    await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const signedInCookies = owner.cookie;
    await postLogout(owner);
    t.equal(sessionRows(server), 0, 'only a signed-in admin has a row, and logout removes it');
    const stale = new AdminClient(server.url);
    stale.cookie = signedInCookies;
    await stale.openPanel();
    await stale.login(TEST_ADMIN.email, 'a wrong password');
    t.equal(sessionRows(server), 0, 'the cookie of a session that has ended brings nothing back');
  },
);

t.test(
  'with one trusted hop, a client-supplied X-Forwarded-For prefix does not give new sign-in attempts',
  async (t) => {
    const server = await fresh(t, { TRUST_PROXY: '1' });
    const statuses = [];
    for (let n = 0; n < 6; n++) {
      const client = from(server, `10.${n}.0.1, 192.0.2.77, 203.0.113.9`);
      await client.openPanel();
      statuses.push((await client.login(TEST_ADMIN.email, `guess ${n}`)).status);
    }
    t.same(statuses, [401, 401, 401, 401, 401, 429], 'counted on the address the proxy saw');
  },
);

t.test('a request already under way cannot bring a session back after "Sign out everywhere"', async (t) => {
  // The thief's request is held after its session was read (a slow answer), until the owner has signed out everywhere.
  let reached = () => {};
  const underWay = new Promise<void>((resolve) => (reached = resolve));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = await withServer(t, {
    env: TEST_ADMIN_ENV,
    listen: false,
    extend: (app) =>
      app.addHook('preHandler', async (request) => {
        if (request.headers['x-test-hold'] === undefined) return;
        reached();
        await held;
      }),
  });
  const [owner, thief] = [new AdminClient(server.url), new AdminClient(server.url)];
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await thief.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await owner.openPanel('/security');
  // A form action writes its session when answered (what it did, shown once by the next page).
  const slow = thief.request('/admin/enquiries/bulk', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-test-hold': '1' },
    body: new URLSearchParams({ action: 'read', _csrf: thief.csrfToken }).toString(),
  });
  await underWay;
  const done = await owner.request('/admin/security/sign-out-everywhere', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: owner.csrfToken }).toString(),
  });
  t.equal(done.status, 303);
  t.equal(sessionRows(server), 0, 'every session ended');
  release();
  t.equal((await slow).status, 303, 'the request under way is answered');
  t.equal(sessionRows(server), 1, 'and wrote its session back');
  t.equal((await thief.request('/admin/api/enquiries')).status, 401, 'which no longer signs in');
  t.equal(sessionRows(server), 0, 'and is deleted');
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal((await owner.request('/admin/api/enquiries')).status, 200, 'the owner signs in again');
});

t.test('"Sign out everywhere" on the Security page ends every session, this one too', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const [owner, thief] = [new AdminClient(server.url), new AdminClient(server.url)];
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await thief.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const security = await owner.openPanel('/security');
  t.match(security, /action="\/admin\/security\/sign-out-everywhere"/, 'a plain form on the Security page');
  t.equal(sessionRows(server), 2);

  const forged = await owner.request('/admin/security/sign-out-everywhere', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  t.equal(forged.status, 403, 'without the page’s CSRF token: refused');
  t.equal(sessionRows(server), 2);

  const done = await owner.request('/admin/security/sign-out-everywhere', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: owner.csrfToken }).toString(),
  });
  t.equal(done.status, 303);
  t.equal(done.headers.get('location'), '/admin', 'then the sign-in form');
  t.equal(sessionRows(server), 0, 'no session left');
  for (const client of [thief, owner])
    t.equal((await client.request('/admin/api/enquiries')).status, 401, 'each browser is signed out');
  t.match(server.app.db.prepare("SELECT actor, detail FROM audit_log WHERE action = 'signed out everywhere'").get(), {
    actor: TEST_ADMIN.email,
    detail: '2 sessions ended',
  });
});
