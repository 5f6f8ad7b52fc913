import t from 'tap';
import type { AdminEnquiryPage, Done } from '../../../shared/admin/desk.js';
import { addDays, formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import { startOfDay } from '../../../shared/time/time-zone.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { bootstrapOf } from '../../helpers/site-editor.js';
import { postJson, withServer, type Teardown, type TestServer } from '../../helpers/server.js';

const ZONE = 'Asia/Kolkata';
const env = { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000', FOLLOW_UP_DAYS: '3' };

/** The site's clock at 10:00 in India, on a fixed day: the follow-ups' days are known. */
const TODAY = '2026-12-01';
async function setUp(t: Teardown) {
  const clock = testClock();
  clock.advance(startOfDay(TODAY, ZONE).getTime() + 10 * 3_600_000 - Date.now());
  const server = await withServer(t, { env, listen: false, clock });
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, client, clock };
}

async function seed(server: TestServer): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry());
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  return server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
}

const followUpOf = (server: TestServer, id: number) =>
  server.app.db.prepare('SELECT follow_up_on AS "on", follow_up_note AS note FROM enquiries WHERE id = ?').get(id);
const followUpEvents = (server: TestServer, id: number) =>
  server.app.db
    .prepare("SELECT actor, detail FROM enquiry_events WHERE enquiry_id = ? AND kind = 'follow-up' ORDER BY id")
    .all(id);

const postForm = (client: AdminClient, path: string, fields: Record<string, string>) =>
  client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: client.csrfToken, ...fields }).toString(),
  });

t.test('set and clear a follow-up with a form (no JavaScript): 303 back, said once, on the page', async (t) => {
  const { server, client } = await setUp(t);
  const id = await seed(server);
  const page = `/admin/enquiries/${id}`;
  const set = await postForm(client, `${page}/follow-up`, {
    on: '2026-12-04',
    note: 'Call Priya <re: drawing>',
    back: page,
  });
  t.equal(set.status, 303);
  t.equal(set.headers.get('location'), page);
  t.same(followUpOf(server, id), { on: '2026-12-04', note: 'Call Priya <re: drawing>' });
  const html = await (await client.request(page)).text();
  const data = bootstrapOf(html).pageData.admin as AdminEnquiryPage;
  t.equal(data.done?.message, `Follow-up of #${id} on 4 Dec.`);
  t.match(html, 'Next action on 4 Dec 2026: Call Priya &lt;re: drawing&gt;');
  t.match(
    html,
    /<label for="enquiry-\d+-follow-up-on">Date<\/label><input id="enquiry-\d+-follow-up-on" type="date" required="" name="on" value="2026-12-04"\/>/,
  );
  t.match(html, /<button type="submit" value="1" formNoValidate=""[^>]*name="clear">Clear/, 'a Clear button');
  t.match(html, 'Follow-up: 2026-12-04: Call Priya &lt;re: drawing&gt;', 'in the timeline');

  const cleared = await postForm(client, `${page}/follow-up`, { on: '', note: '', clear: '1', back: page });
  t.equal(cleared.status, 303);
  t.same(followUpOf(server, id), { on: null, note: null });
  t.same(followUpEvents(server, id), [
    { actor: TEST_ADMIN.email, detail: '2026-12-04: Call Priya <re: drawing>' },
    { actor: TEST_ADMIN.email, detail: 'cleared' },
  ]);
  const after = await (await client.request(page)).text();
  t.equal((bootstrapOf(after).pageData.admin as AdminEnquiryPage).done?.message, `Follow-up of #${id} cleared.`);
  t.match(after, 'No follow-up date set.');

  const wrong = await postForm(client, `${page}/follow-up`, { on: '2026-02-30', note: '', back: page });
  t.equal(wrong.status, 303, 'a day that does not exist: back to the page …');
  const said = await (await client.request(page)).text();
  t.equal(
    (bootstrapOf(said).pageData.admin as AdminEnquiryPage).done?.message,
    'Follow-up not set: Give the follow-up date as a real calendar day.',
    '… which says why',
  );
  t.same(followUpOf(server, id), { on: null, note: null }, 'nothing changed');
});

t.test('the JSON API: validation, Undo, 404, CSRF', async (t) => {
  const { server, client } = await setUp(t);
  const id = await seed(server);
  const path = `/admin/enquiries/${id}/follow-up`;
  for (const [on, why] of [
    ['2026-02-29', 'not a leap year'],
    ['2026-13-01', 'no such month'],
    ['tomorrow', 'not a date'],
    ['', 'empty'],
    ['2029-01-01', 'more than two years ahead'],
    ['2025-11-01', 'more than a year ago'],
  ] as const) {
    const response = await client.post(path, { on, note: '' });
    t.equal(response.status, 400, why);
  }
  t.equal((await client.post(path, { on: '2026-12-02', note: 'x'.repeat(201) })).status, 400, 'a reminder too long');
  t.same(followUpOf(server, id), { on: null, note: null });

  const set = await client.post(path, { on: '2026-11-30', note: 'Overdue already' });
  t.equal(set.status, 200, 'a day in the past is allowed (it is overdue at once)');
  const { done, followUp } = (await set.json()) as { done: Done; followUp: unknown };
  t.same(followUp, { on: '2026-11-30', note: 'Overdue already' });
  t.same(done, {
    message: `Follow-up of #${id} on 30 Nov.`,
    undo: { path, fields: { clear: 1, undo: 1 } },
  });
  await client.post(path, { on: '2027-01-15', note: 'Next year' });
  const again = (await (await client.post(path, { on: '2027-01-20', note: '' })).json()) as { done: Done };
  t.equal(again.done.message, `Follow-up of #${id} on 20 Jan 2027.`, 'another year says so');
  const undone = await client.post(again.done.undo!.path, again.done.undo!.fields);
  t.equal(((await undone.json()) as { done: Done }).done.message, 'Undone.');
  t.same(followUpOf(server, id), { on: '2027-01-15', note: 'Next year' }, 'Undo puts the one it had back');

  t.equal((await client.post('/admin/enquiries/99999/follow-up', { on: '2026-12-02' })).status, 404);
  const forged = await client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clear: 1 }),
  });
  t.equal(forged.status, 403, 'no CSRF token: refused');
  t.same(followUpOf(server, id), { on: '2027-01-15', note: 'Next year' });
});

t.test('setting the stage to Quoted proposes a follow-up in FOLLOW_UP_DAYS, unless one is set', async (t) => {
  const { server, client } = await setUp(t);
  const id = await seed(server);
  const quoted = await client.post(`/admin/enquiries/${id}/stage`, { stage: 'quoted' });
  const answer = (await quoted.json()) as { done: Done; followUp: unknown };
  const on = addDays(TODAY, 3);
  t.equal(answer.done.message, `Stage of #${id} set to Quoted. Follow-up on ${formatFollowUpDay(on, TODAY)}.`);
  t.equal(answer.done.message, `Stage of #${id} set to Quoted. Follow-up on 4 Dec.`);
  t.same(answer.followUp, { on, note: 'Follow up on the quote' });
  t.same(followUpOf(server, id), { on, note: 'Follow up on the quote' });
  const html = await (await client.request(`/admin/enquiries/${id}`)).text();
  t.match(html, 'Next action on 4 Dec 2026: Follow up on the quote', 'visible on the page, in its form');
  t.match(html, 'value="2026-12-04"');
  const undo = answer.done.undo!;
  t.same(undo.fields, { stage: 'new', onlyFrom: 'quoted', undo: 1, proposed: on });
  t.equal((await client.post(undo.path, undo.fields)).status, 200);
  t.same(followUpOf(server, id), { on: null, note: null }, 'its Undo takes the proposed follow-up back too');

  // Another enquiry already has one: Quoted leaves it.
  const other = await seed(server);
  await client.post(`/admin/enquiries/${other}/follow-up`, { on: '2026-12-20', note: 'Trade fair' });
  const second = (await (await client.post(`/admin/enquiries/${other}/stage`, { stage: 'quoted' })).json()) as {
    done: Done;
  };
  t.equal(second.done.message, `Stage of #${other} set to Quoted.`);
  t.same(followUpOf(server, other), { on: '2026-12-20', note: 'Trade fair' });
});
