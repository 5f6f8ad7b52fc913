import type { TimelineItem } from '../../../shared/enquiry/thread.js';
import Database from 'better-sqlite3';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import t from 'tap';
import type { EnquiryList } from '../../../shared/admin/desk.js';
import type { AuditEntry } from '../../../shared/admin/audit.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';
import { ADMIN_SPAM_REASON } from '../../../shared/admin/desk.js';
import { REPLAY_REASON } from '../../../server/enquiries/spam-rules.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { formTokenFor } from '../../helpers/form-token.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postForm, postJson, withServer, type Teardown, type TestServer } from '../../helpers/server.js';

const env = { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' };
// HTTP only: each test has its own server, reached through inject (no socket).
const serve = (t: Teardown, extra: Record<string, string> = {}) =>
  withServer(t, { env: { ...env, ...extra }, listen: false });

/** The server's database file as another process sees it (the server's own writes are committed). */
function database(server: TestServer) {
  const sql = <T = Record<string, unknown>>(query: string, ...params: unknown[]): T[] => {
    const db = new Database(join(server.dataDir, 'forge.db'));
    try {
      const statement = db.prepare(query);
      return (statement.reader ? statement.all(...params) : [statement.run(...params)]) as T[];
    } finally {
      db.close();
    }
  };
  return { sql, lastId: () => sql<{ id: number }>('SELECT max(id) AS id FROM enquiries')[0]!.id };
}

async function signedIn(on: TestServer): Promise<AdminClient> {
  const client = new AdminClient(on.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}
async function list(client: AdminClient, search = ''): Promise<EnquiryList> {
  const response = await client.request(`/admin/api/enquiries${search}`);
  t.equal(response.status, 200, `list ${search}`);
  return (await response.json()) as EnquiryList;
}
const post = (client: AdminClient, path: string, body: unknown, json = true) =>
  client.request(
    path,
    json
      ? {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
          body: JSON.stringify(body),
        }
      : {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(
            [...Object.entries(body as Record<string, string | string[]>)]
              .flatMap(([k, v]) => [v].flat().map((one) => [k, one]))
              .concat([['_csrf', client.csrfToken]]),
          ).toString(),
        },
  );

t.test('the contact page carries a form token issued per request, never cached', async (t) => {
  const server = await serve(t);
  const tokens = new Set<string>();
  for (const path of ['/contact', '/contact', '/contact?product=flanges']) {
    const response = await server.fetch(path, { headers: { 'accept-encoding': 'br' } });
    t.equal(response.headers.get('cache-control'), 'no-store', `${path}: no-store`);
    t.equal(response.headers.get('etag'), null);
    t.equal(response.headers.get('content-encoding'), 'br', 'compressed');
    const html = await response.text();
    const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(html)?.[1];
    t.ok(token, `${path}: the form has its token`);
    t.ok(html.includes(`"formToken":"${token}"`), 'the same token in the hydration data');
    t.notOk(html.includes('FORM-TOKEN-SLOT'), 'no slot left');
    tokens.add(token!);
  }
  t.equal(tokens.size, 3, 'a new token each time');
});

t.test(
  'spam: too fast, replayed, none, forged go to Spam with the reason; links alone never; a duplicate is counted',
  async (t) => {
    const notified = await serve(t, { SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_TO: 'sales@forge.test' });
    const at = (on: TestServer) => new Database(join(on.dataDir, 'forge.db'), { readonly: true });
    const reasonOf = async (response: Response, on: TestServer) => {
      t.ok([201, 303].includes(response.status), 'answered as accepted: a person is never turned away');
      const db = at(on);
      try {
        return db
          .prepare(
            `SELECT e.spam_reason AS reason, d.status AS notify
             FROM enquiries e LEFT JOIN deliveries d ON d.enquiry_id = e.id AND d.channel = 'notification'
             ORDER BY e.id DESC LIMIT 1`,
          )
          .get() as { reason: string | null; notify: string | null };
      } finally {
        db.close();
      }
    };

    const fast = await reasonOf(
      await postForm(`${notified.url}/contact`, {
        ...makeEnquiry(),
        [FORM_TOKEN_FIELD]: formTokenFor(notified.url, 1000)!,
      }),
      notified,
    );
    t.match(fast.reason, /^The form was filled in 1\.\d s, faster than a person can\.$/, 'filled in 1 s');
    t.equal(fast.notify, null, 'no notification for spam');

    const token = formTokenFor(notified.url)!;
    const first = await reasonOf(
      await postJson(`${notified.url}/api/enquiries`, { ...makeEnquiry(), [FORM_TOKEN_FIELD]: token }),
      notified,
    );
    t.same(first, { reason: null, notify: 'pending' }, 'a person, with a notification');
    const replay = await reasonOf(
      await postJson(`${notified.url}/api/enquiries`, { ...makeEnquiry(), [FORM_TOKEN_FIELD]: token }),
      notified,
    );
    t.same(replay, { reason: REPLAY_REASON, notify: null }, 'the same token again, with another enquiry: a replay');

    // A missing or expired token alone is not spam (a page from an old cache, a tab left open); with a link it is.
    const none = await reasonOf(
      await postForm(`${notified.url}/contact`, { ...makeEnquiry(), [FORM_TOKEN_FIELD]: '' }),
      notified,
    );
    t.same(
      none,
      { reason: null, notify: 'pending' },
      'no token, but otherwise a person: the inbox, with a notification',
    );
    const noneWithLink = await reasonOf(
      await postForm(`${notified.url}/contact`, {
        ...makeEnquiry({ message: 'Our catalogue: https://a.example/c' }),
        [FORM_TOKEN_FIELD]: '',
      }),
      notified,
    );
    t.equal(noneWithLink.reason, "Sent without the form's token (not from the site's form). With a link in it.");
    const forged = await reasonOf(
      await postJson(`${notified.url}/api/enquiries`, {
        ...makeEnquiry(),
        [FORM_TOKEN_FIELD]: `${token.slice(0, -4)}AAAA`,
      }),
      notified,
    );
    t.equal(forged.reason, 'The form token was not issued by this site.');
    const expired = await reasonOf(
      await postJson(`${notified.url}/api/enquiries`, {
        ...makeEnquiry(),
        [FORM_TOKEN_FIELD]: formTokenFor(notified.url, 8 * 86_400_000)!,
      }),
      notified,
    );
    t.same(expired, { reason: null, notify: 'pending' }, 'an expired token alone: the inbox');
    const expiredWithLinks = await reasonOf(
      await postJson(`${notified.url}/api/enquiries`, {
        ...makeEnquiry({ message: 'See https://a.example/1 and https://a.example/2' }),
        [FORM_TOKEN_FIELD]: formTokenFor(notified.url, 8 * 86_400_000)!,
      }),
      notified,
    );
    t.equal(expiredWithLinks.reason, 'The form was opened more than 7 days before it was sent. With 2 links in it.');
    // The RFQ: three file-transfer links (STEP files over the limit), the website and a PDF drawing.
    const rfq = makeEnquiry({
      subject: 'RFQ forged valve bodies, STEP files by link',
      message:
        'STEP files (over 10 MB): https://we.tl/t-Ab12Cd34Ef, https://drive.google.com/file/d/1XyZ/view and ' +
        'https://www.dropbox.com/s/abc/valve_body.step?dl=0\nAbout us: https://www.valves.example/about',
    });
    const links = await reasonOf(await postQuote(notified.url, quoteForm(rfq, [SAMPLE_DRAWINGS.pdf]), true), notified);
    t.same(links, { reason: null, notify: 'pending' }, 'a valid token and time: links alone are never spam');
    const rfqDb = at(notified);
    const rfqId = rfqDb.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
    rfqDb.close();
    const threeLinks = await reasonOf(
      await postJson(
        `${notified.url}/api/enquiries`,
        makeEnquiry({ message: 'Drawing: https://a.example/1 https://a.example/2 https://a.example/3' }),
      ),
      notified,
    );
    t.equal(threeLinks.reason, null, 'a buyer may send a few links');

    const same = makeEnquiry();
    t.equal((await postJson(`${notified.url}/api/enquiries`, same)).status, 201);
    const before = at(notified).prepare('SELECT count(*) AS n FROM enquiries').get() as { n: number };
    t.equal((await postForm(`${notified.url}/contact`, same)).status, 303, 'the duplicate is answered as accepted');
    const db = at(notified);
    t.equal((db.prepare('SELECT count(*) AS n FROM enquiries').get() as { n: number }).n, before.n, 'and stored once');
    t.equal(
      (db.prepare('SELECT repeats FROM enquiries ORDER BY id DESC LIMIT 1').get() as { repeats: number }).repeats,
      1,
      'its repeat counted',
    );
    db.close();

    // What the admin sees: a Spam view with the reasons, and "Not spam" back to the inbox.
    const client = await signedIn(notified);
    const rfqPage = await (await client.request(`/admin/enquiries/${rfqId}`)).text();
    t.ok(rfqPage.includes('<h3>File-transfer links</h3>'), 'the RFQ shows its transfer links as such');
    for (const service of ['WeTransfer', 'Google Drive', 'Dropbox'])
      t.ok(rfqPage.includes(`<span class="badge">${service}</span>`), `named ${service}`);
    t.match(
      rfqPage,
      /<a href="https:\/\/we\.tl\/t-Ab12Cd34Ef" rel="noopener noreferrer nofollow ugc" target="_blank">/,
    );
    t.notOk(rfqPage.includes('href="https://www.valves.example/about"'), 'the website is not a transfer link');
    t.match(rfqPage, /Flange drawing – Größe DN50\.pdf<\/a>/, 'with its drawing');
    const spam = await list(client, '?view=spam');
    t.equal(spam.filtered, 5, 'five in Spam');
    t.ok(
      spam.enquiries.every((item) => item.spamReason),
      'each with its reason',
    );
    const inbox = await list(client);
    t.notOk(
      inbox.enquiries.some((item) => item.spamReason),
      'none of them in the inbox',
    );
    t.equal(inbox.spam, 5, 'the Spam count, beside the unread count');
    const html = await client.openPanel('?view=spam');
    t.match(html, /aria-current="page">Spam(<!-- -->)? \(5\)<\/a>/, 'the Views nav shows it');
    t.notMatch(html, /in Spam</, 'no badge beside the heading');
    const tooFast = spam.enquiries.find((item) => item.spamReason?.startsWith('The form was filled in'))!;
    t.match(
      await (await client.request(`/admin/enquiries/${tooFast.id}?view=spam`)).text(),
      /Spam: The form was filled in 1\.\d s, faster than a person can\./,
      "the enquiry's page shows why",
    );
    const flagged = spam.enquiries[0]!;
    const notSpam = await post(client, `/admin/enquiries/${flagged.id}/notspam`, {});
    t.equal(notSpam.status, 200);
    t.same(await notSpam.json(), {
      done: {
        message: `Moved #${flagged.id} back to the Inbox: not spam.`,
        undo: { path: '/admin/enquiries/bulk', fields: { action: 'spam', id: [flagged.id], undo: 1 } },
      },
    });
    t.equal((await list(client)).total, inbox.total + 1, '"Not spam" moves it to the inbox');
    t.equal((await list(client, '?view=spam')).filtered, 4);
    // The admin's own "Mark as spam", and a form without JavaScript going back to the view it came from.
    const mark = await post(client, `/admin/enquiries/${flagged.id}/spam`, { back: '/admin?view=starred' }, false);
    t.equal(mark.status, 303);
    t.equal(mark.headers.get('location'), `/admin?view=starred#enquiry-${flagged.id}`, 'at its row');
    t.equal(
      (await list(client, '?view=spam')).enquiries.find((item) => item.id === flagged.id)?.spamReason,
      ADMIN_SPAM_REASON,
    );
  },
);

t.test(
  'filters by stage, product, language and days (site time zone) combine with the search; the address carries them',
  async (t) => {
    const server = await serve(t);
    const { sql, lastId } = database(server);
    const client = await signedIn(server);
    const tag = 'FILTERTEST';
    const ids: number[] = [];
    for (const [product, at] of [
      ['flanges', '2026-03-09T18:29:00.000Z'], // 23:59 on 9 March in India
      ['flanges', '2026-03-09T18:30:00.000Z'], // 00:00 on 10 March in India
      ['transmission-parts', '2026-03-10T18:29:59.999Z'], // 23:59 on 10 March
      ['', '2026-03-11T00:00:00.000Z'],
    ] as const) {
      const form = quoteForm({ ...makeEnquiry({ subject: `${tag} ${product || 'none'} ${at}` }), product });
      t.equal((await postQuote(server.url, form)).status, 303);
      ids.push(lastId());
      sql('UPDATE enquiries SET created_at = ? WHERE id = ?', at, ids.at(-1));
    }
    t.equal((await post(client, `/admin/enquiries/${ids[2]}/stage`, { stage: 'quoted' })).status, 200);
    // As the German and the Arabic contact pages record them (test/pages/pages.test.ts sends one from /de/kontakt).
    sql("UPDATE enquiries SET language = 'de' WHERE id = ?", ids[1]);
    sql("UPDATE enquiries SET language = 'ar' WHERE id = ?", ids[2]);

    const found = async (search: string) =>
      (await list(client, `?q=${tag}&${search}`)).enquiries.map((item) => item.id).sort((a, b) => a - b);
    t.same(await found('product=flanges'), [ids[0], ids[1]], 'by product');
    t.same(await found('stage=quoted'), [ids[2]], 'by stage');
    t.same(
      await found('from=2026-03-10&to=2026-03-10'),
      [ids[1], ids[2]],
      'one day, midnight to midnight in Asia/Kolkata',
    );
    t.same(await found('from=2026-03-10'), [ids[1], ids[2], ids[3]], 'from a day on');
    t.same(await found('to=2026-03-09'), [ids[0]], 'up to a day');
    t.same(
      await found('from=2026-03-10&to=2026-03-09'),
      [ids[0], ids[1], ids[2]],
      'from and to the wrong way round: the range between them',
    );
    t.same(await found('product=flanges&from=2026-03-10&stage='), [ids[1]], 'combined; an empty stage means any');
    t.same(await found('view=unread&product=transmission-parts'), [ids[2]], 'within a view');
    t.same(await found('language=de'), [ids[1]], 'by the language the buyer wrote in');
    t.same(await found('language=en&product=flanges'), [ids[0]], 'English, with a product');
    t.same(await found('language='), ids, 'an empty language means any');
    t.equal((await list(client, `?language=ar`)).filtered, 1, 'counted without a search too');
    const counted = await list(client, `?q=${tag}&product=flanges`);
    t.equal(counted.filtered, 2, 'Filtered Results counts the filters');

    t.equal(
      (await client.request('/admin/api/enquiries?from=2026-02-30')).status,
      400,
      'a day that does not exist is refused',
    );
    t.equal((await client.request('/admin/api/enquiries?stage=done')).status, 400, 'an unknown stage is refused');
    t.equal((await client.request('/admin?product=bogus')).status, 400);
    t.equal((await client.request('/admin?language=it')).status, 400, 'a language the site has not is refused');

    const page = await client.openPanel(`?q=${tag}&product=flanges&from=2026-03-10`);
    t.match(
      page,
      /<option value="flanges" selected="">/,
      'the form shows the filters it was rendered with (no JavaScript needed)',
    );
    t.match(page, /name="from" value="2026-03-10"/);
    const german = await client.openPanel(`?q=${tag}&language=de`);
    t.match(german, /<option value="de" selected="">German<\/option>/, 'the language chosen, without JavaScript');
    t.match(german, new RegExp(`href="/admin/export.csv\\?q=${tag}&amp;language=de"`), 'the export link keeps it');
    t.match(
      page,
      new RegExp(`href="/admin/export.csv\\?q=${tag}&amp;product=flanges&amp;from=2026-03-10"`),
      'the export link carries them',
    );

    // The export: exactly these rows, read back with a CSV parser.
    const csv = await (await client.request(`/admin/export.csv?q=${tag}&from=2026-03-10`)).text();
    const records = parse<Record<string, string>>(csv, { bom: true, columns: true });
    t.same(
      records.map((record) => record['Date (Asia/Kolkata)']).sort(),
      ['2026-03-10 00:00', '2026-03-10 23:59', '2026-03-11 05:30'],
      'dates in the site time zone, as the panel shows them',
    );
    t.same(
      records.map((record) => record.Language),
      ['English', 'Arabic', 'German'],
      'the Language column: the language each buyer wrote in',
    );
    const gears = records.find((record) => record.Product === 'Transmission Parts')!;
    t.match(gears, {
      Language: 'Arabic',
      Stage: 'Quoted',
      Read: 'No',
      Starred: 'No',
      Notes: '',
      Phone: '\u2060+49 (0)221 9876543',
      Name: /^Käufer \d+ – ગુજરાત ट्रेडर्स$/,
    });
  },
);

t.test('bulk actions: read, unread, spam, trash, restore, delete permanently; CSRF and sign-in enforced', async (t) => {
  const server = await serve(t);
  const { sql, lastId } = database(server);
  const client = await signedIn(server);
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    t.equal((await postJson(`${server.url}/api/enquiries`, makeEnquiry({ subject: `BULK ${i}` }))).status, 201);
    ids.push(lastId());
  }
  const state = () =>
    sql<{ id: number; read: number; trashed: number; spam: number }>(
      `SELECT id, read_at IS NOT NULL AS read, trashed_at IS NOT NULL AS trashed, spam_reason IS NOT NULL AS spam FROM enquiries WHERE id IN (${ids.join(',')}) ORDER BY id`,
    );
  const bulk = (action: string, id: number[], json = true) =>
    post(client, '/admin/enquiries/bulk', { action, id, back: '/admin?view=unread' }, json);

  /** The answer of a bulk action: the ids it changed, what it did and how to take it back. */
  const answer = (changed: number[], message: string, undo: string | null) => ({
    changed,
    done: { message, undo: undo && { path: '/admin/enquiries/bulk', fields: { action: undo, id: changed, undo: 1 } } },
  });
  let response = await bulk('read', ids);
  t.equal(response.status, 200);
  t.same(await response.json(), answer(ids, 'Marked 4 enquiries as read.', 'unread'));
  t.ok(
    state().every((row) => row.read === 1),
    'all read',
  );
  t.same(
    await (await bulk('read', ids)).json(),
    answer([], 'Nothing changed: already read.', null),
    'Mark as read on rows already read says so',
  );
  response = await bulk('unread', [ids[0]!], false);
  t.equal(response.status, 303, 'without JavaScript: a form, then back to the same view');
  t.equal(response.headers.get('location'), `/admin?view=unread#enquiry-${ids[0]}`, 'at the row acted on');
  t.same(
    state().map((row) => row.read),
    [0, 1, 1, 1],
    'one box ticked: one enquiry',
  );
  t.same(await (await bulk('spam', [ids[1]!])).json(), answer([ids[1]!], `Moved #${ids[1]} to Spam.`, 'notspam'));
  t.same(
    await (await bulk('trash', [ids[2]!, ids[3]!])).json(),
    answer([ids[2]!, ids[3]!], 'Moved 2 enquiries to Trash.', 'restore'),
  );
  const several = await bulk('unread', [ids[2]!, ids[3]!], false);
  t.equal(several.headers.get('location'), '/admin?view=unread', 'several: back to the list as it was');
  t.same(
    state().map(({ trashed, spam }) => [trashed, spam]),
    [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 0],
    ],
  );
  t.same(
    await (await bulk('purge', ids)).json(),
    answer([ids[2]!, ids[3]!], 'Deleted 2 enquiries permanently.', null),
    'Delete permanently takes only what is in Trash, and cannot be undone',
  );
  t.same(
    await (await bulk('restore', ids)).json(),
    answer([], 'Nothing changed: not in Trash, so nothing to restore.', null),
  );
  t.equal(state().length, 2);

  const forged = await client.request('/admin/enquiries/bulk', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'trash', id: [ids[0]] }),
  });
  t.equal(forged.status, 403, 'no CSRF token: refused');
  const stranger = new AdminClient(server.url);
  await stranger.openPanel();
  t.equal(
    (await post(stranger, '/admin/enquiries/bulk', { action: 'trash', id: [ids[0]] })).status,
    401,
    'signed out: 401',
  );
  t.equal(
    (await post(client, '/admin/enquiries/bulk', { action: 'star', id: [ids[0]] })).status,
    400,
    'not a bulk action',
  );
  t.equal((await post(client, '/admin/enquiries/bulk', { action: 'read', id: ['x'] })).status, 400);
  t.equal(state()[0]!.trashed, 0, 'nothing happened');
});

t.test(
  'the audit log records sign-ins, exports, Trash, restores, permanent deletions; listed at /admin/audit',
  async (t) => {
    const server = await serve(t);
    const { sql, lastId } = database(server);
    const failed = new AdminClient(server.url);
    await failed.openPanel();
    t.equal((await failed.login(TEST_ADMIN.email, 'wrong password, long enough')).status, 401);
    const client = await signedIn(server);
    t.equal((await postJson(`${server.url}/api/enquiries`, makeEnquiry({ subject: 'AUDIT' }))).status, 201);
    const id = lastId();
    await post(client, `/admin/enquiries/${id}/trash`, {});
    await post(client, `/admin/enquiries/${id}/restore`, {});
    await post(client, `/admin/enquiries/${id}/trash`, {});
    await post(client, `/admin/enquiries/${id}/purge`, {});
    await client.request('/admin/export.csv?view=trash');
    const rows = sql<AuditEntry & { enquiry_id: number | null }>('SELECT * FROM audit_log ORDER BY id');
    const last = rows.slice(-7).map((row) => [row.actor, row.action, row.enquiry_id]);
    t.same(last, [
      [TEST_ADMIN.email, 'sign-in failed', null],
      [TEST_ADMIN.email, 'sign-in', null],
      [TEST_ADMIN.email, 'moved to Trash', id],
      [TEST_ADMIN.email, 'restored', id],
      [TEST_ADMIN.email, 'moved to Trash', id],
      [TEST_ADMIN.email, 'deleted permanently', id],
      [TEST_ADMIN.email, 'export', null],
    ]);
    t.match(rows.at(-1)!.detail, /^CSV of 0 enquiries \(\?view=trash\)$/);
    t.notOk(JSON.stringify(rows).includes('wrong password, long enough'), 'never a typed password');

    const page = await client.request('/admin/audit');
    t.equal(page.status, 200);
    t.equal(page.headers.get('cache-control'), 'no-store');
    const html = await page.text();
    t.match(html, /<th scope="col">When \(Asia\/Kolkata\)<\/th>/);
    t.match(html, new RegExp(`<td data-label="[^"]*">deleted permanently</td><td data-label="[^"]*">#${id}</td>`));
    const signedOut = await new AdminClient(server.url).request('/admin/audit');
    t.equal(signedOut.status, 303, 'signed out: to the login form');
    t.equal(signedOut.headers.get('location'), '/admin');
  },
);

t.test(
  "a person's data: found by e-mail or phone however written, downloaded as JSON, erased with notes and drawings",
  async (t) => {
    const server = await serve(t);
    const { sql, lastId } = database(server);
    const client = await signedIn(server);
    const person = { email: 'Ravi.Shah@Buyer.example', phone: '+91 98250 44444' };
    const ids: number[] = [];
    t.equal(
      (await postQuote(server.url, quoteForm(makeEnquiry({ ...person, subject: 'ERASE 1' }), [SAMPLE_DRAWINGS.pdf])))
        .status,
      303,
    );
    ids.push(lastId());
    t.equal(
      (
        await postJson(
          `${server.url}/api/enquiries`,
          makeEnquiry({ email: '', phone: '098250 44444', subject: 'ERASE 2' }),
        )
      ).status,
      201,
    );
    ids.push(lastId());
    t.equal(
      (
        await postJson(
          `${server.url}/api/enquiries`,
          makeEnquiry({ email: 'ravi.shah@buyer.example', phone: '+91 11111 22222', subject: 'ERASE 3' }),
        )
      ).status,
      201,
    );
    ids.push(lastId());
    t.equal((await post(client, `/admin/enquiries/${ids[0]}/notes`, { body: 'Called him on Monday.' })).status, 201);
    const files = sql<{ stored_name: string }>('SELECT stored_name FROM enquiry_files WHERE enquiry_id = ?', ids[0]);
    t.equal(files.length, 1);

    const byPhone = await client.openPanel();
    t.ok(byPhone);
    const lookup = await (await client.request(`/admin/privacy?who=${encodeURIComponent('9825044444')}`)).text();
    t.match(lookup, /2 enquiries from 9825044444/, 'a phone number matches however it was written');
    const byEmail = await (
      await client.request(`/admin/privacy?who=${encodeURIComponent('RAVI.SHAH@buyer.EXAMPLE')}`)
    ).text();
    t.match(byEmail, /2 enquiries from RAVI\.SHAH@buyer\.EXAMPLE/, 'an e-mail address in any case');
    t.equal((await client.request('/admin/privacy?who=12')).status, 400, 'too few digits to name a person');

    const download = await client.request(`/admin/privacy/download?who=${encodeURIComponent(person.email)}`);
    t.equal(download.status, 200);
    t.match(
      download.headers.get('content-disposition'),
      /^attachment; filename="personal-data_\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = (await download.json()) as { enquiries: (Enquiry & { timeline: TimelineItem[] })[] };
    t.same(data.enquiries.map((item) => item.subject).sort(), ['ERASE 1', 'ERASE 3']);
    const first = data.enquiries.find((item) => item.subject === 'ERASE 1')!;
    t.equal(first.notes[0]!.body, 'Called him on Monday.');
    t.same(
      first.timeline.map((item) => item.kind),
      ['enquiry', 'note'],
      'with its thread: the enquiry as received, then the note (and any replies)',
    );

    const erase = (who: string, count: number, json = false) =>
      post(client, '/admin/privacy/erase', { who, count: String(count) }, json);
    t.equal(
      (await erase(person.email, 1)).status,
      409,
      'the count the admin confirmed is not what matches now: asked again',
    );
    t.equal(sql('SELECT id FROM enquiries WHERE id = ?', ids[0]).length, 1, 'nothing erased');
    const csrf = await client.request('/admin/privacy/erase', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `who=${encodeURIComponent(person.email)}&count=2`,
    });
    t.equal(csrf.status, 403, 'no CSRF token: refused');
    const done = await erase(person.email, 2);
    t.equal(done.status, 303);
    t.equal(done.headers.get('location'), '/admin/privacy?erased=2');
    t.same(
      sql('SELECT id FROM enquiries WHERE id IN (?, ?, ?) ORDER BY id', ...ids).map((row) => row.id),
      [ids[1]],
      'both erased; the one with only the phone stays',
    );
    t.same(sql('SELECT * FROM enquiry_notes WHERE enquiry_id = ?', ids[0]), [], 'with their notes');
    t.notOk(existsSync(join(server.dataDir, 'uploads', files[0]!.stored_name)), 'and their drawings');
    const audit = sql<{ action: string; enquiry_id: number; detail: string | null }>(
      "SELECT * FROM audit_log WHERE action = 'erased' ORDER BY id",
    );
    t.same(audit.map((row) => row.enquiry_id).sort(), [ids[0], ids[2]].sort(), 'the erasure is audit-logged');
    t.notOk(JSON.stringify(sql('SELECT * FROM audit_log')).includes('ERASE 1'), 'without the erased content');
    t.notOk(JSON.stringify(sql('SELECT * FROM audit_log')).toLowerCase().includes('ravi.shah'), 'nor the address');
    t.match(
      await (await client.request('/admin/privacy?erased=2')).text(),
      /Erased 2 enquiries, with their notes and drawings\./,
    );
  },
);

t.test(
  'housekeeping: Trash and Spam emptied after their period, retention by age, each audit-logged, files removed',
  async (t) => {
    const server = await serve(t);
    const { sql, lastId } = database(server);
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    const ids: number[] = [];
    for (const subject of ['OLD TRASH', 'OLD SPAM', 'OLD', 'RECENT TRASH', 'KEPT']) {
      t.equal((await postQuote(server.url, quoteForm(makeEnquiry({ subject }), [SAMPLE_DRAWINGS.png]))).status, 303);
      ids.push(lastId());
    }
    sql('UPDATE enquiries SET trashed_at = ? WHERE id = ?', days(31), ids[0]);
    sql("UPDATE enquiries SET spam_reason = 'x', spam_at = ? WHERE id = ?", days(31), ids[1]);
    sql('UPDATE enquiries SET created_at = ? WHERE id = ?', days(100), ids[2]);
    sql('UPDATE enquiries SET trashed_at = ? WHERE id = ?', days(29), ids[3]);
    const stored = sql<{ enquiry_id: number; stored_name: string }>(
      `SELECT enquiry_id, stored_name FROM enquiry_files WHERE enquiry_id IN (${ids.join(',')})`,
    );

    // Housekeeping runs at start (then daily): restart with a retention of 3 months.
    await server.close();
    await withServer(t, { env: { ...env, ENQUIRY_RETENTION_MONTHS: '3' }, dataDir: server.dataDir, listen: false });
    const left = sql<{ id: number }>(`SELECT id FROM enquiries WHERE id IN (${ids.join(',')}) ORDER BY id`).map(
      (row) => row.id,
    );
    t.same(left, [ids[3], ids[4]], 'Trash and Spam after 30 days, and what is older than 3 months, deleted');
    for (const file of stored) {
      t.equal(
        existsSync(join(server.dataDir, 'uploads', file.stored_name)),
        left.includes(file.enquiry_id),
        `the drawing of enquiry ${file.enquiry_id}`,
      );
    }
    const audit = sql<{ actor: string; action: string; enquiry_id: number }>(
      `SELECT * FROM audit_log WHERE enquiry_id IN (${ids.join(',')}) ORDER BY id`,
    );
    t.same(
      audit.map((row) => [row.actor, row.action, row.enquiry_id]),
      [
        ['system', 'emptied from Trash', ids[0]],
        ['system', 'emptied from Spam', ids[1]],
        ['system', 'deleted by retention', ids[2]],
      ],
    );
    t.notOk(
      readdirSync(join(server.dataDir, 'uploads')).some((name) =>
        stored.some((file) => file.stored_name === name && !left.includes(file.enquiry_id)),
      ),
    );
  },
);
