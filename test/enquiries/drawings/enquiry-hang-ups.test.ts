import { readdirSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import t from 'tap';
import { MALFORMED_FORM_MESSAGE } from '../../../shared/enquiry/messages.js';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { sectionPath } from '../../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { formTokenFor } from '../../helpers/form-token.js';
import { openSection } from '../../helpers/site-editor.js';
import { multipartBody, sendPartAndHangUp, startRawRequest } from '../../helpers/raw-request.js';
import { withServer } from '../../helpers/server.js';
import { storedDrawingNames, whenLogged, type LogLine } from '../../helpers/server-log.js';

// Issue 22 item 1: whatever byte a client hangs up at, nothing it sent stays on disk.
const log: string[] = [];
const server = await withServer(t, {
  env: {
    LOG_LEVEL: 'info',
    ENQUIRY_RATE_LIMIT: '1000',
    ENQUIRY_DRAWINGS_MB: '10000',
    UPLOAD_IDLE_SECONDS: '1',
    UPLOADS_PER_NETWORK: '100',
    ...TEST_ADMIN_ENV,
  },
  hooks: { logStream: { write: (line: string) => void log.push(line) } },
});

const uploads = join(server.dataDir, 'uploads');
const temporaryFiles = () => readdirSync(join(uploads, '.tmp'));
const strayFiles = () => {
  const referenced = storedDrawingNames(server.app.db);
  return readdirSync(uploads).filter((name) => name !== '.tmp' && !referenced.has(name));
};

const boundary = 'hangupboundary';
const drawing = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(3 * 1024 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
const fields = (subject: string) => ({
  name: 'Cut Short',
  phone: '+91 90000 00000',
  subject,
  message: 'A drawing that never quite arrives.',
  [FORM_TOKEN_FIELD]: formTokenFor(server.url) ?? '',
});
const body = (subject: string) =>
  multipartBody(boundary, fields(subject), [
    { field: 'drawings', fileName: 'flange.pdf', type: 'application/pdf', bytes: drawing },
  ]);
/**
 * The line a submission ends with: its request line when answered; the hang-up, or the body ended
 * for want of progress (UPLOAD_IDLE_SECONDS, 1 s here), each logged once its handler is done; or,
 * when the socket closed before the answer, that it was stored (all its files then are the
 * enquiry's: the answer is all that is left to do).
 */
const ended = (line: LogLine) =>
  ['request', 'client hung up mid-request', 'request refused', 'enquiry stored'].includes(line.msg);
const headers = { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Origin: server.url };

/** Where in the body the client hangs up. */
const cuts: { name: string; at: (body: Buffer) => number }[] = [
  { name: 'after the headers, before any of the body', at: () => 0 },
  { name: 'mid-field', at: (body) => body.indexOf('A drawing that never') + 8 },
  { name: 'just after the file part began', at: (body) => body.indexOf('%PDF') + 4 },
  { name: 'mid-file (1 MB in)', at: (body) => body.indexOf('%PDF') + 1024 * 1024 },
  { name: 'one byte before the end', at: (body) => body.length - 1 },
];

for (const path of ['/contact', '/api/enquiries']) {
  t.test(`${path}: a hang-up at any byte leaves no file behind`, async (t) => {
    for (const cut of cuts) {
      const before = log.length;
      const sent = body(`Hang-up ${path} ${cut.name}`);
      const socket = await startRawRequest(server.url, { path, headers, contentLength: sent.length });
      await sendPartAndHangUp(socket, sent.subarray(0, cut.at(sent)));
      await whenLogged(log, before, ended);
      t.same(temporaryFiles(), [], `${cut.name}: uploads/.tmp is empty`);
      t.same(strayFiles(), [], `${cut.name}: no file in uploads/ without its enquiry`);
    }
  });

  t.test(`${path}: the whole body sent, then a hang-up without reading the answer`, async (t) => {
    const rounds = 10;
    const before = log.length;
    for (let i = 0; i < rounds; i++) {
      const sent = body(`Sent whole ${path} ${i}`);
      const socket = await startRawRequest(server.url, { path, headers, contentLength: sent.length });
      // Half the rounds close politely once the body is out (the server has all of it), half reset at once.
      if (i % 2 === 0) {
        socket.end(sent);
        await once(socket, 'finish');
        socket.destroy();
      } else {
        socket.write(sent);
        socket.resetAndDestroy();
      }
      if (!socket.closed) await once(socket, 'close');
    }
    await whenLogged(log, before, ended, rounds);
    t.same(temporaryFiles(), [], 'uploads/.tmp is empty');
    t.same(strayFiles(), [], 'every file in uploads/ belongs to an enquiry');
    t.notOk(
      log.slice(before).some((line) => (JSON.parse(line) as { level: number }).level >= 50),
      'no error logged (the client key was taken before the body)',
    );
  });
}

// Issue 40 item 15: a body sent whole but not readable as multipart is the sender's fault: 400, no error line.
t.test('/contact: a malformed multipart body gets 400, logged at info, nothing kept', async (t) => {
  const whole = body('Malformed multipart');
  const malformed = [
    { name: 'no boundary', type: 'multipart/form-data', bytes: whole },
    { name: 'an empty boundary', type: 'multipart/form-data; boundary=', bytes: whole },
    {
      name: 'cut short mid-field',
      type: headers['Content-Type'],
      bytes: whole.subarray(0, whole.indexOf('A drawing')),
    },
    { name: 'cut short mid-file', type: headers['Content-Type'], bytes: whole.subarray(0, whole.length - 100) },
  ];
  for (const sent of malformed) {
    const before = log.length;
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'Content-Type': sent.type, Origin: server.url },
      body: new Uint8Array(sent.bytes),
    });
    t.equal(response.status, 400, `${sent.name}: 400`);
    t.match(await response.text(), MALFORMED_FORM_MESSAGE, `${sent.name}: the form says why`);
    const [line] = await whenLogged(log, before, (line) => line.msg === 'request');
    const errors = log.slice(before).filter((entry) => (JSON.parse(entry) as LogLine).level >= 50);
    t.same(errors, [], `${sent.name}: nothing logged at error level`);
    t.equal(line?.status, 400, `${sent.name}: its request line says 400`);
    t.same(temporaryFiles(), [], `${sent.name}: uploads/.tmp is empty`);
    t.same(strayFiles(), [], `${sent.name}: no file left in uploads/`);
  }
});

// Issue 40 item 5: a body that stops arriving gives its connection back (here within 1 to 2 s,
// UPLOAD_IDLE_SECONDS=1), not after the 5-minute request limit: a form, JSON, the sign-in form.
t.test('a body that stops arriving is answered 408 and its connection closed after the idle limit', async (t) => {
  const cases = [
    { path: '/contact', type: 'application/x-www-form-urlencoded', part: 'name=Slow+Buyer&phone=%2B91' },
    { path: '/api/enquiries', type: 'application/json', part: '{"name":"Slow Buyer","phone":"+91' },
    { path: '/admin/login', type: 'application/x-www-form-urlencoded', part: 'email=owner%40forge.test&pass' },
  ];
  const before = log.length;
  const results = await Promise.all(
    cases.map(async ({ path, type, part }) => {
      const socket = await startRawRequest(server.url, {
        path,
        headers: { 'Content-Type': type, Origin: server.url },
        contentLength: 2000,
      });
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      const started = performance.now();
      socket.write(part);
      await once(socket, 'close');
      return { path, answer, ms: performance.now() - started };
    }),
  );
  for (const { path, answer, ms } of results) {
    t.ok(ms < 5_000, `${path}: closed by the server after ${Math.round(ms)} ms of silence`);
    t.match(answer, /^HTTP\/1\.1 408 Request Timeout\r\n/, `${path}: answered 408, the body unread`);
  }
  const said = await whenLogged(
    log,
    before,
    (line) => line.msg === 'request body stopped arriving: connection closed',
    cases.length,
  );
  t.ok(
    said.every((line) => line.level === 30 && line.idleSeconds === 1),
    'each said once, at info, with the limit',
  );
});

// Issue 40 item 20: the site editor's uploads (a photo, a certificate's PDF, a content import) leave
// nothing in media/.tmp, whether the client hangs up mid-body or right after the whole body, while
// the last file is still being written: 30 hang-ups, counted without a restart.
t.test('site-editor uploads cut short or hung up after the whole body leave nothing in media/.tmp', async (t) => {
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page } = await openSection(admin, sectionPath('products/flanges'));
  const form = { _csrf: admin.csrfToken, base: String(page.revision.id), note: '' };
  const bytes = (start: string) => Buffer.concat([Buffer.from(start), Buffer.alloc(1024 * 1024, 0x20)]);
  const uploads = [
    {
      path: sectionPath('products/flanges'),
      field: 'photo.file',
      name: 'flange.jpg',
      type: 'image/jpeg',
      start: '\xff\xd8\xff',
    },
    {
      path: sectionPath('capability'),
      field: 'certificates.0.pdf.file',
      name: 'iso.pdf',
      type: 'application/pdf',
      start: '%PDF-1.7',
    },
    { path: ADMIN_PATHS.siteImportCheck, field: 'file', name: 'site.json', type: 'application/json', start: '{"a":"' },
  ];
  const before = log.length;
  const mediaTmp = join(server.dataDir, 'media', '.tmp');
  for (let round = 0; round < 30; round++) {
    const upload = uploads[round % uploads.length]!;
    const sent = multipartBody(boundary, form, [
      { field: upload.field, fileName: upload.name, type: upload.type, bytes: bytes(upload.start) },
    ]);
    const socket = await startRawRequest(server.url, {
      path: upload.path,
      headers: { ...headers, Cookie: admin.cookie },
      contentLength: sent.length,
    });
    // A third of the rounds each: the whole body then a polite close, the whole body then a reset, half of it then a reset.
    const way = Math.floor(round / uploads.length) % 3;
    if (way === 0) {
      socket.end(sent);
      await once(socket, 'finish');
      socket.destroy();
    } else {
      socket.write(way === 1 ? sent : sent.subarray(0, sent.length / 2));
      socket.resetAndDestroy();
    }
    if (!socket.closed) await once(socket, 'close');
  }
  // Each request removes its files once over, on its own time: looked at again for up to 10 s.
  for (const deadline = Date.now() + 10_000; readdirSync(mediaTmp).length > 0 && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(readdirSync(mediaTmp), [], 'media/.tmp is empty after 30 hang-ups');
  t.same(
    log.slice(before).filter((line) => (JSON.parse(line) as LogLine).level >= 50),
    [],
    'nothing logged at error level',
  );
});
