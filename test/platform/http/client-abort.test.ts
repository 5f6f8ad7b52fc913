import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { sectionPath } from '../../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { type ChildServer, spawnServer } from '../../helpers/child-server.js';
import { makePhoto } from '../../helpers/photos.js';
import { multipartBody, sendPartAndHangUp, startRawRequest } from '../../helpers/raw-request.js';
import { withDataDir } from '../../helpers/server.js';
import { openSection } from '../../helpers/site-editor.js';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  code?: string;
}

const logLines = (output: string): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * Resolves once `count` lines say a client hung up (the server notices each hang-up on its own time):
 * looked for again each time the server writes to its log, for at most 10 s.
 */
async function hangUpsLogged(server: ChildServer, count: number): Promise<LogLine[]> {
  const signal = AbortSignal.timeout(10_000);
  for (;;) {
    const lines = logLines(server.output()).filter((line) => line.msg === 'client hung up mid-request');
    if (lines.length >= count) return lines;
    await once(server.child.stdout!, 'data', { signal }).catch(() => {
      throw new Error(`fewer than ${count} hang-ups logged:\n${server.output()}`);
    });
  }
}

t.test('a client that hangs up mid-body is logged once at info, never as a 500 at error level', async (t) => {
  const dataDir = withDataDir(t);
  const server = await spawnServer({ DATA_DIR: dataDir, ENQUIRY_RATE_LIMIT: '100000', ...TEST_ADMIN_ENV });
  t.teardown(() => server.child.kill('SIGKILL'));
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const section = sectionPath('products/flanges');
  const { page } = await openSection(admin, section);
  const before = logLines(server.output()).length;

  const json = '{"name":"Cut Short","phone":"+91 90000 00000","subject":"Hang-up","message":"The connection drops here';
  const form = 'name=Cut+Short&phone=%2B91+90000+00000&subject=Hang-up&message=The+connection+drops';
  const boundary = 'hangupboundary';
  const drawing = multipartBody(
    boundary,
    { name: 'Cut Short', phone: '+91 90000 00000', subject: 'Hang-up', message: 'drawing cut short' },
    [
      {
        field: 'drawings',
        fileName: 'flange.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2 * 1024 * 1024, 0x20)]),
      },
    ],
  );
  const photo = multipartBody(
    boundary,
    { _csrf: admin.csrfToken, base: String(page.revision.id), note: '', 'photo.alt': 'A flange' },
    [
      {
        field: 'photo.file',
        fileName: 'flange.jpg',
        type: 'image/jpeg',
        bytes: await makePhoto({ width: 1600, height: 1200 }),
      },
    ],
  );
  const cases = [
    {
      name: 'JSON enquiry',
      path: '/api/enquiries',
      type: 'application/json',
      body: Buffer.from(json),
      sent: json.length,
    },
    {
      name: 'form enquiry',
      path: '/contact',
      type: 'application/x-www-form-urlencoded',
      body: Buffer.from(form),
      sent: form.length,
    },
    {
      name: 'enquiry with a drawing, mid-file',
      path: '/contact',
      type: `multipart/form-data; boundary=${boundary}`,
      body: drawing,
      sent: 64 * 1024,
    },
    {
      name: 'admin photo upload, mid-file',
      path: section,
      type: `multipart/form-data; boundary=${boundary}`,
      body: photo,
      sent: Math.floor(photo.length / 2),
      cookie: admin.cookie,
    },
  ];
  for (const { path, type, body, sent, cookie } of cases) {
    const headers: Record<string, string> = {
      'Content-Type': type,
      Origin: server.url,
      ...(cookie && { Cookie: cookie }),
    };
    const socket = await startRawRequest(server.url, {
      path,
      headers,
      contentLength: body.length + (body.length === sent ? 100 : 0),
    });
    await sendPartAndHangUp(socket, body.subarray(0, sent));
  }
  const hangUps = await hangUpsLogged(server, cases.length);
  t.equal(hangUps.length, cases.length, 'one info line per hang-up');
  t.ok(
    hangUps.every((line) => line.level === 30),
    'at info level',
  );
  t.equal((await fetch(`${server.url}/healthz`)).status, 200, 'the server serves on');
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0);
  const after = logLines(server.output()).slice(before);
  t.same(
    after.filter((line) => line.level >= 50),
    [],
    'no error line',
  );
  t.notOk(server.output().includes('"status":500'), 'no 500');
  t.same(readdirSync(join(dataDir, 'media', '.tmp')), [], 'the photo received so far is removed');
});
