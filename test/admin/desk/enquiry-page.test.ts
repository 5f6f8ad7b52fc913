import t from 'tap';
import type { AdminEnquiryPage, AdminSignedIn, EnquiryList } from '../../../shared/admin/desk.js';
import type { Done } from '../../../shared/admin/desk.js';
import { ADMIN_SCREENS } from '../../../shared/admin/screens.js';
import { addDays, formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { bootstrapOf } from '../../helpers/site-editor.js';
import { postJson, withServer, type Teardown, type TestServer } from '../../helpers/server.js';

const env = { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' };
// HTTP only: each test has its own server, reached through inject (no socket).
const serve = (t: Teardown) => withServer(t, { env, listen: false });

async function signedIn(server: TestServer): Promise<AdminClient> {
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return client;
}

/** Sends enquiries (JSON, as the contact page's script does); their ids, oldest first. */
async function seed(server: TestServer, subjects: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const subject of subjects) {
    const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ subject }));
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    ids.push(server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number);
  }
  return ids;
}

/** Where an enquiry is and what it is, as the desk's JSON API lists it (never opening it, which marks it read). */
async function stateOf(client: AdminClient, id: number) {
  for (const view of ['inbox', 'spam', 'trash']) {
    const list = (await (await client.request(`/admin/api/enquiries?view=${view}`)).json()) as EnquiryList;
    const found = list.enquiries.find((enquiry) => enquiry.id === id);
    if (found) {
      const { read, starred, status, spamReason } = found;
      return { view, read, starred, status, spamReason };
    }
  }
  return null;
}

/** A form as a browser without JavaScript posts it: the fields in order, a list as one field per value. */
function postForm(client: AdminClient, path: string, fields: [string, string][]) {
  return client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}
const formFields = (client: AdminClient, fields: Record<string, string | number | number[]>): [string, string][] => [
  ['_csrf', client.csrfToken],
  ...Object.entries(fields).flatMap(([name, value]) =>
    [value].flat().map((one): [string, string] => [name, String(one)]),
  ),
];

/** The Undo form the page renders (its action and fields), as a browser would send it. */
function undoFormOf(html: string): { action: string; fields: [string, string][] } | null {
  // The status holds a paragraph and, when there is an Undo, its form: no other element (no div).
  const start = html.indexOf('<div class="admin-done"');
  const status = start < 0 ? '' : html.slice(start, html.indexOf('</div>', start));
  const form = /<form (?=[^>]*method="post")[^>]*action="([^"]+)"[^>]*>(.*?)<\/form>/s.exec(status);
  if (!form) return null;
  const fields = [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(
    ([, name, value]): [string, string] => [name!, value!.replace(/&amp;/g, '&')],
  );
  return { action: form[1]!.replace(/&amp;/g, '&'), fields };
}

/** A page's data, after loading it. */
async function open<T>(client: AdminClient, path: string): Promise<{ page: T; html: string; status: number }> {
  const response = await client.request(path);
  const html = await response.text();
  return { page: bootstrapOf(html).pageData.admin as T, html, status: response.status };
}

interface ActionCase {
  action: string;
  /** Another action first, so that this one applies. */
  before?: string;
  message: (id: number) => string;
  undo: readonly ['bulk' | 'one', string];
}
type Fields = Record<string, string | number | number[]>;

/** Each action, what must hold before it (another action first), what it says, and how its Undo is sent. */
const ACTIONS: readonly ActionCase[] = [
  { action: 'spam', message: (id: number) => `Moved #${id} to Spam.`, undo: ['bulk', 'notspam'] },
  {
    action: 'notspam',
    before: 'spam',
    message: (id: number) => `Moved #${id} back to the Inbox: not spam.`,
    undo: ['bulk', 'spam'],
  },
  { action: 'trash', message: (id: number) => `Moved #${id} to Trash.`, undo: ['bulk', 'restore'] },
  { action: 'restore', before: 'trash', message: (id: number) => `Restored #${id}.`, undo: ['bulk', 'trash'] },
  { action: 'read', message: (id: number) => `Marked #${id} as read.`, undo: ['bulk', 'unread'] },
  { action: 'unread', before: 'read', message: (id: number) => `Marked #${id} as unread.`, undo: ['bulk', 'read'] },
  { action: 'star', message: (id: number) => `Starred #${id}.`, undo: ['one', 'unstar'] },
  { action: 'unstar', before: 'star', message: (id: number) => `Took the star off #${id}.`, undo: ['one', 'star'] },
];
const undoOf = (id: number, [how, reverse]: readonly ['bulk' | 'one', string]): { path: string; fields: Fields } =>
  how === 'bulk'
    ? { path: '/admin/enquiries/bulk', fields: { action: reverse, id: [id], undo: 1 } }
    : { path: `/admin/enquiries/${id}/${reverse}`, fields: { undo: 1 } };

t.test('Undo through the JSON API: each action, then its Undo, leaves the enquiry as it was', async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const ids = await seed(
    server,
    ACTIONS.map(({ action }) => `UNDO ${action}`),
  );
  for (const [i, { action, before, message, undo }] of ACTIONS.entries()) {
    const id = ids[i]!;
    if (before)
      t.equal((await client.post(`/admin/enquiries/${id}/${before}`)).status, 200, `${action}: first ${before}`);
    const was = await stateOf(client, id);
    const response = await client.post(`/admin/enquiries/${id}/${action}`);
    t.equal(response.status, 200, action);
    const { done } = (await response.json()) as { done: Done };
    t.same(done, { message: message(id), undo: undoOf(id, undo) }, `${action}: what it did, and its Undo`);
    t.not(JSON.stringify(await stateOf(client, id)), JSON.stringify(was), `${action}: changed`);
    const undone = await client.post(done.undo!.path, done.undo!.fields);
    t.equal(undone.status, 200, `${action}: undone`);
    t.same(
      await undone.json(),
      done.undo!.path.endsWith('/bulk')
        ? { changed: [id], done: { message: 'Undone.', undo: null } }
        : { done: { message: 'Undone.', undo: null } },
      `${action}: the Undo says so, and offers no Undo of its own`,
    );
    t.same(await stateOf(client, id), was, `${action}: as it was`);
  }

  // The stage: back to the one it had; not when it has moved on since.
  const [id] = await seed(server, ['UNDO stage']);
  const set = await client.post(`/admin/enquiries/${id}/stage`, { stage: 'quoted' });
  t.equal(set.status, 200);
  const { done } = (await set.json()) as { done: Done };
  // Quoted proposes a follow-up in FOLLOW_UP_DAYS (7) days (test/admin/desk/follow-up.test.ts).
  const today = dayInZone(new Date(), 'Asia/Kolkata');
  t.same(done, {
    message: `Stage of #${id} set to Quoted. Follow-up on ${formatFollowUpDay(addDays(today, 7), today)}.`,
    undo: {
      path: `/admin/enquiries/${id}/stage`,
      fields: { stage: 'new', onlyFrom: 'quoted', undo: 1, proposed: addDays(today, 7) },
    },
  });
  t.equal((await stateOf(client, id!))!.status, 'quoted');
  const undone = await client.post(done.undo!.path, done.undo!.fields);
  t.same(await undone.json(), { done: { message: 'Undone.', undo: null } });
  t.equal((await stateOf(client, id!))!.status, 'new', 'the stage it had');
  t.equal((await stateOf(client, id!))!.read, false, 'setting a stage never marks it read');

  const again = (await (await client.post(`/admin/enquiries/${id}/stage`, { stage: 'quoted' })).json()) as {
    done: Done;
  };
  t.equal((await client.post(`/admin/enquiries/${id}/stage`, { stage: 'lost' })).status, 200);
  const late = await client.post(again.done.undo!.path, again.done.undo!.fields);
  t.equal(late.status, 200, 'an Undo of a stage that has moved on since is answered …');
  t.same(
    ((await late.json()) as { done: Done }).done,
    { message: `#${id} is no longer Quoted: its stage was not changed.`, undo: null },
    '… saying it changed nothing',
  );
  t.equal((await stateOf(client, id!))!.status, 'lost');

  // Delete permanently and Resend cannot be undone.
  t.equal((await client.post(`/admin/enquiries/${id}/trash`)).status, 200);
  t.same(await (await client.post(`/admin/enquiries/${id}/purge`)).json(), {
    done: { message: `Deleted #${id} permanently.`, undo: null },
  });
});

t.test('Undo of a bulk action takes back only the enquiries it changed', async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const ids = await seed(server, ['BULK 1', 'BULK 2', 'BULK 3']);
  t.equal((await client.post(`/admin/enquiries/${ids[0]}/read`)).status, 200, 'one read before');
  t.equal((await client.post(`/admin/enquiries/${ids[2]}/trash`)).status, 200, 'one in Trash before');

  const read = await client.post('/admin/enquiries/bulk', { action: 'read', id: ids });
  const answer = (await read.json()) as { changed: number[]; done: Done };
  t.same(answer.changed, [ids[1], ids[2]], 'the two unread changed');
  t.same(answer.done, {
    message: 'Marked 2 enquiries as read.',
    undo: { path: '/admin/enquiries/bulk', fields: { action: 'unread', id: [ids[1], ids[2]], undo: 1 } },
  });
  const undone = await client.post(answer.done.undo!.path, answer.done.undo!.fields);
  t.same(await undone.json(), { changed: [ids[1], ids[2]], done: { message: 'Undone.', undo: null } });
  t.same(
    await Promise.all(ids.map(async (id) => (await stateOf(client, id))!.read)),
    [true, false, false],
    'the one read before stays read',
  );

  const trash = (await (await client.post('/admin/enquiries/bulk', { action: 'trash', id: ids })).json()) as {
    changed: number[];
    done: Done;
  };
  t.same(trash.changed, [ids[0], ids[1]]);
  t.same(trash.done.undo!.fields, { action: 'restore', id: [ids[0], ids[1]], undo: 1 });
  t.equal((await client.post(trash.done.undo!.path, trash.done.undo!.fields)).status, 200);
  t.same(
    await Promise.all(ids.map(async (id) => (await stateOf(client, id))!.view)),
    ['inbox', 'inbox', 'trash'],
    'the one in Trash before stays in Trash',
  );
});

t.test(
  'Undo without JavaScript: the status after the redirect (once), its form posted back, the enquiry as it was',
  async (t) => {
    const server = await serve(t);
    const client = await signedIn(server);
    const cases = [
      ...ACTIONS.map(({ action, before, message, undo }) => ({
        name: action,
        before,
        post: (id: number): [string, Fields] => [`/admin/enquiries/${id}/${action}`, {}],
        message,
        undo: (id: number) => undoOf(id, undo),
      })),
      {
        name: 'stage',
        before: undefined,
        post: (id: number): [string, Fields] => [`/admin/enquiries/${id}/stage`, { stage: 'won' }],
        message: (id: number) => `Stage of #${id} set to Won.`,
        undo: (id: number): { path: string; fields: Fields } => ({
          path: `/admin/enquiries/${id}/stage`,
          fields: { stage: 'new', onlyFrom: 'won', undo: 1 },
        }),
      },
      {
        name: 'bulk',
        before: undefined,
        post: (id: number): [string, Fields] => ['/admin/enquiries/bulk', { action: 'spam', id: [id] }],
        message: (id: number) => `Moved #${id} to Spam.`,
        undo: (id: number) => undoOf(id, ['bulk', 'notspam']),
      },
    ];
    const ids = await seed(
      server,
      cases.map(({ name }) => `FORM ${name}`),
    );
    for (const [i, { name, before, post, message, undo }] of cases.entries()) {
      const id = ids[i]!;
      // Half from the list (back at the row), half from the enquiry's own page.
      const fromList = i % 2 === 0;
      const back = fromList ? '/admin?q=FORM' : `/admin/enquiries/${id}?q=FORM`;
      const landing = fromList ? `${back}#enquiry-${id}` : back;
      // On its page, the admin has opened it (which marked it read).
      if (!fromList) t.equal((await client.request(back)).status, 200, `${name}: opened`);
      if (before && !(before === 'read' && !fromList))
        t.equal((await client.post(`/admin/enquiries/${id}/${before}`)).status, 200);
      const was = await stateOf(client, id);

      const [path, fields] = post(id);
      const response = await postForm(client, path, formFields(client, { ...fields, back }));
      t.equal(response.status, 303, `${name}: a form`);
      t.equal(response.headers.get('location'), landing, `${name}: back where it was`);
      t.not(JSON.stringify(await stateOf(client, id)), JSON.stringify(was), `${name}: changed`);

      const shown = await open<AdminSignedIn | AdminEnquiryPage>(client, back);
      t.same(shown.page.done, { message: message(id), undo: undo(id) }, `${name}: the page says what it did`);
      const form = undoFormOf(shown.html);
      t.ok(form, `${name}: with an Undo form`);
      t.equal(form!.action, undo(id).path);
      t.equal(form!.fields[0]![0], '_csrf', `${name}: the form sends the CSRF token`);
      t.same(
        form!.fields.slice(1),
        [['back', back], ...formFields(client, undo(id).fields).slice(1)],
        `${name}: where to come back, and the Undo's fields`,
      );
      // Said once: the next page has nothing to say (the list, as opening the enquiry again would mark it read).
      t.equal((await open<AdminSignedIn>(client, '/admin?q=FORM')).page.done, null, `${name}: said once`);
      t.not(JSON.stringify(await stateOf(client, id)), JSON.stringify(was), `${name}: still changed`);

      const undone = await postForm(client, form!.action, form!.fields);
      t.equal(undone.status, 303, `${name}: Undo, a form`);
      t.equal(undone.headers.get('location'), landing, `${name}: back where it was`);
      const after = await open<AdminSignedIn | AdminEnquiryPage>(client, back);
      t.same(after.page.done, { message: 'Undone.', undo: null }, `${name}: the page says it was undone`);
      t.equal(undoFormOf(after.html), null, `${name}: no Undo of the Undo`);
      t.same(await stateOf(client, id), was, `${name}: as it was`);
    }
  },
);

t.test('a form goes back to the list at its row, to an enquiry page as it was, or else to /admin', async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const [a, b] = await seed(server, ['BACK 1', 'BACK 2']);
  const star = (back: string) =>
    postForm(client, `/admin/enquiries/${a}/star`, formFields(client, { back })).then((response) =>
      response.headers.get('location'),
    );
  t.equal(await star('/admin'), `/admin#enquiry-${a}`);
  t.equal(await star('/admin?view=starred&q=x%20y'), `/admin?view=starred&q=x%20y#enquiry-${a}`);
  t.equal(await star(`/admin/enquiries/${a}?view=starred`), `/admin/enquiries/${a}?view=starred`, 'no fragment');
  t.equal(await star(`/admin/enquiries/${b}`), `/admin/enquiries/${b}`);
  for (const elsewhere of [
    'https://evil.example/admin',
    '//evil.example/admin',
    '/admin/audit',
    '/admin/enquiries/x',
    '/admin?view=spam#elsewhere',
    '/admin/enquiries/1/../../../x',
    '/admin\nLocation: https://evil.example',
  ])
    t.equal(await star(elsewhere), `/admin#enquiry-${a}`, `not ${JSON.stringify(elsewhere)}`);

  const bulk = (id: number[]) =>
    postForm(client, '/admin/enquiries/bulk', formFields(client, { action: 'read', id, back: '/admin?view=unread' }));
  t.equal((await bulk([a!])).headers.get('location'), `/admin?view=unread#enquiry-${a}`, 'one ticked: at its row');
  t.equal((await bulk([a!, b!])).headers.get('location'), '/admin?view=unread', 'several: the list as it was');
  const stage = await postForm(
    client,
    `/admin/enquiries/${b}/stage`,
    formFields(client, { stage: 'open', back: '/admin' }),
  );
  t.equal(stage.headers.get('location'), `/admin#enquiry-${b}`);
  const note = await postForm(client, `/admin/enquiries/${b}/notes`, formFields(client, { body: 'x', back: '/admin' }));
  t.equal(note.headers.get('location'), `/admin#enquiry-${b}`);
});

t.test(
  "an enquiry's page: the whole enquiry; opening it marks it read, a note or a stage does not; 404; signed out",
  async (t) => {
    const server = await serve(t);
    const client = await signedIn(server);
    const fields = makeEnquiry({
      subject: 'RFQ flanges',
      message: 'Please quote 500 flanges.\nDrawing attached.',
      product: 'flanges',
      company: 'Download GmbH',
      country: 'Germany',
      quantity: '2000',
      unit: 'pieces',
      material: 'P250GH',
    });
    t.equal((await postQuote(server.url, quoteForm(fields, [SAMPLE_DRAWINGS.pdf]))).status, 303);
    const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
    const note = await client.post(`/admin/enquiries/${id}/notes`, { body: 'Called him on Monday.' });
    t.equal(note.status, 201, 'a note: 201 with the note');
    t.match(await note.json(), { id: Number, body: 'Called him on Monday.' });
    t.equal((await client.post(`/admin/enquiries/${id}/stage`, { stage: 'open' })).status, 200);
    t.equal((await stateOf(client, id))!.read, false, 'a note and a stage leave it unread');

    const { page, html, status } = await open<AdminEnquiryPage>(client, `/admin/enquiries/${id}?q=Download`);
    t.equal(status, 200);
    t.equal(page.screen, 'enquiry');
    t.equal(page.enquiry.id, id);
    t.same(page.filter, {
      view: 'inbox',
      query: 'Download',
      stage: null,
      product: null,
      language: null,
      from: null,
      to: null,
    });
    t.equal(page.done, null);
    t.equal(page.enquiry.read, true, 'shown read');
    t.equal((await stateOf(client, id))!.read, true, 'opening it marked it read');
    t.equal(page.unread, 0, "the header's count counts it read");
    for (const text of [
      `#${id} ${fields.name}`,
      fields.email,
      'Download GmbH',
      'Germany',
      '2,000 pieces',
      'P250GH',
      'Called him on Monday.',
      `href="/admin/enquiries/${id}/drawings/`,
      'name="stage"',
      `Re%3A%20RFQ%20flanges%20%5B%23${id}%5D`,
      'href="https://wa.me/',
      `action="/admin/enquiries/${id}/unread"`,
      `action="/admin/enquiries/${id}/star"`,
      `action="/admin/enquiries/${id}/spam"`,
      `action="/admin/enquiries/${id}/trash"`,
      `action="/admin/enquiries/${id}/notes"`,
      `href="/admin?q=Download#enquiry-${id}"`,
    ])
      t.ok(html.includes(text), `the page has ${JSON.stringify(text)}`);
    t.match(html, /Please quote 500 flanges\.\r?\nDrawing attached\.<\/p>/, 'the message with its line breaks');
    t.ok(
      html.includes(`<input type="hidden" name="back" value="/admin/enquiries/${id}?q=Download"/>`),
      'forms come back here',
    );

    const missing = await client.request('/admin/enquiries/999999');
    t.equal(missing.status, 404, 'an unknown number');
    t.notOk((await missing.text()).includes('"screen":"enquiry"'));
    t.equal((await client.request('/admin/enquiries/abc')).status, 400);

    const stranger = new AdminClient(server.url);
    const signedOut = await stranger.request(`/admin/enquiries/${id}`);
    t.equal(signedOut.status, 303, 'signed out: to the sign-in form');
    t.equal(signedOut.headers.get('location'), '/admin');
  },
);

t.test('Newer and Older go through the list the enquiry was opened from (its view and search)', async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const ids = await seed(server, ['NEEDLE 1', 'plain 2', 'NEEDLE 3', 'plain 4', 'plain 5', 'NEEDLE 6']);
  const [e1, e2, e3, e4, e5, e6] = ids;
  for (const id of [e2, e4]) t.equal((await client.post(`/admin/enquiries/${id}/spam`)).status, 200);
  const around = async (id: number, search = '') => {
    const { page, html } = await open<AdminEnquiryPage>(client, `/admin/enquiries/${id}${search}`);
    return { newer: page.newer, older: page.older, html };
  };
  t.match(await around(e3!), { newer: e5, older: e1 }, 'the inbox: Spam left out');
  t.match(await around(e6!), { newer: null, older: e5 }, 'the newest has no newer');
  t.match(await around(e1!), { newer: e3, older: null }, 'the oldest no older');
  const searched = await around(e3!, '?q=NEEDLE');
  t.match(searched, { newer: e6, older: e1 }, 'within a search');
  t.ok(searched.html.includes(`rel="prev" href="/admin/enquiries/${e6}?q=NEEDLE"`), 'the links keep the search');
  t.ok(searched.html.includes(`rel="next" href="/admin/enquiries/${e1}?q=NEEDLE"`));
  t.match(await around(e4!, '?view=spam'), { newer: null, older: e2 }, 'within Spam');
  t.match(await around(e2!, '?view=spam'), { newer: e4, older: null });
  t.match(await around(e4!, '?view=spam&q=NEEDLE'), { newer: null, older: null }, 'not in the list: alone');
});

t.test('the list: one row per enquiry, with its details and no actions but the star and the box', async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const quote = makeEnquiry({
    subject: 'Gulf RFQ',
    message: 'Need   500 flanges\nurgently, with certificates.',
    product: 'flanges',
    company: 'Gulf Traders LLC',
    country: 'United Arab Emirates',
  });
  t.equal((await postQuote(server.url, quoteForm(quote, [SAMPLE_DRAWINGS.pdf]))).status, 303);
  const [plain] = await seed(server, ['Valve bodies']);
  const quoted = plain! - 1;
  const html = await client.openPanel();
  t.notOk(html.includes('enquiry-card'), 'no cards');
  const rows = [...html.matchAll(/<li id="enquiry-(\d+)" class="(inbox-row[^"]*)">(.*?)<\/li>/gs)];
  t.same(
    rows.map((row) => Number(row[1])),
    [plain, quoted],
    'newest first',
  );
  for (const [, , className, row] of rows) {
    t.equal(className, 'inbox-row inbox-row--unread', 'unread rows are marked');
    t.equal(row!.match(/<form/g)?.length, 1, 'one form: the star');
    t.equal(row!.match(/<button/g)?.length, 1, 'one button: the star');
    t.equal(row!.match(/type="checkbox"/g)?.length, 1, 'and the box for the bulk actions');
    t.match(row, /<time dateTime="\d{4}-\d\d-\d\dT/i, 'when it came');
    t.match(row, /<span class="stage stage--new">New<\/span>/, 'its stage');
  }
  const [plainRow = '', quotedRow = ''] = rows.map((row) => row[3]!);
  t.match(quotedRow, `>#${quoted}</span>`);
  for (const text of [
    quote.name,
    'Gulf Traders LLC',
    'Gulf RFQ',
    'United Arab Emirates',
    '<span class="visually-hidden">1 drawing</span>',
  ])
    t.ok(quotedRow.includes(text), `the row has ${JSON.stringify(text)}`);
  t.match(
    quotedRow,
    /<span class="inbox-row__snippet"> – (<!-- -->)?Need 500 flanges urgently, with certificates\.<\/span>/,
    "the message's first words, on one line",
  );
  t.ok(plainRow.includes('Valve bodies'), 'the subject');
  t.notOk(plainRow.includes('drawing'), 'no paperclip without drawings');
  t.ok(quotedRow.includes(`href="/admin/enquiries/${quoted}"`), 'the row opens the enquiry');

  await client.request(`/admin/enquiries/${quoted}`);
  t.match(await client.openPanel(), new RegExp(`<li id="enquiry-${quoted}" class="inbox-row">`), 'read once opened');
});

t.test("every signed-in screen carries the header's unread count", async (t) => {
  const server = await serve(t);
  const client = await signedIn(server);
  const ids = await seed(server, ['COUNT 1', 'COUNT 2', 'COUNT 3']);
  t.equal((await client.post(`/admin/enquiries/${ids[0]}/read`)).status, 200);
  t.equal((await client.post(`/admin/enquiries/${ids[1]}/spam`)).status, 200, 'Spam is not counted');
  for (const path of [...ADMIN_SCREENS.map((screen) => screen.path), `/admin/enquiries/${ids[0]}`]) {
    const { page, html, status } = await open<{ unread: number }>(client, path);
    t.equal(status, 200, path);
    t.equal(page.unread, 1, `${path}: one unread`);
    t.match(html, /<span class="admin-bar__count">1<span class="visually-hidden"> unread<\/span>/, `${path}: shown`);
  }
  const enquiry = (await (await client.request('/admin/api/enquiries?view=unread')).json()) as EnquiryList;
  t.same(
    enquiry.enquiries.map((item: Enquiry) => item.id),
    [ids[2]],
  );
});
