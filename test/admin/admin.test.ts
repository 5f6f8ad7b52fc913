import Database from 'better-sqlite3';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import { SETUP_ITEMS, SETUP_TEXT } from '../../shared/admin/setup.js';
import { ADMIN_TEXT } from '../../shared/admin/texts.js';
import { sectionPath } from '../../shared/content/sections.js';
import { escapeHtml } from '../../server/pages/escape-html.js';
import type { EnquiryList } from '../../shared/admin/desk.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { formatInZone } from '../../shared/time/time-zone.js';
import { AdminClient, TEST_ADMIN } from '../helpers/admin-client.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { makePhoto, uploadPhotos } from '../helpers/photos.js';
import { postJson, withServer, type Teardown } from '../helpers/server.js';

const ADMIN = TEST_ADMIN;
const env = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ENQUIRY_RATE_LIMIT: '1000' };

// HTTP only: each test has its own server, reached through inject (no socket).
const serve = (t: Teardown) => withServer(t, { env, listen: false });

/**
 * A server holding three enquiries, stored oldest first, so the newest is Zoë. The desk lists newest
 * first by the time received and, for enquiries received in the same millisecond, by the order stored.
 */
async function seeded(t: Teardown & { equal(a: unknown, b: unknown): void }) {
  const server = await serve(t);
  const seeds = [
    makeEnquiry({
      name: 'Arjun Rao',
      email: 'ARJUN@Example.com',
      phone: '+91 98250 11111',
      subject: 'Flanges',
      message: 'Please quote.',
    }),
    makeEnquiry({
      name: 'Émile Dubois',
      email: 'emile@paris.example',
      phone: '(033) 1234-5678',
      subject: 'Valve bodies',
      message: 'Please quote.',
    }),
    makeEnquiry({
      name: 'Zoë Müller',
      email: '',
      phone: '+49 30 123456',
      subject: 'GEAR blanks "urgent"',
      message: '=HYPERLINK("http://x")\nsecond line',
    }),
  ];
  for (const seed of seeds) t.equal((await postJson(`${server.url}/api/enquiries`, seed)).status, 201);
  return server;
}

t.test('signed out: /admin shows the login form, the API answers 401 JSON', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  const html = await client.openPanel();
  t.ok(html.includes(ADMIN_TEXT.loginTitle));
  t.match(html, /type="email"[^>]*required|required[^>]*type="email"/);
  t.match(html, /type="password"/);
  t.ok(html.includes(`>${ADMIN_TEXT.login}</button>`));
  t.notOk(html.includes('Arjun'), 'no enquiry leaks');
  for (const path of ['/admin/api/enquiries', '/admin/export.csv']) {
    const response = await client.request(path);
    t.equal(response.status, 401, path);
    t.match(await response.json(), { error: 'Unauthorized' });
  }
  const del = await client.request('/admin/api/enquiries/1', {
    method: 'DELETE',
    headers: { 'x-csrf-token': client.csrfToken },
  });
  t.equal(del.status, 401);
});

t.test('the admin screens are never cached or indexed', async (t) => {
  const server = await serve(t);
  const response = await new AdminClient(server.url).request('/admin');
  t.equal(response.headers.get('cache-control'), 'no-store');
  t.equal(response.headers.get('x-robots-tag'), 'noindex, nofollow');
  t.match(await response.text(), /<meta name="robots" content="noindex, nofollow">/);
});

t.test('login: wrong password or unknown e-mail give the same message; right ones sign in', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  await client.openPanel();
  for (const [email, password] of [
    [ADMIN.email, 'wrong password!'],
    ['nobody@forge.test', ADMIN.password],
    ['', ''],
  ]) {
    const response = await client.login(email!, password!);
    t.equal(response.status, 401);
    t.same(await response.json(), { error: 'Unauthorized', message: 'Invalid email or password.' });
  }
  const form = await client.login(ADMIN.email, 'wrong password!', false);
  t.equal(form.status, 401);
  t.ok((await form.text()).includes('Invalid email or password.'));

  const ok = await client.login(ADMIN.email.toUpperCase(), ADMIN.password);
  t.equal(ok.status, 200);
  const cookie = ok.headers.get('set-cookie')!;
  t.match(cookie, /HttpOnly/);
  t.match(cookie, /SameSite=(Strict|Lax)/);
  t.match(cookie, /Path=\/admin/);
  t.notMatch(cookie, /Secure/, 'not Secure over plain HTTP');
  const html = await client.openPanel();
  t.ok(html.includes(ADMIN_TEXT.panelTitle));
  t.ok(html.includes(`placeholder="${ADMIN_TEXT.searchPlaceholder}"`));
  t.ok(html.includes('Export to CSV (3)'));
  for (const text of [ADMIN_TEXT.logout, ADMIN_TEXT.refresh, ADMIN_TEXT.totalEnquiries, ADMIN_TEXT.filteredResults])
    t.ok(html.includes(text), text);
});

t.test('the login form works without JavaScript: 303 back to /admin', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.openPanel();
  const response = await client.login(ADMIN.email, ADMIN.password, false);
  t.equal(response.status, 303);
  t.equal(response.headers.get('location'), '/admin');
  t.ok((await client.openPanel()).includes(ADMIN_TEXT.panelTitle));
});

t.test(
  'a screen asked for signed out (a link in an e-mail) opens once signed in, with and without JavaScript',
  async (t) => {
    const server = await seeded(t);
    const screen = '/admin/enquiries/2?view=unread';
    for (const asJson of [true, false]) {
      const client = new AdminClient(server.url);
      const asked = await client.request(screen);
      t.equal(asked.status, 303, 'signed out: to the sign-in form');
      t.equal(asked.headers.get('location'), '/admin');
      await client.openPanel();
      const response = await client.login(ADMIN.email, ADMIN.password, asJson);
      if (asJson) t.same(await response.json(), { ok: true, next: screen }, 'the form is told where to go');
      else t.equal(response.headers.get('location'), screen, '303 to the screen asked for');
      t.equal((await client.request(screen)).status, 200);
    }
  },
);

t.test('the session id changes at login', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.openPanel();
  const before = client.cookie;
  await client.login(ADMIN.email, ADMIN.password);
  t.not(client.cookie, before);
});

t.test('list: newest first, with every field', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const list = (await (await client.request('/admin/api/enquiries')).json()) as EnquiryList;
  t.equal(list.total, 3);
  t.equal(list.filtered, 3);
  t.same(
    list.enquiries.map((e) => e.name),
    ['Zoë Müller', 'Émile Dubois', 'Arjun Rao'],
  );
  t.match(list.enquiries[2], {
    email: 'ARJUN@Example.com',
    phone: '+91 98250 11111',
    subject: 'Flanges',
    status: 'new',
  });
  t.equal(list.enquiries[0]!.email, null);
});

t.test('search: case-insensitive in name, email, subject and message; as typed in phone', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const names = async (q: string) => {
    const list = (await (
      await client.request(`/admin/api/enquiries?q=${encodeURIComponent(q)}`)
    ).json()) as EnquiryList;
    t.equal(list.total, 3);
    t.equal(list.filtered, list.enquiries.length);
    return list.enquiries.map((e) => e.name);
  };
  t.same(await names('arjun@example'), ['Arjun Rao'], 'email, any case');
  t.same(await names('ÉMILE'), ['Émile Dubois'], 'name, Unicode case');
  t.same(await names('zoë'), ['Zoë Müller']);
  t.same(await names('gear'), ['Zoë Müller'], 'subject, any case');
  t.same(await names('valve BODIES'), ['Émile Dubois']);
  t.same(await names('1234-5678'), ['Émile Dubois'], 'phone substring');
  t.same(await names('(033)'), ['Émile Dubois'], 'phone punctuation as typed');
  t.same(await names('+49'), ['Zoë Müller']);
  t.same(await names('please quote'), ['Émile Dubois', 'Arjun Rao'], 'the message is searched too');
  t.same(await names('%'), [], 'LIKE wildcards are plain text');
  t.same(await names('   '), ['Zoë Müller', 'Émile Dubois', 'Arjun Rao'], 'blank search lists all');

  const html = await client.openPanel('?q=gear');
  t.ok(html.includes('Export to CSV (1)'), 'the panel searches without JavaScript');
  t.ok(html.includes('value="gear"'));
  t.notOk(html.includes('Arjun Rao'));
});

t.test('CSV export: exact bytes, filtered like the panel', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const all = await client.request('/admin/export.csv');
  t.equal(all.status, 200);
  t.equal(all.headers.get('content-type'), 'text/csv; charset=utf-8');
  t.equal(
    all.headers.get('content-disposition'),
    `attachment; filename="enquiries_${new Date().toISOString().slice(0, 10)}.csv"`,
  );
  t.equal(all.headers.get('cache-control'), 'no-store');
  const bytes = Buffer.from(await all.arrayBuffer());
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'UTF-8 BOM');
  const lines = bytes.toString('utf8').slice(1).split('\r\n');
  t.equal(
    lines[0],
    '"Date (Asia/Kolkata)","Name","Email","Phone","Subject","Message","Stage","Read","Starred","Notes","Product","Company","Country","Language","Quantity","Unit","Material","Delivery condition","Incoterm","Named place","Required by","Certificate","Annual quantity","Target price","Currency","Inspection","Third-party inspection by","Drawings","Source","Awaiting","Follow up"',
    "the spec's six columns first (the date naming its time zone), then the desk's, then the quote details, then where the lead came from, then whose turn it is and the follow-up",
  );
  t.equal(lines.length, 5, 'header, 3 rows, and the final line break');
  const list = (await (await client.request('/admin/api/enquiries')).json()) as EnquiryList;
  const [zoe, emile, arjun] = list.enquiries;
  const DESK = ',"New","No","No",""';
  // No quote details (written in English), no source known; awaiting us, no follow-up.
  const NO_QUOTE = ',""'.repeat(3) + ',"English"' + ',""'.repeat(14) + ',""' + ',"awaiting us",""';
  const date = (enquiry: Enquiry) => formatInZone(enquiry.createdAt, 'Asia/Kolkata');
  t.match(date(zoe!), /^\d{4}-\d\d-\d\d \d\d:\d\d$/, 'YYYY-MM-DD HH:mm, as the panel shows it');
  t.equal(
    bytes.toString('utf8').slice(1).split('\r\n').slice(1, 4).join('\r\n'),
    [
      // A phone number gets an invisible word joiner (no apostrophe shows); a would-be formula an apostrophe.
      `"${date(zoe!)}","Zoë Müller","","\u2060+49 30 123456","GEAR blanks ""urgent""","'=HYPERLINK(""http://x"")\nsecond line"${DESK}${NO_QUOTE}`,
      `"${date(emile!)}","Émile Dubois","emile@paris.example","(033) 1234-5678","Valve bodies","Please quote."${DESK}${NO_QUOTE}`,
      `"${date(arjun!)}","Arjun Rao","ARJUN@Example.com","\u2060+91 98250 11111","Flanges","Please quote."${DESK}${NO_QUOTE}`,
    ].join('\r\n'),
  );

  const filtered = await client.request('/admin/export.csv?q=e');
  const filteredLines = (await filtered.text()).split('\r\n').filter(Boolean);
  const count = ((await (await client.request('/admin/api/enquiries?q=e')).json()) as EnquiryList).filtered;
  t.equal(filteredLines.length - 1, count, 'exports exactly the filtered rows');
  const onlyArjun = (await (await client.request('/admin/export.csv?q=arjun')).text()).split('\r\n').filter(Boolean);
  t.equal(onlyArjun.length, 2);
  t.match(onlyArjun[1], /"Arjun Rao"/);
});

t.test(
  'CSRF: delete and logout without the token, or with another session’s token, are refused with 403',
  async (t) => {
    const server = await seeded(t);
    const client = new AdminClient(server.url);
    await client.signIn(ADMIN.email, ADMIN.password);
    const other = new AdminClient(server.url);
    await other.openPanel();
    const attempts: Record<string, string>[] = [{}, { 'x-csrf-token': other.csrfToken }, { 'x-csrf-token': 'forged' }];
    for (const headers of attempts) {
      const del = await client.request('/admin/api/enquiries/1', { method: 'DELETE', headers });
      t.equal(del.status, 403);
      const logout = await client.request('/admin/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      t.equal(logout.status, 403);
    }
    const form = await client.request('/admin/enquiries/1/trash', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'q=',
    });
    t.equal(form.status, 403);
    t.equal(((await (await client.request('/admin/api/enquiries')).json()) as EnquiryList).total, 3, 'nothing deleted');
  },
);

t.test('delete moves to Trash (API and no-JavaScript form); Trash restores or deletes permanently', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const extra = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ name: 'To Delete A' }));
  t.equal(extra.status, 201);
  await postJson(`${server.url}/api/enquiries`, makeEnquiry({ name: 'To Delete B' }));
  const list = (await (await client.request('/admin/api/enquiries?q=to delete')).json()) as EnquiryList;
  const [b, a] = list.enquiries;
  const del = await client.request(`/admin/api/enquiries/${a!.id}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': client.csrfToken },
  });
  t.equal(del.status, 204);
  const again = await client.request(`/admin/api/enquiries/${a!.id}`, {
    method: 'DELETE',
    headers: { 'x-csrf-token': client.csrfToken },
  });
  t.equal(again.status, 404);
  const post = (path: string, back: string) =>
    client.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: client.csrfToken, back }).toString(),
    });
  const form = await post(`/admin/enquiries/${b!.id}/trash`, '/admin?q=to+delete');
  t.equal(form.status, 303);
  t.equal(form.headers.get('location'), `/admin?q=to+delete#enquiry-${b!.id}`, 'back to the same view, at its row');
  t.equal(
    (await post(`/admin/enquiries/${b!.id}/restore`, 'https://evil.example/')).headers.get('location'),
    `/admin#enquiry-${b!.id}`,
    'never back to another site',
  );
  t.equal((await post(`/admin/enquiries/${b!.id}/trash`, '/admin')).status, 303);
  const inbox = (await (await client.request('/admin/api/enquiries?q=to delete')).json()) as EnquiryList;
  t.equal(inbox.filtered, 0, 'gone from the inbox');
  const trash = (await (await client.request('/admin/api/enquiries?q=to delete&view=trash')).json()) as EnquiryList;
  t.same(trash.enquiries.map((item) => item.name).sort(), ['To Delete A', 'To Delete B'], 'both in Trash');
  t.ok(
    trash.enquiries.every((item) => item.trashedAt),
    'with the time they were moved',
  );

  const restore = await client.request(`/admin/enquiries/${a!.id}/restore`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
    body: '{}',
  });
  t.equal(restore.status, 200);
  t.same(await restore.json(), {
    done: {
      message: `Restored #${a!.id}.`,
      undo: { path: '/admin/enquiries/bulk', fields: { action: 'trash', id: [a!.id], undo: 1 } },
    },
  });
  t.equal(
    ((await (await client.request('/admin/api/enquiries?q=to delete')).json()) as EnquiryList).filtered,
    1,
    'restored to the inbox',
  );
  const purge = await client.request(`/admin/enquiries/${b!.id}/purge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
    body: '{}',
  });
  t.equal(purge.status, 200);
  t.same(
    await purge.json(),
    { done: { message: `Deleted #${b!.id} permanently.`, undo: null } },
    'Delete permanently cannot be undone',
  );
  t.equal(
    ((await (await client.request('/admin/api/enquiries?q=to delete&view=trash')).json()) as EnquiryList).filtered,
    0,
    'deleted permanently',
  );
  t.equal(
    server.app.db.prepare('SELECT count(*) FROM enquiries WHERE id = ?').pluck().get(b!.id),
    0,
    'the row is gone',
  );
  const signedOut = await server.fetch(`/admin/enquiries/${a!.id}/star`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': client.csrfToken },
    body: '{}',
  });
  t.equal(signedOut.status, 403, 'without the CSRF cookie: refused');
});

t.test('read, unread, star and unstar; the unread count in the panel, the stat cards and the tab title', async (t) => {
  const server = await seeded(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const act = (id: number, action: string) =>
    client.request(`/admin/enquiries/${id}/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
      body: '{}',
    });
  const list = async (view = 'inbox') =>
    (await (await client.request(`/admin/api/enquiries?view=${view}`)).json()) as EnquiryList;
  const before = await list();
  t.equal(before.unread, before.total, 'every enquiry starts unread');
  const [first] = before.enquiries;
  const id = first!.id;
  /** The action's answer: 200 with what it did and its Undo. */
  const done = async (action: string, message: string, undo: unknown) => {
    const response = await act(id, action);
    t.equal(response.status, 200, action);
    t.same(await response.json(), { done: { message, undo } }, `${action}: what it did, and its Undo`);
  };
  const bulkUndo = (action: string) => ({ path: '/admin/enquiries/bulk', fields: { action, id: [id], undo: 1 } });
  await done('read', `Marked #${id} as read.`, bulkUndo('unread'));
  t.equal((await list()).unread, before.total - 1);
  t.notOk(
    (await list('unread')).enquiries.some((item) => item.id === first!.id),
    'not in Unread any more',
  );
  const html = await client.openPanel();
  t.match(html, new RegExp(`<title>\\(${before.total - 1}\\) Admin`), 'the tab title counts the unread');
  t.match(html, new RegExp(`"unread":${before.total - 1}[,}]`), "the page's data carries the header's count");
  t.match(
    html,
    new RegExp(`<span class="admin-bar__count">${before.total - 1}<span class="visually-hidden"> unread</span>`),
    'the header shows it beside Enquiries',
  );
  t.match(html, new RegExp(`Unread(<!-- -->)? \\(${before.total - 1}\\)</a>`), 'and the Unread view');
  t.notMatch(html, /<dt>Unread<\/dt>/, "no stat card repeats the Unread view's count (the spec's two cards only)");
  await done('unread', `Marked #${id} as unread.`, bulkUndo('read'));
  t.equal((await list()).unread, before.total);
  await done('star', `Starred #${id}.`, { path: `/admin/enquiries/${id}/unstar`, fields: { undo: 1 } });
  t.same(
    (await list('starred')).enquiries.map((item) => item.id),
    [id],
    'Starred lists it',
  );
  await done('unstar', `Took the star off #${id}.`, { path: `/admin/enquiries/${id}/star`, fields: { undo: 1 } });
  t.equal((await list('starred')).filtered, 0);
  const none = await act(999_999, 'star');
  t.equal(none.status, 404);
  t.same(await none.json(), { error: 'Not Found', message: 'No such enquiry.' });
  t.equal(
    (
      await client.request(`/admin/enquiries/${first!.id}/explode`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
        body: '{}',
      })
    ).status,
    400,
    'an unknown action',
  );
});

t.test('logout destroys the session', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const signedInCookie = client.cookie;
  const response = await client.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: client.csrfToken }).toString(),
  });
  t.equal(response.status, 303);
  client.cookie = signedInCookie;
  t.equal((await client.request('/admin/api/enquiries')).status, 401, 'the old cookie no longer works');
});

t.test('the session survives a server restart', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  await server.close();
  const again = await withServer(t, { env, listen: false, dataDir: server.dataDir });
  const restarted = new AdminClient(again.url);
  restarted.cookie = client.cookie;
  t.equal((await restarted.request('/admin/api/enquiries')).status, 200);
});

t.test('failed logins are throttled per account and per IP: 429 after 5 failures in 15 minutes', async (t) => {
  const throttled = await serve(t);
  const client = new AdminClient(throttled.url);
  await client.openPanel();
  for (let i = 0; i < 5; i++) t.equal((await client.login(ADMIN.email, `wrong ${i}`)).status, 401);
  const blocked = await client.login(ADMIN.email, ADMIN.password);
  t.equal(blocked.status, 429, 'even the right password is refused while throttled');
  t.match(await blocked.json(), {
    error: 'Too Many Requests',
    message: /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/,
  });
  t.ok(Number(blocked.headers.get('retry-after')) > 0, 'with Retry-After');
  const otherAccount = await client.login('someone@forge.test', 'whatever password');
  t.equal(otherAccount.status, 429, 'the IP is throttled too');
});

t.test('an unknown e-mail takes about as long as a wrong password', async (t) => {
  const timing = await serve(t);
  const client = new AdminClient(timing.url);
  await client.openPanel();
  const time = async (email: string) => {
    const start = process.hrtime.bigint();
    await client.login(email, 'not the password');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const known = await time(ADMIN.email);
  const unknown = await time('stranger@forge.test');
  t.comment(`wrong password ${known.toFixed(1)} ms, unknown e-mail ${unknown.toFixed(1)} ms`);
  t.ok(unknown > known / 3, 'both run scrypt');
});

t.test('without ADMIN_EMAIL/ADMIN_PASSWORD, a first start creates an admin with a generated password', async (t) => {
  const fresh = await withServer(t, { env: { LOG_LEVEL: 'warn' }, listen: false });
  const db = new Database(join(fresh.dataDir, 'forge.db'), { readonly: true });
  const row = db.prepare('SELECT email, password_hash FROM admin_users').get() as {
    email: string;
    password_hash: string;
  };
  db.close();
  t.equal(row.email, 'admin@example.com');
  t.match(row.password_hash, /^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/, 'stored as an scrypt hash');
});

t.test('stage and internal notes: JSON and forms, validated; reply links encoded', async (t) => {
  const server = await serve(t);
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  const json = (path: string, body: unknown) =>
    client.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
      body: JSON.stringify(body),
    });
  const form = (path: string, fields: Record<string, string>) =>
    client.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: client.csrfToken, ...fields }).toString(),
    });
  const created = await postJson(
    `${server.url}/api/enquiries`,
    makeEnquiry({
      name: 'Stage Test',
      email: 'ada@buyer.example',
      phone: '+91 98250 12345',
      subject: 'Gears & "shafts"',
      message: 'Line one\nLine two',
    }),
  );
  t.equal(created.status, 201);
  const find = async () =>
    ((await (await client.request('/admin/api/enquiries?q=stage test')).json()) as EnquiryList).enquiries[0]!;
  const { id } = await find();
  t.equal((await find()).status, 'new');

  const reply = await json(`/admin/enquiries/${id}/stage`, { stage: 'open', onlyFrom: 'new' });
  t.equal(reply.status, 200, 'a reply moves New to Open');
  t.same(await reply.json(), {
    done: {
      message: `Stage of #${id} set to Open.`,
      undo: { path: `/admin/enquiries/${id}/stage`, fields: { stage: 'new', onlyFrom: 'open', undo: 1 } },
    },
  });
  t.equal((await find()).status, 'open');
  const again = await json(`/admin/enquiries/${id}/stage`, { stage: 'open', onlyFrom: 'new' });
  t.equal(again.status, 200, 'but only from New …');
  t.same(
    await again.json(),
    { done: { message: `#${id} is no longer New: its stage was not changed.`, undo: null } },
    '… saying it changed nothing',
  );
  t.equal((await find()).status, 'open');
  t.equal(
    (await json('/admin/enquiries/999999/stage', { stage: 'open', onlyFrom: 'new' })).status,
    404,
    'no such enquiry',
  );
  const same = await json(`/admin/enquiries/${id}/stage`, { stage: 'open' });
  t.equal(same.status, 200);
  t.same(await same.json(), { done: { message: `#${id} is already Open.`, undo: null } }, 'nothing to undo');
  const viaForm = await form(`/admin/enquiries/${id}/stage`, { stage: 'quoted', back: '/admin?view=starred' });
  t.equal(viaForm.status, 303);
  t.equal(viaForm.headers.get('location'), `/admin?view=starred#enquiry-${id}`);
  t.equal((await find()).status, 'quoted');
  t.equal((await json('/admin/enquiries/999999/stage', { stage: 'won' })).status, 404, 'no such enquiry');
  t.equal((await json(`/admin/enquiries/${id}/stage`, { stage: 'shipped' })).status, 400, 'only the five stages');

  const note = await json(`/admin/enquiries/${id}/notes`, { body: '  Called him: wants 42CrMo4, sample first.  ' });
  t.equal(note.status, 201);
  t.match(await note.json(), { id: Number, body: 'Called him: wants 42CrMo4, sample first.', createdAt: /^\d{4}-/ });
  t.equal((await form(`/admin/enquiries/${id}/notes`, { body: 'ગુજરાત: second note', back: '/admin' })).status, 303);
  t.same(
    (await find()).notes.map((n) => n.body),
    ['Called him: wants 42CrMo4, sample first.', 'ગુજરાત: second note'],
    'listed in order',
  );
  t.equal(
    (await json(`/admin/enquiries/${id}/notes`, { body: 'x'.repeat(2001) })).status,
    400,
    'at most 2,000 characters',
  );
  t.equal((await json(`/admin/enquiries/${id}/notes`, { body: '   ' })).status, 400, 'not empty');
  t.equal((await json('/admin/enquiries/999999/notes', { body: 'nobody' })).status, 404);
  const anonymous = await server.fetch(`/admin/enquiries/${id}/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"body":"x"}',
  });
  t.equal(anonymous.status, 403, 'no CSRF token, no note');
  t.notOk((await (await server.fetch('/contact')).text()).includes('Called him'), 'notes never reach a public page');

  t.equal((await find()).read, false, 'setting the stage and adding notes leave it unread');
  const panel = await (await client.request(`/admin/enquiries/${id}?q=stage%20test`)).text();
  t.ok(
    panel.includes(
      `href="mailto:ada@buyer.example?subject=Re%3A%20Gears%20%26%20%22shafts%22%20%5B%23${id}%5D&amp;body=%0D%0A%0D%0AStage%20Test%20wrote%3A%0D%0A%3E%20Line%20one%0D%0A%3E%20Line%20two"`,
    ),
    "Reply by e-mail (on the enquiry's page): subject with its number, and the quoted message, encoded",
  );
  const greeting = encodeURIComponent('Hello Stage Test, thank you for your enquiry about "Gears & "shafts"".');
  t.ok(
    panel.includes(`href="https://wa.me/919825012345?text=${greeting}"`),
    'Reply on WhatsApp: international digits, a greeting naming the subject',
  );
});

/** The Setup card's checks as the desk renders them: each item's state label, or null when there is no card. */
function setupStates(html: string): Record<string, string> | null {
  if (!html.includes('id="admin-setup-title"')) return null;
  const states = [
    ...html.matchAll(/data-setup="(\w+)"><strong>[^<]*<\/strong> <span class="admin-setup__state">([^<]+)</g),
  ];
  return Object.fromEntries(states.map(([, item, state]) => [item!, state!]));
}

t.test(
  'Setup card on a new site: all five to do, each with where it is set; dismissed by a plain form, on disk',
  async (t) => {
    const fresh = await withServer(t, { env: { LOG_LEVEL: 'warn' }, listen: false });
    const password = readFileSync(join(fresh.dataDir, 'initial-admin-password'), 'utf8').trim();
    const client = new AdminClient(fresh.url);
    await client.signIn('admin@example.com', password);
    const html = await client.openPanel();
    t.same(setupStates(html), {
      password: 'To do',
      siteUrl: 'To do',
      mail: 'To do',
      backups: 'To do',
      photos: 'To do',
    });
    t.match(html, '<span class="admin-setup__count">5 of 5 to do</span>', 'folded, its title says how many are left');
    for (const item of SETUP_ITEMS)
      t.ok(html.includes(escapeHtml(SETUP_TEXT.items[item].where)), `${item}: says where it is set`);
    t.match(html, `<a href="${ADMIN_PATHS.site}">`, 'photos: links the site editor');
    t.match(html, `<a href="${ADMIN_PATHS.security}">`, 'password: links Security');

    const dismiss = (fields: Record<string, string>) =>
      client.request(ADMIN_PATHS.setupDismiss, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      });
    t.equal((await dismiss({})).status, 403, 'without the page’s CSRF token: refused');
    t.notOk(existsSync(join(fresh.dataDir, 'setup-dismissed')), 'and nothing written');
    const dismissed = await dismiss({ _csrf: client.csrfToken });
    t.equal(dismissed.status, 303);
    t.equal(dismissed.headers.get('location'), ADMIN_PATHS.desk);
    t.ok(existsSync(join(fresh.dataDir, 'setup-dismissed')), 'the dismissal is on disk');
    t.equal(setupStates(await client.openPanel()), null, 'the desk no longer shows the card');
  },
);

t.test('Setup card: SITE_URL, mail, a changed password and an uploaded photo show as done', async (t) => {
  const server = await withServer(t, {
    env: {
      ...env,
      SITE_URL: 'https://www.forge.example',
      SMTP_URL: 'smtp://127.0.0.1:9',
      NOTIFY_TO: 'owner@forge.example',
    },
    listen: false,
  });
  const client = new AdminClient(server.url);
  await client.signIn(ADMIN.email, ADMIN.password);
  t.same(setupStates(await client.openPanel()), {
    password: 'Done',
    siteUrl: 'Done',
    mail: 'Done',
    backups: 'To do',
    photos: 'To do',
  });
  t.match(await client.openPanel(), '<span class="admin-setup__count">2 of 5 to do</span>', 'backups and photos left');
  const saved = await uploadPhotos(client, sectionPath('products/flanges'), [
    { field: 'photo', data: await makePhoto({ width: 400, height: 300 }), fileName: 'flange.jpeg', alt: 'Flanges' },
  ]);
  t.equal(saved.status, 303, 'a photo uploaded in the site editor');
  t.equal(setupStates(await client.openPanel())?.photos, 'Done');
});
