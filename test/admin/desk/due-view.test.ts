import t from 'tap';
import type { AdminEnquiryPage, AdminSignedIn, EnquiryList } from '../../../shared/admin/desk.js';
import { IN_VIEW } from '../../../server/enquiries/enquiry-reads.js';
import { startOfDay } from '../../../shared/time/time-zone.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { bootstrapOf } from '../../helpers/site-editor.js';
import { postJson, withServer, type TestServer } from '../../helpers/server.js';

const ZONE = 'Asia/Kolkata';
const env = { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' };
const DAY = '2026-12-01';

async function seed(server: TestServer, subject: string, columns: Record<string, unknown> = {}): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ subject }));
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  for (const [column, value] of Object.entries(columns))
    server.app.db.prepare(`UPDATE enquiries SET ${column} = ? WHERE id = ?`).run(value, id);
  return id;
}

t.test('Due: today and overdue follow-ups in the inbox, by date; the day turns at midnight in India', async (t) => {
  // 23:59 on 1 December in India (18:29 UTC): the clock the desk reads "today" by.
  const clock = testClock();
  clock.advance(startOfDay(DAY, ZONE).getTime() + (23 * 60 + 59) * 60_000 - Date.now());
  const server = await withServer(t, { env, listen: false, clock });
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const today = await seed(server, 'Due today', { follow_up_on: DAY, status: 'quoted' });
  const tomorrow = await seed(server, 'Due tomorrow', { follow_up_on: '2026-12-02', status: 'open' });
  const overdue = await seed(server, 'Overdue', { follow_up_on: '2026-11-20', follow_up_note: 'Call', status: 'open' });
  const sameDay = await seed(server, 'Also today', { follow_up_on: DAY });
  await seed(server, 'Won', { follow_up_on: '2026-11-20', status: 'won' });
  await seed(server, 'Lost', { follow_up_on: '2026-11-20', status: 'lost' });
  await seed(server, 'In Trash', { follow_up_on: '2026-11-20', trashed_at: new Date().toISOString() });
  await seed(server, 'In Spam', { follow_up_on: '2026-11-20', spam_reason: 'Too fast.' });
  await seed(server, 'No follow-up');

  const due = async () => (await (await client.request('/admin/api/enquiries?view=due')).json()) as EnquiryList;
  const before = await due();
  t.same(
    before.enquiries.map((enquiry) => enquiry.id),
    [overdue, today, sameDay],
    '23:59 in India: overdue, then today (by date, then number)',
  );
  t.equal(before.filtered, 3);
  t.equal(before.due, 3, "the view's count");

  clock.advance(2 * 60_000); // 00:01 on 2 December in India (18:31 UTC, still 1 December there)
  const after = await due();
  t.same(
    after.enquiries.map((enquiry) => enquiry.id),
    [overdue, today, sameDay, tomorrow],
    '00:01: tomorrow is today',
  );
  t.equal(after.due, 4);

  // The panel: the Due tab with its count, the rows with their follow-up (overdue said in words).
  const html = await client.openPanel('?view=due');
  const panel = bootstrapOf(html).pageData.admin as AdminSignedIn;
  t.equal(panel.filter.view, 'due');
  t.match(html, /<a href="\/admin\?view=due" aria-current="page">Due<!-- --> \(4\)<\/a>/);
  const row = (id: number) =>
    html.slice(html.indexOf(`<li id="enquiry-${id}"`), html.indexOf('</li>', html.indexOf(`<li id="enquiry-${id}"`)));
  t.match(row(overdue), /inbox-row__follow-up--overdue">.*20 Nov.* \(overdue\)/s, 'overdue, in words');
  t.match(
    row(overdue),
    /<p class="inbox-row__reminder" title="Call"><span class="visually-hidden">Reminder: <\/span><bdi dir="auto">Call<\/bdi><\/p>/,
    'with its reminder',
  );
  t.notMatch(row(tomorrow), 'inbox-row__reminder', 'a follow-up without a reminder has no such line');
  t.match(row(tomorrow), /2 Dec.* \(today\)/s);
  t.notMatch(row(tomorrow), 'overdue');

  // The list's Newer and Older follow the view's order.
  const opened = await client.request(`/admin/enquiries/${today}?view=due`);
  const page = bootstrapOf(await opened.text()).pageData.admin as AdminEnquiryPage;
  t.same([page.newer, page.older], [overdue, sameDay]);

  // The CSV of the view, and a bulk action from it.
  const csv = (await (await client.request('/admin/export.csv?view=due')).text()).split('\r\n').filter(Boolean);
  t.equal(csv.length, 5, 'the header and the four due');
  t.match(csv[1], 'Overdue');
  const bulk = await client.post('/admin/enquiries/bulk', { action: 'trash', id: [overdue, today] });
  t.equal(bulk.status, 200);
  t.same(
    (await due()).enquiries.map((enquiry) => enquiry.id),
    [sameDay, tomorrow],
  );

  // Counted from its index, never from the whole table.
  const plan = server.app.db
    .prepare(`EXPLAIN QUERY PLAN SELECT count(*) FROM enquiries WHERE ${IN_VIEW.due}`)
    .all({ today: DAY }) as { detail: string }[];
  t.match(plan.map((step) => step.detail).join('\n'), /USING INDEX enquiries_due/);
});

t.test('a page of Due goes on after its last row (keyset by date and number)', async (t) => {
  const server = await withServer(t, { env, listen: false });
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const ids: number[] = [];
  for (let n = 0; n < 55; n++)
    ids.push(await seed(server, `Due ${n}`, { follow_up_on: `2026-10-${String(30 - (n % 30)).padStart(2, '0')}` }));
  const first = (await (await client.request('/admin/api/enquiries?view=due')).json()) as EnquiryList;
  t.equal(first.enquiries.length, 50);
  t.ok(first.next);
  const second = (await (
    await client.request(`/admin/api/enquiries?view=due&after=${first.next}`)
  ).json()) as EnquiryList;
  const seen = [...first.enquiries, ...second.enquiries];
  t.equal(seen.length, 55, 'every one once');
  t.equal(new Set(seen.map((enquiry) => enquiry.id)).size, 55);
  const keys = seen.map((enquiry) => `${enquiry.followUp!.on}_${String(enquiry.id).padStart(3, '0')}`);
  t.same(keys, [...keys].sort(), 'by date, then number');
});
