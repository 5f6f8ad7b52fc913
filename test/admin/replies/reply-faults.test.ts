import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import t from 'tap';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { multipartBody, sendPartAndHangUp, startRawRequest } from '../../helpers/raw-request.js';
import { withServer, type Teardown, type TestServer } from '../../helpers/server.js';
import { repliesTo, testSmtp } from '../../helpers/smtp.js';

const smtp = await testSmtp();
t.teardown(smtp.close);
const env = { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test', ...TEST_ADMIN_ENV };
const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 0x20)]);

async function deskWithEnquiry(t: Teardown & Pick<typeof import('tap').default, 'equal'>, listen: boolean) {
  const server = await withServer(t, { env, listen });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const form = quoteForm(makeEnquiry({ email: 'ravi@buyer.example' }), [SAMPLE_DRAWINGS.pdf]);
  t.equal((await postQuote(server.url, form)).status, 303);
  const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  return { server, admin, id, before: uploads(server) };
}

const uploads = (server: TestServer) => readdirSync(join(server.dataDir, 'uploads')).sort();
const temporary = (server: TestServer) => readdirSync(join(server.dataDir, 'uploads', '.tmp'));
const messages = (server: TestServer) => server.app.db.prepare('SELECT count(*) FROM enquiry_messages').pluck().get();

t.test('storage failing: 503 with Retry-After, the text kept, no message and no file left', async (t) => {
  const { server, admin, id, before } = await deskWithEnquiry(t, false);
  server.app.db.pragma('query_only = ON');
  t.teardown(() => server.app.db.pragma('query_only = OFF'));
  const form = new FormData();
  form.append('_csrf', admin.csrfToken);
  form.append('body', 'Our offer: 12 weeks ex works.');
  form.append('files', new Blob([new Uint8Array(pdf(1000))]), 'offer.pdf');
  const answer = await admin.request(`/admin/enquiries/${id}/reply`, { method: 'POST', body: form });
  t.equal(answer.status, 503);
  t.equal(answer.headers.get('retry-after'), '60');
  const page = await answer.text();
  t.match(page, /The reply could not be saved/);
  t.match(page, /Our offer: 12 weeks ex works\./, 'the text is kept');
  server.app.db.pragma('query_only = OFF');
  t.equal(messages(server), 0, 'no message');
  t.same(uploads(server), before, 'the upload moved in was removed');
  t.same(temporary(server), []);
  t.equal(server.app.db.prepare('SELECT status FROM enquiries WHERE id = ?').pluck().get(id), 'new');
});

t.test('a client that hangs up mid-upload leaves no file behind', async (t) => {
  const { server, admin, id, before } = await deskWithEnquiry(t, true);
  const boundary = 'replyhangup';
  const body = multipartBody(boundary, { _csrf: admin.csrfToken, body: 'Attached.' }, [
    { field: 'files', fileName: 'first.pdf', type: 'application/pdf', bytes: pdf(1000) },
    { field: 'files', fileName: 'second.pdf', type: 'application/pdf', bytes: pdf(2 * 1024 * 1024) },
  ]);
  const socket = await startRawRequest(server.url, {
    path: `/admin/enquiries/${id}/reply`,
    headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    contentLength: body.length,
  });
  await sendPartAndHangUp(socket, body.subarray(0, Math.floor(body.length / 2)));
  // The server notices the hang-up on its own time: looked at for at most 5 s.
  for (let tries = 0; tries < 100 && temporary(server).length > 0; tries++) await wait(50);
  t.same(temporary(server), [], 'no temporary file');
  t.same(uploads(server), before, 'nothing moved in');
  t.equal(messages(server), 0, 'no message');
});

t.test('a reply refused before a restart is sent after it', async (t) => {
  const refusing = await testSmtp();
  t.teardown(refusing.close);
  refusing.state.refusing = true;
  const replyEnv = { ...env, SMTP_URL: refusing.url };
  const first = await withServer(t, { env: replyEnv, listen: false });
  const admin = new AdminClient(first.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal((await postQuote(first.url, quoteForm(makeEnquiry({ email: 'ravi@buyer.example' })))).status, 303);
  const id = first.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  const form = new FormData();
  form.append('_csrf', admin.csrfToken);
  form.append('body', 'Sent across a restart.');
  t.equal((await admin.request(`/admin/enquiries/${id}/reply`, { method: 'POST', body: form })).status, 303);
  await first.app.replies!.queue.run();
  t.equal(first.app.db.prepare("SELECT status FROM deliveries WHERE channel = 'reply'").pluck().get(), 'pending');
  await first.close();

  refusing.state.refusing = false;
  const clock = testClock();
  clock.advance(61_000); // the next try is due
  const second = await withServer(t, { env: replyEnv, dataDir: first.dataDir, clock, listen: false });
  await second.app.replies!.queue.run();
  t.match(second.app.db.prepare("SELECT status, tries FROM deliveries WHERE channel = 'reply'").get(), {
    status: 'sent',
    tries: 2,
  });
  t.equal(repliesTo(refusing, 'ravi@buyer.example').length, 1);
});
