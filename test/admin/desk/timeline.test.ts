import t from 'tap';
import type { AdminEnquiryPage, EnquiryList } from '../../../shared/admin/desk.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { bootstrapOf } from '../../helpers/site-editor.js';
import { postJson, withServer, type Teardown, type TestServer } from '../../helpers/server.js';

const env = { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' };

async function setUp(t: Teardown) {
  const server = await withServer(t, { env, listen: false });
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, client };
}

async function seed(server: TestServer, fields: Record<string, string> = {}): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry(fields));
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  return server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
}

const eventsOf = (server: TestServer, id: number) =>
  server.app.db.prepare('SELECT actor, kind, detail FROM enquiry_events WHERE enquiry_id = ? ORDER BY id').all(id);

/** A form as a browser without JavaScript posts it. */
const postForm = (client: AdminClient, path: string, fields: Record<string, string>) =>
  client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: client.csrfToken, ...fields }).toString(),
  });

t.test('the desk records stage changes, Spam, Trash and back, one by one and in bulk, by the admin', async (t) => {
  const { server, client } = await setUp(t);
  const id = await seed(server);
  const other = await seed(server);
  const by = TEST_ADMIN.email;

  t.equal((await client.post(`/admin/enquiries/${id}/stage`, { stage: 'open' })).status, 200);
  t.equal((await client.post(`/admin/enquiries/${id}/stage`, { stage: 'open' })).status, 200, 'already Open');
  t.equal((await postForm(client, `/admin/enquiries/${id}/spam`, { back: '/admin' })).status, 303, 'Spam (a form)');
  t.equal((await client.post(`/admin/enquiries/${id}/notspam`)).status, 200);
  t.equal((await client.post('/admin/enquiries/bulk', { action: 'trash', id: [id, other] })).status, 200);
  t.equal((await client.post('/admin/enquiries/bulk', { action: 'restore', id: [id] })).status, 200);
  t.equal(
    (
      await client.request(`/admin/api/enquiries/${other}`, {
        method: 'DELETE',
        headers: { 'x-csrf-token': client.csrfToken },
      })
    ).status,
    404,
    'Delete of one already in Trash changes nothing',
  );
  t.equal((await client.post(`/admin/enquiries/${id}/read`)).status, 200, 'read: not in the timeline');

  t.same(eventsOf(server, id), [
    { actor: by, kind: 'stage', detail: 'New → Open' },
    { actor: by, kind: 'spam', detail: null },
    { actor: by, kind: 'notspam', detail: null },
    { actor: by, kind: 'trash', detail: null },
    { actor: by, kind: 'restore', detail: null },
  ]);
  t.same(eventsOf(server, other), [{ actor: by, kind: 'trash', detail: null }], 'each ticked enquiry its own');

  // An Undo is an action like any other: its change is recorded too.
  const undo = (await (await client.post(`/admin/enquiries/${id}/stage`, { stage: 'won' })).json()) as {
    done: { undo: { path: string; fields: Record<string, unknown> } };
  };
  await client.post(undo.done.undo.path, undo.done.undo.fields);
  t.same(eventsOf(server, id).slice(-2), [
    { actor: by, kind: 'stage', detail: 'Open → Won' },
    { actor: by, kind: 'stage', detail: 'Won → Open' },
  ]);
});

t.test('the timeline: in time order, who and when; replies as text; links clickable only when asked', async (t) => {
  const { server, client } = await setUp(t);
  const id = await seed(server, { subject: 'Flanges for Jebel Ali' });
  await client.post(`/admin/enquiries/${id}/stage`, { stage: 'open' });
  await client.post(`/admin/enquiries/${id}/notes`, { body: 'Called <b>Priya</b>' });
  const db = server.app.db;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
  db.prepare(
    `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (?, 'x', 'Quote 58.pdf', 2048, 'pdf', '00')`,
  ).run(id);
  const fileId = db.prepare('SELECT max(id) FROM enquiry_files').pluck().get() as number;
  const insertMessage = db.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDelivery = db.prepare(
    `INSERT INTO deliveries (enquiry_id, reply_id, channel, event, status, error, tries, created_at)
     VALUES (?, ?, 'reply', 'reply.sent', ?, ?, ?, ?)`,
  );
  /** A message of the thread; a sent one with its delivery in the outbox, as the reply store writes them. */
  const insert = {
    run(
      ...row: [number, string, string, string, string, string, string, string, string | null, string | null, number]
    ) {
      const [enquiryId, , , , , , , at, status, error, tries] = row;
      const message = insertMessage.run(...row.slice(0, 8));
      if (status) insertDelivery.run(enquiryId, message.lastInsertRowid, status, error, tries, at);
      return message;
    },
  };
  const sent = Number(
    insert.run(
      id,
      'sent',
      'a@forge.test',
      TEST_ADMIN.email,
      'buyer@example.de',
      'Re: Flanges',
      'Our quote is attached.\nValid 30 days.',
      later(5),
      'pending',
      '451 Mailbox busy',
      2,
    ).lastInsertRowid,
  );
  db.prepare('INSERT INTO enquiry_message_files (message_id, file_id) VALUES (?, ?)').run(sent, fileId);
  const hostile =
    '<script>alert(1)</script> See https://evil.example/x?a=1&b=2 and <a href="https://evil.example">this</a>.';
  insert.run(
    id,
    'received',
    'b@example.de',
    'buyer@example.de',
    'desk@forge.test',
    'Re: Re: Flanges',
    hostile,
    later(10),
    null,
    null,
    0,
  );
  insert.run(
    id,
    'sent',
    'c@forge.test',
    TEST_ADMIN.email,
    'buyer@example.de',
    'Re: Flanges',
    'Bounced.',
    later(15),
    'failed',
    '550 No such user',
    6,
  );

  const response = await client.request(`/admin/enquiries/${id}`);
  t.equal(response.status, 200);
  const html = await response.text();
  const page = bootstrapOf(html).pageData.admin as AdminEnquiryPage;
  t.same(
    page.timeline.map((item) => item.kind),
    ['enquiry', 'event', 'note', 'message', 'message', 'message'],
    'in time order',
  );
  const timeline = html.slice(
    html.indexOf('<ol class="timeline__items">'),
    html.indexOf('</ol>', html.indexOf('<ol class="timeline__items">')),
  );
  const titles = [...timeline.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((match) => match[1]);
  t.same(
    titles,
    [
      'Enquiry received',
      'Stage changed: New → Open',
      'Note',
      'Reply: Not sent yet — the mail server is busy and asked to try later; trying again',
      'Reply received',
      'Reply: Not sent — the mail server refused the buyer’s address',
    ],
    'each item with its heading: "Reply sent" only once the mail server accepted it',
  );
  t.match(timeline, `${TEST_ADMIN.email}, <time`, 'who (the admin) and when');
  t.match(
    timeline,
    /buyer\d+@example\.de, <time datetime="[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d<\/time>/i,
    'the buyer, at a time in India',
  );
  t.match(timeline, 'Called &lt;b&gt;Priya&lt;/b&gt;', 'a note as text');
  t.notOk(html.includes('<script>alert(1)'), 'never HTML');
  t.match(
    timeline,
    '<pre class="timeline__body">&lt;script&gt;alert(1)&lt;/script&gt; See https://evil.example/x?a=1&amp;b=2 and &lt;a href=',
  );
  t.notMatch(timeline, /<a [^>]*href="https:\/\/evil/, 'the link is text');
  t.match(
    timeline,
    'Not sent yet after 2 tries: the mail server is busy and asked to try later. It is tried again shortly.</p><details class="timeline__details"><summary>Details</summary><p>The mail server said: 451 Mailbox busy</p></details>',
  );
  t.match(
    timeline,
    'Not sent after 6 tries: the mail server refused the buyer’s address. Retry it, or edit it and send it again.</p><details class="timeline__details"><summary>Details</summary><p>The mail server said: 550 No such user</p></details>',
  );
  t.match(timeline, /action="\/admin\/enquiries\/\d+\/replies\/\d+\/retry"/, 'Retry');
  t.match(
    timeline,
    `href="/admin/enquiries/${id}/drawings/${fileId}" download="Quote 58.pdf"`,
    'its files, to download',
  );
  t.notMatch(html, 'Internal notes</h2><ul>', 'the notes are in the timeline, not listed apart');
  t.match(html, /<textarea[^>]*name="body"/, 'the note form stays');

  const control = /<a href="([^"]*links=1)">Make links clickable<\/a>/.exec(html);
  t.ok(control, '"Make links clickable": a link');
  const clickable = await (await client.request(control![1]!.replace(/&amp;/g, '&'))).text();
  t.match(
    clickable,
    '<a href="https://evil.example/x?a=1&amp;b=2" rel="noopener noreferrer nofollow ugc" target="_blank">https://evil.example/x?a=1&amp;b=2</a>',
  );
  t.notOk(clickable.includes('<script>alert(1)'), 'still no HTML');
  t.match(
    clickable,
    '&lt;a href=&quot;<a href="https://evil.example"',
    'the address inside the markup is a link, the markup text',
  );
});

t.test('the list says whose turn it is, and since when, for New, Open and Quoted', async (t) => {
  const { server, client } = await setUp(t);
  const ours = await seed(server);
  const theirs = await seed(server);
  const won = await seed(server);
  const fresh = await seed(server);
  const db = server.app.db;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
  db.prepare("UPDATE enquiries SET status = 'open', last_message_at = ? WHERE id = ?").run(hoursAgo(5), ours);
  db.prepare('UPDATE enquiries SET last_message_at = ? WHERE id = ?').run(hoursAgo(5), fresh);
  db.prepare("UPDATE enquiries SET status = 'quoted', awaiting = 'buyer', last_message_at = ? WHERE id = ?").run(
    hoursAgo(75),
    theirs,
  );
  db.prepare("UPDATE enquiries SET status = 'won' WHERE id = ?").run(won);
  const html = await client.openPanel();
  const row = (id: number) =>
    html.slice(html.indexOf(`<li id="enquiry-${id}"`), html.indexOf('</li>', html.indexOf(`<li id="enquiry-${id}"`)));
  t.match(row(ours), /awaiting us<\/span>.*?>5 h<span/s, '"awaiting us", 5 h');
  t.match(row(theirs), /awaiting buyer<\/span>.*?>3 d<span/s, '"awaiting buyer", 3 d');
  t.notMatch(row(won), 'awaiting', 'not once Won');
  t.notMatch(row(fresh), 'awaiting us', 'a New row does not also say "awaiting us"');
  t.match(row(fresh), />Last message <\/span>5 h<span/, 'only how long');
  const list = (await (await client.request('/admin/api/enquiries')).json()) as EnquiryList;
  t.equal(list.enquiries.find((enquiry) => enquiry.id === theirs)!.awaiting, 'buyer');
});
