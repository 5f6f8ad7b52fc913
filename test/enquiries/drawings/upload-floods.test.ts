import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';
import { quoteForm } from '../../helpers/drawings.js';
import { formTokenFor } from '../../helpers/form-token.js';
import { postForm, removeDataDir, startServer, type TestServer } from '../../helpers/server.js';

// Issue 22 items 2 and 3: what anonymous clients can leave on disk, and hold open, is bounded.
const valid = { name: 'Flood Test', phone: '+91 90000 00000', message: 'Please quote.', 'form-name': 'contact', 'bot-field': '' };
const pdf = (mb: number) => ({ name: 'drawing.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(mb * 1024 * 1024 - 16, 0x20), Buffer.from('\n%%EOF\n')]) });

/** Bytes of drawings on disk: uploads/ and uploads/.tmp. */
function bytesOnDisk(server: TestServer): { stored: number; files: number; temporary: number } {
  const uploads = join(server.dataDir, 'uploads');
  const stored = readdirSync(uploads).filter((name) => name !== '.tmp');
  return {
    stored: stored.reduce((sum, name) => sum + statSync(join(uploads, name)).size, 0),
    files: stored.length,
    temporary: readdirSync(join(uploads, '.tmp')).length,
  };
}

function sendQuote(server: TestServer, from: string, subject: string, drawings = [pdf(1)], token = formTokenFor(server.url)) {
  const form = quoteForm({ ...valid, subject, [FORM_TOKEN_FIELD]: token ?? '' }, drawings);
  return fetch(`${server.url}/contact`, { method: 'POST', body: form, headers: { accept: 'application/json', 'x-forwarded-for': from } });
}

t.test('the drawings allowance counts a /64 as one client: 20 addresses in one /64, then 20 /64s', async (t) => {
  const server = await startServer({ TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '1000', ENQUIRY_DRAWINGS_MB: '5', UPLOADS_PER_NETWORK: '50' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  const oneNetwork = await Promise.all(Array.from({ length: 20 }, (_, i) => sendQuote(server, `2001:db8:1:2::${(i + 1).toString(16)}`, `One /64, ${i}`)));
  const statuses = oneNetwork.map((response) => response.status);
  t.equal(statuses.filter((status) => status === 201).length, 5, '5 of 20 accepted: 5 MB for the whole /64');
  t.ok(statuses.every((status) => status === 201 || status === 429), 'the rest refused with 429');
  const refused = oneNetwork.find((response) => response.status === 429)!;
  t.ok(Number(refused.headers.get('retry-after')) > 60, 'Retry-After says when the 10-minute window ends');
  t.match(await refused.json(), { errors: { drawings: /a lot of drawings/ } });
  let disk = bytesOnDisk(server);
  t.equal(disk.files, 5);
  t.ok(disk.stored <= 5 * 1024 * 1024, `${disk.stored} bytes on disk for the /64, at most 5 MB`);
  t.equal(disk.temporary, 0);

  const manyNetworks = await Promise.all(Array.from({ length: 20 }, (_, i) => sendQuote(server, `2001:db8:${(i + 10).toString(16)}::1`, `Own /64, ${i}`)));
  t.ok(manyNetworks.every((response) => response.status === 201), 'each /64 has its own allowance');
  disk = bytesOnDisk(server);
  t.equal(disk.files, 25);
  t.ok(disk.stored <= 25 * 1024 * 1024, `${disk.stored} bytes on disk in all`);
  t.equal(disk.temporary, 0);
});

t.test('drawings of a message filed as Spam are not kept; the message is', async (t) => {
  const server = await startServer({ ENQUIRY_RATE_LIMIT: '1000' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  // A form sent the moment it was opened: too fast for a person, so Spam.
  const response = await sendQuote(server, '', 'Forged token', [pdf(2), pdf(1)], formTokenFor(server.url, 0));
  t.equal(response.status, 201, 'answered as accepted');
  const row = server.app.db.prepare("SELECT id, spam_reason FROM enquiries WHERE subject = 'Forged token'").get() as { id: number; spam_reason: string } | undefined;
  t.match(row?.spam_reason, /Its 2 drawings were not kept\./);
  t.equal(server.app.db.prepare('SELECT count(*) FROM enquiry_files').pluck().get(), 0, 'no drawing recorded');
  t.same(bytesOnDisk(server), { stored: 0, files: 0, temporary: 0 }, 'no file on disk');
});

t.test('below MIN_FREE_SPACE_MB a drawing is refused with 503 and Retry-After; the typed text comes back', async (t) => {
  // A floor no disk has room for: every drawing is below it.
  const server = await startServer({ ENQUIRY_RATE_LIMIT: '1000', MIN_FREE_SPACE_MB: String(1024 * 1024 * 1024) });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  const form = quoteForm({ ...valid, subject: 'No room for this', [FORM_TOKEN_FIELD]: formTokenFor(server.url) ?? '' }, [pdf(1)]);
  const response = await fetch(`${server.url}/contact`, { method: 'POST', body: form });
  t.equal(response.status, 503);
  t.equal(response.headers.get('retry-after'), '60');
  t.ok((await response.text()).includes('No room for this'), 'the subject typed is in the page');
  t.same(bytesOnDisk(server), { stored: 0, files: 0, temporary: 0 });
  t.equal(server.app.db.prepare('SELECT count(*) FROM enquiries').pluck().get(), 0);
});

/** Headers and the start of a file part declaring 100 MB, then nothing: resolves with the socket once sent. */
async function stall(server: TestServer, from: string): Promise<{ socket: Socket; answer: () => string; closed: Promise<unknown> }> {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = once(socket, 'close');
  await once(socket, 'connect');
  const boundary = 'stallboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="drawings"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${from}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n${head}`,
  );
  return { socket, answer: () => answer, closed };
}

async function timed(url: string): Promise<{ status: number; ms: number }> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - start };
}

t.test('stalled uploads: 300 from one address and 100 from 100 addresses; pages answer and a new enquiry is stored', async (t) => {
  const server = await startServer({ TRUST_PROXY: '1', UPLOAD_IDLE_SECONDS: '20', ENQUIRY_RATE_LIMIT: '1000' });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  const started = performance.now();
  const fromOne = await Promise.all(Array.from({ length: 300 }, () => stall(server, '198.51.100.7')));
  const fromMany = await Promise.all(Array.from({ length: 100 }, (_, i) => stall(server, `203.0.113.${i + 1}`)));
  const all = [...fromOne, ...fromMany];
  // Those past the caps are answered at once; the others are held until the progress timeout.
  const pages = await Promise.all(['/', '/contact', '/healthz'].map((path) => timed(`${server.url}${path}`)));
  t.ok(pages.every((page) => page.status === 200), 'pages answer 200 during the flood');
  t.ok(pages.every((page) => page.ms < 100), `pages answer within 100 ms (${pages.map((page) => Math.round(page.ms)).join(', ')} ms)`, {
    todo: 'not yet: measured in the process that also opens the 400 sockets; see docs/reliability.md',
  });
  const genuine = await postForm(`${server.url}/contact`, { ...valid, subject: 'A genuine enquiry during the flood' }, { 'x-forwarded-for': '192.0.2.55' });
  t.equal(genuine.status, 303, 'a genuine enquiry from a new address is stored');

  await Promise.all(all.map((s) => s.closed));
  const answers = all.map((s) => s.answer().split('\r\n')[0] ?? '');
  const count = (status: string) => answers.filter((line) => line.startsWith(`HTTP/1.1 ${status} `)).length;
  t.equal(count('429'), 297, 'from one address: 3 let in, 297 refused with 429 before their bodies');
  t.equal(count('503'), 100 - (50 - 3), 'from 100 addresses: the 50 overall less those already held, the rest 503');
  t.equal(answers.filter((line) => line === '').length, 50, 'the 50 let in were ended by the progress timeout, without an answer');
  // A socket closes before its handler has discarded its files: wait for the last one (bounded).
  for (const deadline = Date.now() + 5_000; bytesOnDisk(server).temporary > 0 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 20));
  t.same(bytesOnDisk(server), { stored: 0, files: 0, temporary: 0 }, 'nothing left on disk');
  const after = await sendQuote(server, '192.0.2.56', 'A drawing after the flood');
  t.equal(after.status, 201, 'an enquiry with a drawing is stored once the stalled uploads are ended');
  t.comment(`flood of 400 stalled uploads over in ${Math.round(performance.now() - started)} ms`);
});
