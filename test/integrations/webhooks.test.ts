import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import t from 'tap';
import { postWebhook, publicOnlyLookup } from '../../server/integrations/webhook-post.js';
import { targetProblem } from '../../server/integrations/webhook-targets.js';
import { queueQuotationAccepted } from '../../server/integrations/webhook-events.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../server/integrations/webhook-outbox.js';
import { INTEGRATIONS_TEXT } from '../../shared/admin/texts.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { testClock } from '../helpers/clock.js';
import { formTokenFor } from '../helpers/form-token.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../helpers/drawings.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { postJson, withServer } from '../helpers/server.js';

/** What the receiver was sent: the raw body and the headers, by path. */
interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * One real HTTP receiver for every endpoint: /ok answers 204, /flaky 500 then 204, /gone 410 and
 * /silent never answers (its connections are ended when the test ends).
 */
const received = new Map<string, Received[]>();
const receiver = createServer((request, response: ServerResponse) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url!;
    const list = received.get(path) ?? [];
    list.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers });
    received.set(path, list);
    if (path.startsWith('/silent')) return;
    const status = path.startsWith('/gone') ? 410 : path.startsWith('/flaky') && list.length === 1 ? 500 : 204;
    response.writeHead(status).end();
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
t.teardown(() => {
  receiver.closeAllConnections();
  receiver.close();
});
const receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;

/**
 * How long the site waits for a receiver's answer: /silent waits it out twice. Not shorter: on a busy
 * machine the file's first POST took over 0.3 s, timed out, and the delivery waited for its retry.
 */
const ANSWER_LIMIT_S = 5;
const clock = testClock();
const server = await withServer(t, {
  clock,
  env: {
    ...TEST_ADMIN_ENV,
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_TIMEOUT_SECONDS: String(ANSWER_LIMIT_S),
    ENQUIRY_RATE_LIMIT: '1000',
  },
});
const admin = new AdminClient(server.url);
await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
const db = server.app.db;

interface DeliveryRow {
  id: number;
  enquiry_id: number;
  event: string;
  status: string;
  tries: number;
  error: string | null;
  response_code: number | null;
  next_at: string | null;
}
const deliveriesTo = (endpointId: number) =>
  db.prepare<[number], DeliveryRow>('SELECT * FROM deliveries WHERE endpoint_id = ? ORDER BY id').all(endpointId);

/** Adds an endpoint through the screen's plain form; its id and the secret the screen shows once. */
async function addEndpoint(path: string, events = ['enquiry.received']): Promise<{ id: number; secret: string }> {
  const form = new URLSearchParams({ _csrf: admin.csrfToken, url: `${receiverUrl}${path}` });
  for (const event of events) form.append('events', event);
  const response = await admin.request('/admin/integrations', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  if (response.status !== 303) throw new Error(`adding ${path}: ${response.status}`);
  const html = await (await admin.request(response.headers.get('location')!)).text();
  const id = db
    .prepare<[string], number>('SELECT id FROM webhook_endpoints WHERE url = ?')
    .pluck()
    .get(`${receiverUrl}${path}`)!;
  return { id, secret: /whsec_[A-Za-z0-9+/=]+/.exec(html)![0] };
}

/** A plain form on the screen: the CSRF token only. */
const postAction = (path: string, csrf = admin.csrfToken) =>
  admin.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf }).toString(),
  });

/** The stage form of an enquiry's page. */
const setStage = (enquiryId: number, stage: string) =>
  admin.request(`/admin/enquiries/${enquiryId}/stage`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken, stage }).toString(),
  });

/** Sends an enquiry as the JSON API takes it; its id. */
async function sendEnquiry(overrides: Record<string, string> = {}): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry(overrides));
  return ((await response.json()) as { reference: number }).reference;
}

/** Each endpoint is removed when its subtest ends, so the next subtest's events reach only its own. */
async function removeEndpoint(id: number): Promise<void> {
  await postAction(`/admin/integrations/${id}/remove`);
}

t.test(
  'an enquiry is sent to the endpoint, signed as Standard Webhooks says, with its fields and a link',
  async (t) => {
    const { id, secret } = await addEndpoint('/ok');
    t.teardown(() => removeEndpoint(id));
    const enquiryId = await sendEnquiry();
    t.equal(deliveriesTo(id).length, 1, 'the delivery was queued with the enquiry');
    await server.app.webhooks.run();
    const [delivery] = received.get('/ok') ?? [];
    const headers = delivery!.headers as Record<string, string>;
    t.equal(headers['webhook-id'], `msg_${deliveriesTo(id)[0]!.id}`);
    t.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/=]+$/);
    const payload = new Webhook(secret).verify(delivery!.body, headers) as {
      type: string;
      data: { enquiry: { id: number; url: string; name: string; stage: string } };
    };
    t.equal(payload.type, 'enquiry.received');
    t.equal(payload.data.enquiry.id, enquiryId);
    t.equal(payload.data.enquiry.stage, 'new');
    t.match(payload.data.enquiry.url, new RegExp(`^https?://[^/]+/admin/enquiries/${enquiryId}$`), 'a link to it');
    t.match(deliveriesTo(id)[0], { status: 'sent', tries: 1, response_code: 204 });
    t.throws(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery!.body, headers));
  },
);

t.test('a stage change and a quotation accepted are sent to the endpoints that take them', async (t) => {
  const { id, secret } = await addEndpoint('/ok-events', ['enquiry.stage_changed', 'quotation.accepted']);
  t.teardown(() => removeEndpoint(id));
  const enquiryId = await sendEnquiry();
  t.equal(deliveriesTo(id).length, 0, 'not taking enquiry.received, it is sent none');
  t.equal((await setStage(enquiryId, 'quoted')).status, 303);
  db.transaction(() => queueQuotationAccepted(db, enquiryId, { number: 'Q-7', total: 1200, currency: 'EUR' }))();
  await server.app.webhooks.run();
  const payloads = (received.get('/ok-events') ?? []).map(
    ({ body, headers }) =>
      new Webhook(secret).verify(body, headers as Record<string, string>) as Record<string, unknown>,
  );
  t.match(payloads, [
    { type: 'enquiry.stage_changed', data: { stage: { from: 'new', to: 'quoted' }, enquiry: { id: enquiryId } } },
    { type: 'quotation.accepted', data: { quotation: { number: 'Q-7' }, enquiry: { id: enquiryId, stage: 'quoted' } } },
  ]);
});

t.test('an enquiry in Spam never fires', async (t) => {
  const { id } = await addEndpoint('/ok-spam', ['enquiry.received', 'enquiry.stage_changed']);
  t.teardown(() => removeEndpoint(id));
  // A form token this site did not sign: filed in Spam (answered as accepted, without a reference).
  await sendEnquiry({ form_token: `${formTokenFor(server.url)!.slice(0, -4)}AAAA` });
  const spamId = db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  t.ok(db.prepare('SELECT spam_reason FROM enquiries WHERE id = ?').pluck().get(spamId), 'it is in Spam');
  t.equal((await setStage(spamId, 'open')).status, 303);
  t.equal(db.prepare('SELECT status FROM enquiries WHERE id = ?').pluck().get(spamId), 'open', 'its stage changed');
  await server.app.webhooks.run();
  t.same(deliveriesTo(id), [], 'nothing queued');
  t.equal(received.get('/ok-spam'), undefined, 'nothing sent');
});

t.test('the payload stays under 20 KB and carries the drawings by name, never their bytes', async (t) => {
  const { id } = await addEndpoint('/ok-size');
  t.teardown(() => removeEndpoint(id));
  const drawing = { name: 'Flansch-Zeichnung.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
  const form = quoteForm(makeEnquiry({ message: '🔩'.repeat(5000) }), [drawing]);
  t.equal((await postQuote(server.url, form)).status, 303);
  await server.app.webhooks.run();
  const { body } = received.get('/ok-size')![0]!;
  t.ok(Buffer.byteLength(body) < 20 * 1024, `${Buffer.byteLength(body)} bytes`);
  const payload = JSON.parse(body) as { data: { enquiry: { message: string; drawings: unknown[] } } };
  t.same(payload.data.enquiry.drawings, [{ name: drawing.name, size: drawing.bytes.length, type: 'pdf' }]);
  t.ok(
    payload.data.enquiry.message.startsWith('🔩🔩') && payload.data.enquiry.message.endsWith('…'),
    'the message cut',
  );
  t.notOk(body.includes('%PDF') || body.includes(drawing.bytes.toString('base64')), 'no drawing bytes');
});

t.test('a receiver answering 500 is tried again 5 s later, on the test clock, with the same id', async (t) => {
  const { id } = await addEndpoint('/flaky');
  t.teardown(() => removeEndpoint(id));
  await sendEnquiry();
  await server.app.webhooks.run();
  t.match(deliveriesTo(id)[0], {
    status: 'pending',
    tries: 1,
    response_code: 500,
    error: 'The receiver answered 500.',
  });
  await server.app.webhooks.run();
  t.equal(received.get('/flaky')!.length, 1, 'not before its time');
  clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]!);
  await server.app.webhooks.run();
  t.match(deliveriesTo(id)[0], { status: 'sent', tries: 2, response_code: 204, error: null });
  const [first, second] = received.get('/flaky')!;
  t.equal(second!.headers['webhook-id'], first!.headers['webhook-id']);
});

t.test('a receiver that never answers: the attempt times out and is recorded so, then Resend', async (t) => {
  const { id } = await addEndpoint('/silent');
  t.teardown(() => removeEndpoint(id));
  await sendEnquiry();
  await server.app.webhooks.run();
  const [delivery] = deliveriesTo(id);
  t.match(delivery, {
    status: 'pending',
    tries: 1,
    response_code: null,
    error: `No answer within ${ANSWER_LIMIT_S} s (timed out).`,
  });
  const page = await (await admin.request('/admin/integrations')).text();
  t.ok(page.includes(`No answer within ${ANSWER_LIMIT_S} s (timed out).`), 'the delivery log shows it');
  const resend = await postAction(`/admin/integrations/${id}/deliveries/${delivery!.id}/resend`);
  t.equal(resend.status, 303);
  t.equal(resend.headers.get('location'), '/admin/integrations?done=resent');
  await server.app.webhooks.run();
  t.equal(received.get('/silent')!.length, 2, 'sent again at once');
  t.match(deliveriesTo(id)[0], { tries: 1, status: 'pending' }, 'counted from the start');
  t.equal((await postAction(`/admin/integrations/${id}/deliveries/999999/resend`)).status, 404);
});

t.test('410 Gone turns the endpoint off and fails the delivery without retrying', async (t) => {
  const { id } = await addEndpoint('/gone');
  t.teardown(() => removeEndpoint(id));
  await sendEnquiry();
  await server.app.webhooks.run();
  t.match(deliveriesTo(id)[0], { status: 'failed', tries: 1, response_code: 410, next_at: null });
  t.match(db.prepare('SELECT enabled, disabled_reason FROM webhook_endpoints WHERE id = ?').get(id), {
    enabled: 0,
    disabled_reason: /410 Gone/,
  });
  await sendEnquiry();
  t.equal(deliveriesTo(id).length, 1, 'an endpoint turned off is sent nothing');
});

t.test('a rotated secret: both sign for 24 hours, each signature verifies; the new one is shown once', async (t) => {
  const { id, secret: old } = await addEndpoint('/ok-rotated');
  t.teardown(() => removeEndpoint(id));
  const rotate = await postAction(`/admin/integrations/${id}/rotate`);
  t.equal(rotate.headers.get('location'), '/admin/integrations?done=rotated');
  const shown = await (await admin.request('/admin/integrations?done=rotated')).text();
  const fresh = /whsec_[A-Za-z0-9+/=]+/.exec(shown)![0];
  t.not(fresh, old);
  t.ok(shown.includes(INTEGRATIONS_TEXT.rotated));
  t.notOk((await (await admin.request('/admin/integrations')).text()).includes(fresh), 'shown only once');
  await sendEnquiry();
  await server.app.webhooks.run();
  const { body, headers } = received.get('/ok-rotated')![0]!;
  const signatures = (headers['webhook-signature'] as string).split(' ');
  t.equal(signatures.length, 2);
  for (const [secret, signature] of [
    [fresh, signatures[0]!],
    [old, signatures[1]!],
  ] as const) {
    const one = { ...(headers as Record<string, string>), 'webhook-signature': signature };
    t.doesNotThrow(() => new Webhook(secret).verify(body, one));
  }
});

t.test('private and loopback addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1', async (t) => {
  for (const url of [
    'http://127.0.0.1/hook',
    'http://localhost:8080/hook',
    'http://[::1]/hook',
    'http://10.1.2.3/hook',
    'https://192.168.0.5/hook',
    'http://169.254.169.254/latest',
    'http://[::ffff:127.0.0.1]/hook',
  ])
    t.equal(await targetProblem(url, false), 'private', url);
  t.equal(await targetProblem('https://93.184.215.14/hook', false), null, 'a public address');
  t.equal(await targetProblem('ftp://example.com/', false), 'invalid');
  t.equal(await targetProblem('http://user:pass@example.com/', false), 'invalid');
  t.equal(await targetProblem('http://127.0.0.1/hook', true), null, 'allowed by the setting');
});

t.test('the address connected to is checked again: a host that now resolves to a private one is refused', async (t) => {
  // What DNS rebinding does after targetProblem passed: the name checked as public resolves, at the
  // connection, to a loopback address. Here "localhost" plays that name; the receiver must get nothing.
  const port = (receiver.address() as { port: number }).port;
  const before = received.get('/rebound')?.length ?? 0;
  const refused = postWebhook(`http://localhost:${port}/rebound`, {}, '{}', {
    lookup: publicOnlyLookup(false),
    signal: AbortSignal.timeout(10_000),
  });
  await t.rejects(refused, { code: 'EPRIVATE' }, 'the connection is refused before it is made');
  t.equal(received.get('/rebound')?.length ?? 0, before, 'and the receiver got nothing');
  const allowed = await postWebhook(`http://localhost:${port}/rebound`, {}, '{}', {
    lookup: publicOnlyLookup(true),
    signal: AbortSignal.timeout(10_000),
  });
  t.equal(allowed, 204, 'with WEBHOOK_ALLOW_PRIVATE=1 the same address is posted to');
});

t.test('the screen works without JavaScript: plain forms, 303, CSRF checked, refusals explained', async (t) => {
  const page = await admin.request('/admin/integrations');
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, /<form [^>]*action="\/admin\/integrations" method="post"><input type="hidden" name="_csrf"/);
  t.match(html, /<input type="checkbox" name="events" checked="" value="quotation.accepted"\/>/);
  const forged = await admin.request('/admin/integrations', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: `${receiverUrl}/forged`, events: 'enquiry.received' }).toString(),
  });
  t.equal(forged.status, 403, 'no CSRF token, refused');
  const noEvents = await admin.request('/admin/integrations', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken, url: `${receiverUrl}/none` }).toString(),
  });
  t.equal(noEvents.status, 400);
  t.ok((await noEvents.text()).includes(INTEGRATIONS_TEXT.eventsRequired));
  const { id } = await addEndpoint('/switched');
  t.equal(
    (await postAction(`/admin/integrations/${id}/off`)).headers.get('location'),
    '/admin/integrations?done=turnedOff',
  );
  t.equal(db.prepare('SELECT enabled FROM webhook_endpoints WHERE id = ?').pluck().get(id), 0);
  t.equal((await postAction(`/admin/integrations/${id}/remove`)).status, 303);
  t.equal((await postAction(`/admin/integrations/${id}/on`)).status, 404, 'gone');
  t.equal(db.prepare('SELECT count(*) FROM webhook_endpoints WHERE url LIKE ?').pluck().get('%/forged'), 0);
  t.equal((await new AdminClient(server.url).request('/admin/integrations')).status, 303, 'signed out: to sign in');
});
