import { parse } from 'csv-parse/sync';
import t from 'tap';
import type { AdminConfirmPage } from '../../../shared/admin/confirm.js';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { formTokenFor } from '../../helpers/form-token.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { codeAt, pageOf, withCodesOn } from '../../helpers/second-factor.js';
import { postJson, withServer, type TestServer } from '../../helpers/server.js';

const MINUTE = 60_000;

/** Posts a form as a browser without JavaScript does, with the page's CSRF token. */
const post = (client: AdminClient, path: string, fields: [string, string][]) =>
  client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams([['_csrf', client.csrfToken], ...fields]).toString(),
  });

/** An enquiry from a buyer, as the contact form stores it; its e-mail. */
async function enquiryFrom(server: TestServer, email: string) {
  const response = await postJson(`${server.url}/api/enquiries`, {
    ...makeEnquiry({ email }),
    [FORM_TOKEN_FIELD]: formTokenFor(server.url)!,
  });
  t.equal(response.status, 201);
}

const auditActions = (server: TestServer) =>
  server.app.db
    .prepare<[], { action: string; detail: string | null }>('SELECT action, detail FROM audit_log ORDER BY id')
    .all();

t.test(
  'an export asked for 11 minutes after signing in asks for the password, then the download follows',
  async (t) => {
    const clock = testClock();
    const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
    await enquiryFrom(server, 'einkauf@beispiel.de');
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

    const now = await admin.request('/admin/export.csv');
    t.equal(now.status, 200, 'within 10 minutes of signing in: no question');
    t.match(now.headers.get('content-disposition'), /^attachment/);

    clock.advance(11 * MINUTE);
    const asked = await admin.request('/admin/export.csv?q=beispiel');
    t.equal(asked.status, 401);
    t.match(asked.headers.get('content-type'), /^text\/html/, 'a page, not the file');
    const page = await pageOf<AdminConfirmPage>(asked, admin);
    t.match(page, { screen: 'confirm', action: '/admin/confirm', download: true });
    t.same(page.factors, { authenticator: false, passkeys: false }, 'the password alone');
    t.same(page.fields, [
      ['returnTo', '/admin/export.csv?q=beispiel'],
      ['what', 'export the enquiries as a CSV file'],
      ['download', 'yes'],
    ]);

    const wrong = await post(admin, page.action, [...page.fields, ['confirm_password', 'not the password']]);
    t.equal(wrong.status, 401);
    const again = await pageOf<AdminConfirmPage>(wrong, admin);
    t.equal(again.error, 'That password is not right.');
    t.same(again.fields, page.fields, 'the action is kept');

    const right = await post(admin, again.action, [...again.fields, ['confirm_password', TEST_ADMIN.password]]);
    t.equal(right.status, 303);
    t.equal(right.headers.get('location'), '/admin/export.csv?q=beispiel', 'on to the export asked for');
    const csv = await admin.request(right.headers.get('location')!);
    t.equal(csv.status, 200);
    t.same(
      parse<Record<string, string>>(await csv.text(), { bom: true, columns: true }).map((row) => row.Email),
      ['einkauf@beispiel.de'],
    );
    t.match(auditActions(server).slice(-3), [
      { action: 'sign-in failed', detail: 'wrong password, confirming to export the enquiries as a CSV file' },
      { action: 'sign-in confirmed', detail: 'with the password, to export the enquiries as a CSV file' },
      { action: 'export' },
    ]);

    clock.advance(9 * MINUTE);
    t.equal((await admin.request('/admin/export.csv')).status, 200, 'confirmed 9 minutes ago: no question');
  },
);

t.test('erasing a person without JavaScript: the form values are kept through the question', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
  await enquiryFrom(server, 'buyer@example.ae');
  await enquiryFrom(server, 'other@example.in');
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await pageOf(await admin.request('/admin/privacy?who=buyer%40example.ae'), admin);
  clock.advance(30 * MINUTE);

  const asked = await post(admin, '/admin/privacy/erase', [
    ['who', 'buyer@example.ae'],
    ['count', '1'],
  ]);
  t.equal(asked.status, 401);
  const page = await pageOf<AdminConfirmPage>(asked, admin);
  t.match(page, {
    screen: 'confirm',
    action: '/admin/privacy/erase',
    download: false,
    what: "erase this person's data",
  });
  t.same(page.fields, [
    ['who', 'buyer@example.ae'],
    ['count', '1'],
  ]);
  const count = () => server.app.db.prepare('SELECT count(*) FROM enquiries').pluck().get();
  t.equal(count(), 2, 'nothing erased before confirming');

  const erased = await post(admin, page.action, [...page.fields, ['confirm_password', TEST_ADMIN.password]]);
  t.equal(erased.status, 303);
  t.equal(erased.headers.get('location'), '/admin/privacy?erased=1');
  t.equal(count(), 1, 'the one person erased, the other kept');
});

t.test('deleting for good from the enhanced desk answers JSON: the page then sends the form itself', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
  await enquiryFrom(server, 'trash@example.com');
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const id = server.app.db.prepare('SELECT id FROM enquiries').pluck().get() as number;
  const json = (path: string, body: unknown) =>
    admin.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': admin.csrfToken },
      body: JSON.stringify(body),
    });
  t.equal((await json(`/admin/enquiries/${id}/trash`, {})).status, 200);
  clock.advance(11 * MINUTE);
  const again = await json(`/admin/enquiries/${id}/trash`, {});
  t.equal(again.status, 200, 'other actions are not asked about …');
  t.same(
    await again.json(),
    { done: { message: 'Nothing changed: already in Trash.', undo: null } },
    '… (this one found it already in Trash)',
  );
  const purge = await json('/admin/enquiries/bulk', { action: 'purge', id: [id] });
  t.equal(purge.status, 401);
  t.same(await purge.json(), {
    error: 'Unauthorized',
    message: "Please confirm it's you to delete enquiries permanently.",
    confirm: true,
  });
  const asked = await post(admin, '/admin/enquiries/bulk', [
    ['action', 'purge'],
    ['id', String(id)],
  ]);
  t.equal(asked.status, 401);
  const page = await pageOf<AdminConfirmPage>(asked, admin);
  t.same(page.fields, [
    ['action', 'purge'],
    ['id', String(id)],
  ]);
  const done = await post(admin, page.action, [...page.fields, ['confirm_password', TEST_ADMIN.password]]);
  t.equal(done.status, 303);
  t.equal(server.app.db.prepare('SELECT count(*) FROM enquiries').pluck().get(), 0, 'deleted for good');
});

t.test('with codes on, confirming needs the password and a new code; attempts are throttled', async (t) => {
  const clock = testClock();
  const { owner: admin, secret } = await withCodesOn(t, clock);

  clock.advance(11 * MINUTE);
  const asked = await admin.request('/admin/security?setup=authenticator');
  t.equal(asked.status, 401, 'changing how you sign in asks first');
  let page = await pageOf<AdminConfirmPage>(asked, admin);
  t.same(page.factors, { authenticator: true, passkeys: false });
  const used = codeAt(secret, clock.now());
  const withPassword = (code: string): [string, string][] => [
    ...page.fields,
    ['confirm_password', TEST_ADMIN.password],
    ['confirm_code', code],
  ];
  const noCode = await post(admin, page.action, withPassword(''));
  t.equal(noCode.status, 401, 'the password alone is not enough');
  page = await pageOf<AdminConfirmPage>(noCode, admin);
  t.equal(page.error, 'That password or code is not right.');

  const confirmed = await post(admin, page.action, withPassword(used));
  t.equal(confirmed.status, 303);
  t.equal(confirmed.headers.get('location'), '/admin/security?setup=authenticator');

  // Later, the same code again is refused; wrong tries end in 429 like wrong passwords.
  clock.advance(11 * MINUTE);
  page = await pageOf<AdminConfirmPage>(await admin.request('/admin/export.csv'), admin);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const refused = await post(admin, page.action, withPassword(attempt === 0 ? used : '000000'));
    statuses.push(refused.status);
    page = await pageOf<AdminConfirmPage>(refused, admin);
  }
  t.equal(statuses[0], 401, 'a code used before is refused');
  t.equal(statuses.at(-1), 429, 'throttled');
});

t.test('the confirming form only ever leads back into the admin', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await pageOf(await admin.request('/admin/privacy'), admin);
  for (const returnTo of [
    '//evil.example/admin',
    'https://evil.example/admin',
    '/administrator',
    '/contact',
    'http://[',
  ]) {
    const response = await post(admin, '/admin/confirm', [
      ['returnTo', returnTo],
      ['what', 'export the enquiries as a CSV file'],
      ['confirm_password', TEST_ADMIN.password],
    ]);
    t.equal(response.status, 303);
    t.equal(response.headers.get('location'), '/admin', `${returnTo}: to the desk`);
  }
  const madeUp = await post(admin, '/admin/confirm', [
    ['returnTo', '/admin'],
    ['what', 'approve the wire transfer'],
  ]);
  t.equal(madeUp.status, 400, 'the page and the audit log say only what a risky action is');
});

t.test(
  'paging the list fast or far with an old sign-in asks to confirm it is you; at a reading pace it never does',
  async (t) => {
    const clock = testClock();
    const server = await withServer(t, { env: TEST_ADMIN_ENV, clock, listen: false });
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    clock.advance(11 * MINUTE);
    const page = (n: number, accept = 'application/json') =>
      admin.request(`/admin/api/enquiries?after=${encodeURIComponent(`2026-01-01T00:00:00.000Z_${n}`)}`, {
        headers: { accept },
      });

    // A person: 40 later pages (2,000 enquiries), one every 15 seconds, and the first page between them.
    const statuses = new Set<number>();
    for (let n = 1; n <= 40; n++) {
      statuses.add((await page(n)).status);
      statuses.add((await admin.request('/admin/api/enquiries?view=unread')).status);
      clock.advance(15_000);
    }
    t.same([...statuses], [200], 'at a reading pace, 40 pages and 40 first pages: never asked');
    const beyond = await page(41);
    t.equal(beyond.status, 401, 'past 40 later pages in an hour: bulk reading asks');
    t.match(await beyond.json(), {
      confirm: true,
      message: "Please confirm it's you to read more pages of enquiries.",
    });

    clock.advance(61 * MINUTE);
    const burst = await Promise.all(Array.from({ length: 12 }, (_, n) => page(100 + n).then((r) => r.status)));
    t.same(
      burst.toSorted((a, b) => a - b),
      [...Array<number>(8).fill(200), ...Array<number>(4).fill(401)],
      '12 pages at once: 8 shown, then asked',
    );
    const asked = await page(200, 'text/html');
    t.equal(asked.status, 401);
    const question = await pageOf<AdminConfirmPage>(asked, admin);
    t.match(question, { screen: 'confirm', what: 'read more pages of enquiries' });
    const confirmed = await post(admin, question.action, [
      ...question.fields,
      ['confirm_password', TEST_ADMIN.password],
    ]);
    t.equal(confirmed.status, 303);
    t.equal((await admin.request(confirmed.headers.get('location')!)).status, 200, 'confirmed: the page it asked for');
    const fresh = await Promise.all(Array.from({ length: 30 }, (_, n) => page(300 + n).then((r) => r.status)));
    t.same(new Set(fresh), new Set([200]), 'confirmed: reads on for 10 minutes');
    const tooFast = await Promise.all(Array.from({ length: 30 }, (_, n) => page(400 + n)));
    const refused = tooFast.filter((response) => response.status === 429);
    t.ok(refused.length > 0, 'more than 60 later pages in a minute: 429 even when confirmed');
    t.equal(refused[0]?.headers.get('retry-after'), '60');
    const inBrowser = await page(500, 'text/html');
    t.equal(inBrowser.status, 429, 'a browser too');
    t.match(inBrowser.headers.get('content-type'), /^text\/html/, 'is answered with a page');
    t.match(
      await inBrowser.text(),
      'Too many pages in a minute. Please wait a minute and try again.',
      'which says what to do',
    );
  },
);

t.test('opening enquiries one by one never asks; a burst of them with an old sign-in does', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock, listen: false });
  t.equal((await postJson(`${server.url}/api/enquiries`, makeEnquiry())).status, 201);
  const id = server.app.db.prepare('SELECT id FROM enquiries').pluck().get() as number;
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  clock.advance(11 * MINUTE);
  const open = () => admin.request(`/admin/enquiries/${id}`, { headers: { accept: 'text/html' } });

  const statuses = new Set<number>();
  for (let n = 0; n < 30; n++) {
    statuses.add((await open()).status);
    clock.advance(20_000);
  }
  t.same([...statuses], [200], 'an enquiry every 20 seconds, 30 of them: never asked');

  clock.advance(61 * MINUTE);
  const burst = await Promise.all(Array.from({ length: 25 }, open));
  t.same(
    burst.map((response) => response.status).toSorted((a, b) => a - b),
    [...Array<number>(20).fill(200), ...Array<number>(5).fill(401)],
    '25 at once: 20 shown, then asked',
  );
  const question = await pageOf<AdminConfirmPage>(
    burst.find((response) => response.status === 401)!,
    admin,
  );
  t.match(question, { screen: 'confirm', what: 'read more pages of enquiries' }, 'as a page: "Confirm it\'s you"');
});

t.test('opening drawings one by one never asks; a burst of them with an old sign-in does', async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, clock, listen: false });
  t.equal((await postQuote(server.url, quoteForm(makeEnquiry(), [SAMPLE_DRAWINGS.pdf]))).status, 303);
  const { enquiry_id: id, id: drawingId } = server.app.db.prepare('SELECT enquiry_id, id FROM enquiry_files').get() as {
    enquiry_id: number;
    id: number;
  };
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  clock.advance(11 * MINUTE);
  const drawing = () => admin.request(`/admin/enquiries/${id}/drawings/${drawingId}`);

  const statuses = new Set<number>();
  for (let n = 0; n < 30; n++) {
    statuses.add((await drawing()).status);
    clock.advance(20_000);
  }
  t.same([...statuses], [200], 'a drawing every 20 seconds, 30 of them: never asked');

  clock.advance(61 * MINUTE);
  const burst = await Promise.all(Array.from({ length: 15 }, drawing));
  t.same(
    burst.map((response) => response.status).toSorted((a, b) => a - b),
    [...Array<number>(12).fill(200), ...Array<number>(3).fill(401)],
    '15 at once: 12 sent, then asked',
  );
  const question = await pageOf<AdminConfirmPage>(
    burst.find((response) => response.status === 401)!,
    admin,
  );
  t.match(question, { screen: 'confirm', what: 'open more drawings', download: true });
});
