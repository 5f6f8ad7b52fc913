import Database from 'better-sqlite3';
import { connect } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config/load-config.js';
import { failureMessage, SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { postForm, postJson, withDataDir, withServer, type TestServer } from '../helpers/server.js';

const valid = {
  name: 'Asha Mehta',
  email: 'asha@buyer.example',
  phone: '+91 98250 12345',
  subject: 'Flanges, 6 inch, class 300',
  message: 'Please quote 500 weld-neck flanges.\nDelivery to Mundra.',
  'form-name': 'contact',
  'bot-field': '',
};

interface Row {
  id: number;
  name: string;
  email: string | null;
  phone: string;
  subject: string;
  message: string;
  created_at: string;
  status: string;
  client_ip_hash: string | null;
  user_agent: string | null;
}

function rows(server: TestServer): Row[] {
  const db = new Database(join(server.dataDir, 'forge.db'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM enquiries ORDER BY id').all() as Row[];
  } finally {
    db.close();
  }
}

// A generous rate limit for the main server; the limit itself is tested on a server of its own.
const server = await withServer(t, { env: { ENQUIRY_RATE_LIMIT: '1000' } });

t.beforeEach(() => {
  const db = new Database(join(server.dataDir, 'forge.db'));
  db.exec('DELETE FROM enquiries');
  db.close();
});

t.test('a valid form POST is stored with server time and status new, then 303 to the thank-you page', async (t) => {
  const before = Date.now();
  const response = await postForm(`${server.url}/contact`, valid, { 'user-agent': 'test-agent' });
  t.equal(response.status, 303);
  const [row, ...rest] = rows(server);
  t.equal(response.headers.get('location'), `/contact/thank-you?ref=${row!.id}`, 'with its reference number');
  t.equal(rest.length, 0);
  t.match(row, {
    name: valid.name,
    email: valid.email,
    phone: valid.phone,
    subject: valid.subject,
    message: valid.message,
    status: 'new',
    user_agent: 'test-agent',
  });
  t.match(row!.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  t.ok(Date.parse(row!.created_at) >= before - 1000 && Date.parse(row!.created_at) <= Date.now() + 1000);
  t.match(row!.client_ip_hash, /^[\w-]{22}$/);
  t.notOk(row!.client_ip_hash!.includes('127.0.0.1'), 'the IP itself is not stored');

  const thanks = await fetch(`${server.url}/contact/thank-you`);
  t.equal(thanks.status, 200);
  t.ok((await thanks.text()).includes(SUCCESS_MESSAGE));
});

t.test('a valid JSON POST is stored: 201, trimmed, empty email stored as null', async (t) => {
  const response = await postJson(`${server.url}/api/enquiries`, { ...valid, name: '  Ravi  ', email: '' });
  t.equal(response.status, 201);
  t.match(
    await response.json(),
    { ok: true, formToken: /^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/ },
    'with a new form token for the next enquiry',
  );
  const [row] = rows(server);
  t.equal(row!.name, 'Ravi');
  t.equal(row!.email, null);
  t.equal(row!.status, 'new');
});

t.test('a client cannot set the time or status', async (t) => {
  await postJson(`${server.url}/api/enquiries`, {
    ...valid,
    created_at: '1999-01-01T00:00:00.000Z',
    status: 'done',
    timestamp: 1,
  });
  const [row] = rows(server);
  t.equal(row!.status, 'new');
  t.not(row!.created_at, '1999-01-01T00:00:00.000Z');
});

const invalidCases: [string, Record<string, string>, string, RegExp][] = [
  ['missing name', { name: '' }, 'name', /Please enter your full name/],
  ['blank name', { name: '   ' }, 'name', /Please enter your full name/],
  ['long name', { name: 'x'.repeat(101) }, 'name', /100 characters or fewer/],
  ['bad email', { email: 'not-an-email' }, 'email', /valid email address/],
  ['long email', { email: `${'a'.repeat(250)}@x.in` }, 'email', /254 characters or fewer/],
  ['missing phone', { phone: '' }, 'phone', /Please enter your phone number/],
  ['phone with letters', { phone: '98250-ABCDE' }, 'phone', /6 to 20 characters/],
  ['short phone', { phone: '12345' }, 'phone', /6 to 20 characters/],
  ['long phone', { phone: '1'.repeat(21) }, 'phone', /6 to 20 characters/],
  ['missing subject', { subject: '' }, 'subject', /Please enter a subject/],
  ['long subject', { subject: 's'.repeat(151) }, 'subject', /150 characters or fewer/],
  ['missing message', { message: '' }, 'message', /Please enter your message/],
  ['long message', { message: 'm'.repeat(5001) }, 'message', /5000 characters or fewer/],
];

t.test('each invalid field: 400 with its message, nothing stored (JSON)', async (t) => {
  for (const [label, change, field, message] of invalidCases) {
    const response = await postJson(`${server.url}/api/enquiries`, { ...valid, ...change });
    t.equal(response.status, 400, label);
    const body = (await response.json()) as { errors: Record<string, string> };
    t.match(body.errors[field], message, label);
    t.same(Object.keys(body.errors), [field], `${label}: only that field`);
  }
  t.equal(rows(server).length, 0);
});

t.test(
  'each invalid field: 400 page with the values kept, the error beside its field and a summary (form)',
  async (t) => {
    for (const [label, change, field, message] of invalidCases) {
      const response = await postForm(`${server.url}/contact`, { ...valid, ...change });
      t.equal(response.status, 400, label);
      t.equal(response.headers.get('cache-control'), 'no-store');
      const html = await response.text();
      t.ok(html.includes('Please correct the following:'), `${label}: summary`);
      t.match(html, new RegExp(`<a href="#enquiry-${field}">`), `${label}: summary links to the field`);
      t.match(
        html,
        new RegExp(`id="enquiry-${field}-error"[^>]*>[^<]*${message.source}`),
        `${label}: message by the field`,
      );
      t.match(
        html,
        new RegExp(`aria-invalid="true"[^>]*id="enquiry-${field}"|id="enquiry-${field}"[^>]*aria-invalid="true"`),
      );
      if (field !== 'subject') t.ok(html.includes(`value="${valid.subject}"`), `${label}: other values kept`);
    }
    t.equal(rows(server).length, 0);
  },
);

t.test('a missing or malformed body is a validation error, not a crash', async (t) => {
  const empty = await postForm(`${server.url}/contact`, {});
  t.equal(empty.status, 400);
  const wrongTypes = await postJson(`${server.url}/api/enquiries`, {
    name: 5,
    phone: ['1'],
    subject: null,
    message: {},
  });
  t.equal(wrongTypes.status, 400);
  const malformed = await fetch(`${server.url}/api/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name": ',
  });
  t.equal(malformed.status, 400);
  const unsupported = await fetch(`${server.url}/api/enquiries`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: 'a,b',
  });
  t.equal(unsupported.status, 415);
  t.equal(rows(server).length, 0);
});

t.test('a filled honeypot is answered as accepted and stores nothing', async (t) => {
  const form = await postForm(`${server.url}/contact`, { ...valid, 'bot-field': 'http://spam.example' });
  t.equal(form.status, 303);
  t.equal(form.headers.get('location'), '/contact/thank-you');
  const json = await postJson(`${server.url}/api/enquiries`, { ...valid, 'bot-field': 'spam' });
  t.equal(json.status, 201);
  t.equal(rows(server).length, 0);
});

t.test('a body over 32 KB is refused with 413', async (t) => {
  const big = { ...valid, message: 'x'.repeat(40 * 1024) };
  const json = await postJson(`${server.url}/api/enquiries`, big);
  t.equal(json.status, 413);
  t.match(await json.json(), { error: 'Request Too Large' });
  const form = await postForm(`${server.url}/contact`, big);
  t.equal(form.status, 413);
  t.match(await form.text(), /too large/);
  t.equal(rows(server).length, 0);
});

t.test('Unicode round-trips exactly', async (t) => {
  const unicode = {
    ...valid,
    name: 'राजेश पटेल',
    subject: 'ફ્લેંજ માટે ભાવ 🔩',
    message: 'नमस्ते 🙏 — કૃપા કરીને ભાવ મોકલો. Ünïcödé ✓',
  };
  t.equal((await postJson(`${server.url}/api/enquiries`, unicode)).status, 201);
  t.equal((await postForm(`${server.url}/contact`, unicode)).status, 303);
  for (const row of rows(server)) {
    t.equal(row.name, unicode.name);
    t.equal(row.subject, unicode.subject);
    t.equal(row.message, unicode.message);
  }
});

t.test('SQL and HTML are stored verbatim and come back escaped in HTML', async (t) => {
  const hostile = {
    ...valid,
    name: `Robert'); DROP TABLE enquiries;--`,
    subject: '<script>alert("x")</script>',
    message: '<img src=x onerror=alert(1)> & "quotes"',
  };
  const response = await postForm(`${server.url}/contact`, { ...hostile, phone: 'abc' });
  t.equal(response.status, 400);
  const html = await response.text();
  t.notOk(html.includes('<script>alert'), 'no raw script in the re-rendered page');
  t.notOk(html.includes('<img src=x'), 'no raw img in the re-rendered page');
  t.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
  t.ok(html.includes('\\u003cscript\\u003e'), 'escaped inside the bootstrap JSON too');

  t.equal((await postJson(`${server.url}/api/enquiries`, hostile)).status, 201);
  const [row] = rows(server);
  t.equal(row!.name, hostile.name);
  t.equal(row!.subject, hostile.subject);
  t.equal(row!.message, hostile.message);
});

t.test('one allowance per client for the form and the API together, counting only valid enquiries', async (t) => {
  const limited = await withServer(t, { env: { ENQUIRY_RATE_LIMIT: '3' } });
  for (let i = 0; i < 10; i++) {
    t.equal(
      (await postJson(`${limited.url}/api/enquiries`, { ...valid, phone: '' })).status,
      400,
      'invalid attempts use up nothing',
    );
  }
  t.equal((await postJson(`${limited.url}/api/enquiries`, { ...valid, subject: 'First' })).status, 201);
  t.equal((await postForm(`${limited.url}/contact`, { ...valid, subject: 'Second' })).status, 303);
  t.equal((await postJson(`${limited.url}/api/enquiries`, { ...valid, subject: 'Third' })).status, 201);

  const json = await postJson(`${limited.url}/api/enquiries`, valid);
  t.equal(json.status, 429, 'the fourth valid enquiry, whichever endpoint, is refused');
  t.match(await json.json(), { error: 'Too Many Requests', message: /wait a minute/ });
  t.equal(json.headers.get('retry-after'), '60');

  const form = await postForm(`${limited.url}/contact`, valid);
  t.equal(form.status, 429);
  t.equal(form.headers.get('retry-after'), '60');
  const html = await form.text();
  t.ok(html.includes('wait a minute'));
  t.ok(html.includes(`value="${valid.name}"`), 'what the visitor typed is kept');
  t.equal(rows(limited).length, 3);
});

t.test('the same enquiry from the same sender within 10 minutes is stored once, its repeats counted', async (t) => {
  const dataDir = withDataDir(t);
  const repeats = await withServer(t, { env: { ENQUIRY_RATE_LIMIT: '100' }, dataDir });
  const same = { ...valid, subject: 'Double click' };
  t.equal((await postJson(`${repeats.url}/api/enquiries`, same)).status, 201);
  t.equal((await postForm(`${repeats.url}/contact`, same)).status, 303, 'the repeat is answered as accepted');
  t.equal((await postJson(`${repeats.url}/api/enquiries`, same)).status, 201);
  t.same(rows(repeats).filter((row) => row.subject === 'Double click').length, 1, 'stored once');
  t.equal(
    repeats.app.db.prepare("SELECT repeats FROM enquiries WHERE subject = 'Double click'").pluck().get(),
    2,
    'two repeats counted',
  );
  t.equal((await postJson(`${repeats.url}/api/enquiries`, { ...same, message: 'A different message.' })).status, 201);
  t.equal((await postJson(`${repeats.url}/api/enquiries`, { ...same, phone: '+91 91111 22222' })).status, 201);
  t.equal(
    rows(repeats).filter((row) => row.subject === 'Double click').length,
    3,
    'other content or another sender: a new enquiry',
  );
  repeats.app.db
    .prepare("UPDATE enquiries SET created_at = '2026-01-01T00:00:00.000Z' WHERE subject = 'Double click'")
    .run();
  t.equal((await postJson(`${repeats.url}/api/enquiries`, same)).status, 201);
  t.equal(
    rows(repeats).filter((row) => row.subject === 'Double click').length,
    4,
    'after 10 minutes it is a new enquiry',
  );
});

t.test('a burst of enquiries at once: each stored, a double click among them once', async (t) => {
  const burst = await withServer(t, { env: { ENQUIRY_RATE_LIMIT: '1000' } });
  const twice = { ...valid, subject: 'Double click in a burst' };
  const sent = [...Array.from({ length: 30 }, (_, n) => ({ ...valid, subject: `Burst ${n}` })), twice, twice];
  const statuses = await Promise.all(
    sent.map(async (enquiry) => (await postJson(`${burst.url}/api/enquiries`, enquiry)).status),
  );
  t.same(new Set(statuses), new Set([201]), 'every one acknowledged');
  const subjects = rows(burst).map((row) => row.subject);
  t.equal(subjects.length, 31, 'thirty stored, and the double click once');
  for (let n = 0; n < 30; n++) t.ok(subjects.includes(`Burst ${n}`), `Burst ${n} is stored`);
  t.equal(
    burst.app.db.prepare('SELECT count(*) FROM enquiries WHERE spam_reason IS NOT NULL').pluck().get(),
    0,
    'none in Spam',
  );
  t.equal(
    burst.app.db.prepare("SELECT repeats FROM enquiries WHERE subject = 'Double click in a burst'").pluck().get(),
    1,
    'its second click counted as a repeat',
  );
});

t.test('a body that arrives too slowly is ended with 408', async (t) => {
  // A data directory of its own: one server per data directory (the file's server keeps its own).
  const dataDir = withDataDir(t);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ ...config, requestTimeoutMs: 500 });
  t.teardown(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  socket.write(
    'POST /contact HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=slow',
  );
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  await new Promise((resolve) => socket.on('close', resolve));
  t.match(answer, /^HTTP\/1\.1 408 /, 'the server answers 408 and closes the connection');
});

t.test('nothing is lost across a restart', async (t) => {
  // A data directory of its own: one server per data directory (the file's server keeps its own).
  const dataDir = withDataDir(t);
  const first = await withServer(t, { dataDir });
  t.equal((await postJson(`${first.url}/api/enquiries`, { ...valid, subject: 'before restart' })).status, 201);
  await first.close();
  const second = await withServer(t, { dataDir });
  t.same(
    rows(second).map((row) => row.subject),
    ['before restart'],
  );
});

t.test('the failure message names the configured e-mail', async (t) => {
  t.equal(
    failureMessage('info@example.com'),
    'Oops! There was an error submitting the form. Please try again or email us directly at info@example.com',
  );
});
