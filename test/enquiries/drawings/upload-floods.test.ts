// test-runner: alone (it measures the pages' latency against its own baseline: test/run-suite.ts).
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { Agent, request } from 'node:http';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import t from 'tap';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { quoteForm } from '../../helpers/drawings.js';
import { formTokenFor } from '../../helpers/form-token.js';
import { spawnServer } from '../../helpers/child-server.js';
import { finishAndReadAnswer, multipartBody, startRawRequest } from '../../helpers/raw-request.js';
import { makeDataDir, removeDataDir, startServer, type TestServer } from '../../helpers/server.js';

// Issue 22 items 2 and 3: what anonymous clients can leave on disk, and hold open, is bounded.
const valid = {
  name: 'Flood Test',
  phone: '+91 90000 00000',
  message: 'Please quote.',
  'form-name': 'contact',
  'bot-field': '',
};
const pdf = (mb: number) => ({
  name: 'drawing.pdf',
  bytes: Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.alloc(mb * 1024 * 1024 - 16, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]),
});

/** Bytes of drawings on disk: uploads/ and uploads/.tmp. */
function bytesOnDisk(server: { dataDir: string }): { stored: number; files: number; temporary: number } {
  const uploads = join(server.dataDir, 'uploads');
  const stored = readdirSync(uploads).filter((name) => name !== '.tmp');
  return {
    stored: stored.reduce((sum, name) => sum + statSync(join(uploads, name)).size, 0),
    files: stored.length,
    temporary: readdirSync(join(uploads, '.tmp')).length,
  };
}

function sendQuote(
  server: TestServer,
  from: string,
  subject: string,
  drawings = [pdf(1)],
  token = formTokenFor(server.url),
) {
  const form = quoteForm({ ...valid, subject, [FORM_TOKEN_FIELD]: token ?? '' }, drawings);
  return fetch(`${server.url}/contact`, {
    method: 'POST',
    body: form,
    headers: { accept: 'application/json', 'x-forwarded-for': from },
  });
}

t.test('the drawings allowance counts a /64 as one client: 20 addresses in one /64, then 20 /64s', async (t) => {
  const server = await startServer({
    TRUST_PROXY: '1',
    ENQUIRY_RATE_LIMIT: '1000',
    ENQUIRY_DRAWINGS_MB: '5',
    UPLOADS_PER_NETWORK: '50',
  });
  t.teardown(async () => {
    await server.close();
    removeDataDir(server.dataDir);
  });
  const oneNetwork = await Promise.all(
    Array.from({ length: 20 }, (_, i) => sendQuote(server, `2001:db8:1:2::${(i + 1).toString(16)}`, `One /64, ${i}`)),
  );
  const statuses = oneNetwork.map((response) => response.status);
  t.equal(statuses.filter((status) => status === 201).length, 5, '5 of 20 accepted: 5 MB for the whole /64');
  t.ok(
    statuses.every((status) => status === 201 || status === 429),
    'the rest refused with 429',
  );
  const refused = oneNetwork.find((response) => response.status === 429)!;
  t.ok(Number(refused.headers.get('retry-after')) > 60, 'Retry-After says when the 10-minute window ends');
  t.match(await refused.json(), { errors: { drawings: /a lot of drawings/ } });
  let disk = bytesOnDisk(server);
  t.equal(disk.files, 5);
  t.ok(disk.stored <= 5 * 1024 * 1024, `${disk.stored} bytes on disk for the /64, at most 5 MB`);
  t.equal(disk.temporary, 0);

  const manyNetworks = await Promise.all(
    Array.from({ length: 20 }, (_, i) => sendQuote(server, `2001:db8:${(i + 10).toString(16)}::1`, `Own /64, ${i}`)),
  );
  t.ok(
    manyNetworks.every((response) => response.status === 201),
    'each /64 has its own allowance',
  );
  disk = bytesOnDisk(server);
  t.equal(disk.files, 25);
  t.ok(disk.stored <= 25 * 1024 * 1024, `${disk.stored} bytes on disk in all`);
  t.equal(disk.temporary, 0);
});

t.test(
  'a message filed as Spam keeps its drawings within its network’s quota; "Not spam" restores the whole enquiry',
  async (t) => {
    const server = await startServer({ ENQUIRY_RATE_LIMIT: '1000', ...TEST_ADMIN_ENV });
    t.teardown(async () => {
      await server.close();
      removeDataDir(server.dataDir);
    });
    const { db } = server.app;
    const drawings = [pdf(2), { ...pdf(1), name: 'Flansch_DN150_Zeichnung_RevC.pdf' }];
    // A form sent the moment it was opened: too fast for a person, so Spam.
    const response = await sendQuote(server, '', 'Too fast', drawings, formTokenFor(server.url, 0));
    t.equal(response.status, 201, 'answered as accepted');
    const row = db.prepare("SELECT id, spam_reason FROM enquiries WHERE subject = 'Too fast'").get() as {
      id: number;
      spam_reason: string;
    };
    t.match(row.spam_reason, /^The form was filled in \d\.\d s, faster than a person can\.$/, 'in Spam, why');
    const files = db.prepare('SELECT id, size FROM enquiry_files WHERE enquiry_id = ? ORDER BY id').all(row.id) as {
      id: number;
      size: number;
    }[];
    t.equal(files.length, 2, 'both drawings recorded');
    t.same(bytesOnDisk(server), { stored: 3 * 1024 * 1024, files: 2, temporary: 0 }, 'and on disk');

    // Past the network's quota of drawings in Spam (ENQUIRY_DRAWINGS_MB, 25): the next one's are not kept.
    db.prepare('UPDATE enquiry_files SET size = ? WHERE id = ?').run(23 * 1024 * 1024, files[0]!.id);
    await sendQuote(server, '', 'Too fast again', [pdf(2)], formTokenFor(server.url, 0));
    t.match(
      db.prepare("SELECT spam_reason FROM enquiries WHERE subject = 'Too fast again'").pluck().get(),
      /faster than a person can\. Its drawing was not kept: its network's drawings in Spam would pass 25 MB\.$/,
    );
    t.equal(bytesOnDisk(server).files, 2, 'nothing more on disk');
    db.prepare('UPDATE enquiry_files SET size = ? WHERE id = ?').run(files[0]!.size, files[0]!.id);

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await admin.post(`/admin/enquiries/${row.id}/notspam`)).status, 200, 'Not spam');
    const download = await admin.request(`/admin/enquiries/${row.id}/drawings/${files[1]!.id}`);
    t.equal(download.status, 200);
    t.ok(Buffer.from(await download.arrayBuffer()).equals(drawings[1]!.bytes), 'its drawing, byte for byte');
  },
);

t.test(
  'below MIN_FREE_SPACE_MB a drawing is refused with 503 and Retry-After; the typed text comes back',
  async (t) => {
    // A floor no disk has room for: every drawing is below it.
    const server = await startServer({ ENQUIRY_RATE_LIMIT: '1000', MIN_FREE_SPACE_MB: String(1024 * 1024 * 1024) });
    t.teardown(async () => {
      await server.close();
      removeDataDir(server.dataDir);
    });
    const form = quoteForm(
      { ...valid, subject: 'No room for this', [FORM_TOKEN_FIELD]: formTokenFor(server.url) ?? '' },
      [pdf(1)],
    );
    const response = await fetch(`${server.url}/contact`, { method: 'POST', body: form });
    t.equal(response.status, 503);
    t.equal(response.headers.get('retry-after'), '60');
    t.ok((await response.text()).includes('No room for this'), 'the subject typed is in the page');
    t.same(bytesOnDisk(server), { stored: 0, files: 0, temporary: 0 });
    t.equal(server.app.db.prepare('SELECT count(*) FROM enquiries').pluck().get(), 0);
  },
);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** From the request's start (its connection opened) to the answer's last byte, as the client sees it. */
  ms: number;
}

/**
 * One request from `localAddress` (on Linux every 127.x.y.z is this machine, so a test can be many
 * clients without a proxy in front), on a connection of its own as a new visitor's, or on `agent`'s.
 */
function send(
  url: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
    localAddress = '127.0.0.1',
    agent = false,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    localAddress?: string;
    agent?: Agent | false;
  } = {},
): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method, headers, localAddress, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - start,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Descriptors the server process holds open: all of them, and its sockets. */
function descriptors(pid: number): { all: number; sockets: number } {
  const links = readdirSync(`/proc/${pid}/fd`).map((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      return ''; // closed between the listing and the look
    }
  });
  return { all: links.length, sockets: links.filter((link) => link.startsWith('socket:')).length };
}

/** CPU time the process has used so far, in ms (user and system; Linux counts it in 1/100 s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
const summary = (ms: number[]) =>
  `${ms.length} requests, median ${Math.round(percentile(ms, 50))} ms, 95th percentile ${Math.round(percentile(ms, 95))} ms, max ${Math.round(Math.max(...ms))} ms`;

/** Waits on a condition, checked again each time `notify` is called; past the deadline it throws `what()`. */
function signal() {
  let waiters: (() => void)[] = [];
  return {
    notify: () => {
      for (const wake of waiters) wake();
      waiters = [];
    },
    async until(done: () => boolean, deadline: number, what: () => string): Promise<void> {
      while (!done()) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`timed out waiting: ${what()}`);
        let timer: NodeJS.Timeout | undefined;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
      }
    },
  };
}

interface Stall {
  /** What the server sent back ('' while none). */
  answer(): string;
  closed: Promise<void>;
  settled(): boolean;
  destroy(): void;
}

const BOUNDARY = 'stallboundary';
const STALL_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="drawings"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;

/**
 * A stalled upload on a raw socket from `localAddress`: headers, the start of a file part, 100 MB
 * declared, then nothing. `changed` is told when it is answered or closed (it is then "settled").
 * Behind a proxy (`forwardedFor`) the client is the address it names; `token` is a form token sent
 * before the file, as the site's form does.
 */
function stall(
  port: number,
  localAddress: string,
  changed: () => void,
  { forwardedFor, token }: { forwardedFor?: string; token?: string } = {},
): Stall {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let answer = '';
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    changed();
  };
  socket.on('data', (chunk: Buffer) => {
    answer += chunk.toString('latin1');
    settle();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => (settle(), resolve())));
  const proxied = forwardedFor ? `X-Forwarded-For: ${forwardedFor}\r\n` : '';
  const tokenPart = token
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${FORM_TOKEN_FIELD}"\r\n\r\n${token}\r\n`
    : '';
  socket.write(
    `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${proxied}Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${100 * 1024 * 1024}\r\n\r\n${tokenPart}${STALL_HEAD}`,
  );
  return { answer: () => answer, closed, settled: () => settled, destroy: () => socket.destroy() };
}

t.test(
  'upload slots are reserved: while a flood from many networks holds the rest, a form filled at a person’s pace and a network with past enquiries still get one',
  async (t) => {
    // 10 slots, 2 of them reserved; stalls held for the whole test (the progress timeout is long).
    const server = await startServer({
      TRUST_PROXY: '1',
      ENQUIRY_RATE_LIMIT: '1000',
      UPLOADS_AT_ONCE: '10',
      UPLOAD_IDLE_SECONDS: '120',
    });
    t.teardown(async () => {
      await server.close();
      removeDataDir(server.dataDir);
    });
    const port = Number(new URL(server.url).port);
    const regular = '203.0.113.50';
    const before = await fetch(`${server.url}/contact`, {
      method: 'POST',
      body: quoteForm({ ...valid, subject: 'Before the flood', [FORM_TOKEN_FIELD]: formTokenFor(server.url)! }),
      headers: { accept: 'application/json', 'x-forwarded-for': regular },
    });
    t.equal(before.status, 201, 'a buyer’s first enquiry, without a drawing');

    const changes = signal();
    const flood = Array.from({ length: 20 }, (_, i) =>
      stall(port, '127.0.0.1', changes.notify, { forwardedFor: `198.51.100.${i + 1}` }),
    );
    const answered = () => flood.filter((s) => s.answer() !== '');
    await changes.until(
      () => answered().length >= 12,
      Date.now() + 20_000,
      () => `${answered().length} of the flood answered`,
    );
    t.equal(answered().length, 12, '20 stalled uploads from 20 networks: 8 hold the slots open to anyone');
    t.ok(
      answered().every((s) => s.answer().startsWith('HTTP/1.1 503 ') && /retry-after: 30/i.test(s.answer())),
      'the other 12 are refused with 503 and Retry-After',
    );
    // A form sent the moment it was opened is not a person's: no reserved slot for it.
    const hasty = stall(port, '127.0.0.1', changes.notify, {
      forwardedFor: '198.51.100.99',
      token: formTokenFor(server.url, 0),
    });
    await changes.until(
      () => hasty.answer() !== '',
      Date.now() + 10_000,
      () => 'the hasty upload unanswered',
    );
    t.match(hasty.answer(), /^HTTP\/1\.1 503 /, 'an upload with a token issued that moment: 503');

    const buyer = await sendQuote(server, '192.0.2.7', 'A drawing during the flood');
    t.equal(buyer.status, 201, 'a new buyer whose form was open 10 s: accepted');
    const known = await sendQuote(server, regular, 'Again, with a drawing', [pdf(1)], '');
    t.equal(known.status, 201, 'a network with a past enquiry (no form token this time): accepted');
    const stored = server.app.db
      .prepare(
        `SELECT subject, spam_reason AS spamReason,
           (SELECT count(*) FROM enquiry_files f WHERE f.enquiry_id = e.id) AS drawings FROM enquiries e ORDER BY id`,
      )
      .all();
    t.same(
      stored,
      [
        { subject: 'Before the flood', spamReason: null, drawings: 0 },
        { subject: 'A drawing during the flood', spamReason: null, drawings: 1 },
        { subject: 'Again, with a drawing', spamReason: null, drawings: 1 },
      ],
      'both stored, with their drawings, not as spam',
    );
    t.equal(bytesOnDisk(server).files, 2, 'their drawings are on disk');
    for (const s of [...flood, hasty]) s.destroy();
    await Promise.all(flood.map((s) => s.closed));
  },
);

/**
 * Issue 22 item 3 at its own scale, against the built server in a process of its own (so that the
 * test's 2,200 sockets are not on the server's event loop), with its default limits (3 uploads per
 * network, 50 in all, 1000 connections) but a progress timeout of 45 s rather than 30: no upload let
 * in may be ended while the flood is still being opened, which took up to 28 s on a loaded machine.
 */
t.test(
  '2,000 stalled uploads from one address and 200 from 200 addresses: pages answer, 95% within 100 ms; a new enquiry is stored',
  async (t) => {
    const dataDir = makeDataDir();
    t.teardown(() => removeDataDir(dataDir));
    const IDLE_SECONDS = 45;
    const server = await spawnServer({ DATA_DIR: dataDir, UPLOAD_IDLE_SECONDS: String(IDLE_SECONDS) }, 'discard');
    t.teardown(() => server.child.kill('SIGKILL'));
    const { port } = new URL(server.url);
    const pid = server.child.pid!;
    const quiet: number[] = [];
    for (let i = 0; i < 20; i += 1) quiet.push((await send(server.url, i % 2 ? '/contact' : '/')).ms);
    t.comment(`pages before the flood: ${summary(quiet)}`);
    const before = descriptors(pid);
    const cpuBefore = cpuMs(pid);
    const started = performance.now();

    // At most 250 stalls without an answer at a time (the 50 held among them), well under the 1000
    // connections: so every one reaches the upload caps, and none is dropped for MAX_CONNECTIONS.
    const OPEN_AT_ONCE = 250;
    const stalls: Stall[] = [];
    const changes = signal();
    const unsettled = () => stalls.filter((s) => !s.settled()).length;
    const open = async (addresses: string[]) => {
      for (const address of addresses) {
        await changes.until(
          () => unsettled() < OPEN_AT_ONCE,
          Date.now() + 30_000,
          () => `${unsettled()} stalls unanswered`,
        );
        stalls.push(stall(Number(port), address, changes.notify));
      }
    };
    // Pages asked for back to back while the flood is opened (measured here, where the flood is opened too).
    const whileOpening: number[] = [];
    let opening = true;
    const prober = (async () => {
      for (let i = 0; opening; i += 1) {
        const page = await send(server.url, i % 2 ? '/contact' : '/');
        if (page.status !== 200) throw new Error(`a page answered ${page.status} while the flood was opened`);
        whileOpening.push(page.ms);
      }
    })();
    await open(Array.from({ length: 2000 }, () => '127.0.0.2'));
    await open(Array.from({ length: 200 }, (_, i) => `127.0.1.${i + 1}`));
    // Established: every stall answered but the 40 the server may hold (a stall never answers by itself):
    // 50 slots, 10 of them reserved for forms filled at a person's pace and networks with past enquiries.
    await changes.until(
      () => unsettled() <= 40,
      Date.now() + IDLE_SECONDS * 1000,
      () => `${unsettled()} stalls unanswered`,
    );
    opening = false;
    await prober;
    const opened = performance.now() - started;
    t.comment(
      `2,200 stalled uploads opened in ${Math.round(opened)} ms (server CPU ${cpuMs(pid) - cpuBefore} ms); pages meanwhile (one at a time, new connection each): ${summary(whileOpening)}`,
    );

    // Else the first uploads let in are ended (and their slots taken again) while the flood opens.
    t.ok(opened < IDLE_SECONDS * 1000, `the flood opened within the ${IDLE_SECONDS} s progress timeout`);
    const held = descriptors(pid);
    t.equal(unsettled(), 40, '40 stalled uploads held, the rest answered');
    const temporary = bytesOnDisk({ dataDir }).temporary;
    t.ok(temporary <= 40, `${temporary} temporary files, one at most per upload held`);
    t.comment(
      `server descriptors: ${before.all} before the flood (${before.sockets} sockets), ${held.all} while it is held (${held.sockets} sockets)`,
    );

    // Pages during the established flood, one at a time as a visitor's browser would open them.
    const home = await send(server.url, '/');
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)?.[1];
    t.ok(stylesheet, 'the home page links its stylesheet');
    const paths = ['/', '/contact', '/products', stylesheet!, '/about'];
    const during: Answer[] = [];
    for (let i = 0; i < 100; i += 1) during.push(await send(server.url, paths[i % paths.length]!));
    during.push(await send(server.url, '/healthz'));
    const ms = during.map((page) => page.ms);
    t.ok(
      during.every((page) => page.status === 200),
      'every page (and /healthz) answers 200 during the flood',
    );
    // Measured from this process, one request at a time, each on a new connection. The bound is on the
    // 95th percentile, the max reported: on a shared 2-core machine the scheduler alone puts the odd
    // request over 100 ms, without any flood (see the pages before it).
    t.ok(percentile(ms, 95) < 100, `95% within 100 ms: ${summary(ms)}`);

    // A buyer's form with a drawing, filled in at a person's pace: one of the reserved slots.
    const buyersForm = new Request(server.url, {
      method: 'POST',
      body: quoteForm(
        { ...valid, subject: 'A genuine enquiry during the flood', [FORM_TOKEN_FIELD]: formTokenFor(server.url) ?? '' },
        [pdf(1)],
      ),
    });
    const genuine = await send(server.url, '/contact', {
      method: 'POST',
      localAddress: '127.0.2.1',
      headers: { 'content-type': buyersForm.headers.get('content-type')! },
      body: Buffer.from(await buyersForm.arrayBuffer()),
    });
    t.equal(genuine.status, 303, 'a form enquiry with a drawing from a new address during the flood is answered 303');
    const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
    t.teardown(() => db.close());
    t.same(
      db
        .prepare(
          "SELECT name, spam_reason AS spamReason FROM enquiries WHERE subject = 'A genuine enquiry during the flood'",
        )
        .all(),
      [{ name: valid.name, spamReason: null }],
      'and stored, not as spam',
    );

    // The 50 held are ended by the progress timeout, without an answer.
    await changes.until(
      () => unsettled() === 0,
      Date.now() + 2 * IDLE_SECONDS * 1000,
      () => `${unsettled()} stalls still open`,
    );
    await Promise.all(stalls.map((s) => s.closed));
    const answers = stalls.map((s) => s.answer().split('\r\n')[0] ?? '');
    const count = (status: string) => answers.filter((line) => line.startsWith(`HTTP/1.1 ${status} `)).length;
    t.equal(count('429'), 1997, 'from the one address: 3 let in, 1,997 refused with 429');
    t.equal(count('503'), 200 - (40 - 3), 'from 200 addresses: 37 let in (40 in all), 163 refused with 503');
    t.equal(
      answers.filter((line) => line === '' || line.startsWith('HTTP/1.1 408 ')).length,
      40,
      'the 40 let in were ended by the idle limit (unanswered, or 408 when the body-idle check came first)',
    );
    // A socket closes before its handler has discarded its files: wait for the last one (bounded).
    for (const deadline = Date.now() + 5_000; bytesOnDisk({ dataDir }).temporary > 0 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    t.same(
      bytesOnDisk({ dataDir }),
      { stored: 1024 * 1024, files: 1, temporary: 0 },
      'nothing left on disk but the buyer’s drawing',
    );

    const form = quoteForm(
      { ...valid, subject: 'A drawing after the flood', [FORM_TOKEN_FIELD]: formTokenFor(server.url) ?? '' },
      [pdf(1)],
    );
    const after = await fetch(`${server.url}/contact`, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json' },
    });
    t.equal(after.status, 201, 'an enquiry with a drawing is stored once the stalled uploads are ended');
    t.equal(bytesOnDisk({ dataDir }).files, 2, 'its drawing is on disk');
    t.comment(`flood of 2,200 stalled uploads over in ${Math.round(performance.now() - started)} ms`);
  },
);

/** Connections that send the start of a request's headers, then nothing (held by Node for up to 60 s). */
function halfRequests(port: number, count: number, changed: () => void) {
  return Array.from({ length: count }, () => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' });
    let answered = false;
    let closed = false;
    socket.on('data', () => (answered = true));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      changed();
    });
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    return { socket, answered: () => answered, closed: () => closed };
  });
}

/** A buyer's form with a 1 MB drawing on a raw socket, sent up to its file part; `finish` sends the rest. */
async function buyerMidUpload(url: string, subject: string) {
  const boundary = 'buyerboundary';
  const body = multipartBody(boundary, { ...valid, subject, [FORM_TOKEN_FIELD]: formTokenFor(url) ?? '' }, [
    { field: 'drawings', fileName: 'flange.pdf', type: 'application/pdf', bytes: pdf(1).bytes },
  ]);
  const socket = await startRawRequest(url, {
    path: '/contact',
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      Accept: 'application/json',
      Connection: 'close',
    },
    contentLength: body.length,
  });
  // Up to the file part: its temporary file is opened only when the rest comes.
  const filePart = body.indexOf(`--${boundary}\r\nContent-Disposition: form-data; name="drawings"`);
  socket.write(body.subarray(0, filePart));
  return {
    finish: async () => {
      const answer = await finishAndReadAnswer(socket, body.subarray(filePart));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer.replace(/^HTTP\/1\.1 100 [^\r]*\r\n\r\n/, ''))?.[1]);
      return { status, answer };
    },
  };
}

t.test(
  'under ulimit -n 1024, MAX_CONNECTIONS is capped at 768 and 1,100 connections that never finish their headers leave descriptors for a buyer mid-upload; out of descriptors (EMFILE) a drawing is 503 with Retry-After, never 500',
  async (t) => {
    const dataDir = makeDataDir();
    t.teardown(() => removeDataDir(dataDir));
    // MAX_CONNECTIONS left at its 1000, under the common container limit of 1024 open files: capped at
    // start at 768 (1024 less a reserve of a quarter, issue 40 item 5); the flood below (1,100) is more than both.
    const server = await spawnServer({ DATA_DIR: dataDir, UPLOAD_IDLE_SECONDS: '90' }, 'keep', { openFiles: 1024 });
    t.teardown(() => server.child.kill('SIGKILL'));
    const { port } = new URL(server.url);
    const pid = server.child.pid!;
    t.match(
      server.output(),
      'MAX_CONNECTIONS 1000 is more than the open-files limit (ulimit -n 1024) allows: capped at 768, keeping 256 descriptors',
      'the cap is said in the log at start',
    );
    // A visitor whose browser keeps its connection open, and two buyers mid-upload, all before the flood.
    const visitor = new Agent({ keepAlive: true, maxSockets: 1 });
    t.teardown(() => visitor.destroy());
    const home = await send(server.url, '/', { agent: visitor });
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)?.[1] ?? '/missing.css';
    const buyer = await buyerMidUpload(server.url, 'A drawing at the connection limit');
    const outOfFiles = await buyerMidUpload(server.url, 'A drawing with no descriptor left');
    const before = descriptors(pid);

    const changes = signal();
    const flood = halfRequests(Number(port), 1100, changes.notify);
    t.teardown(() => flood.forEach((c) => c.socket.destroy()));
    const dropped = () => flood.filter((c) => c.closed()).length;
    await changes.until(
      () => dropped() >= 1100 - 768 + 3,
      Date.now() + 30_000,
      () => `${dropped()} of 1,100 connections closed`,
    );
    const held = descriptors(pid);
    t.ok(
      flood.every((c) => !c.answered()),
      'none of the flood is answered',
    );
    t.ok(
      1100 - dropped() <= 768,
      `${1100 - dropped()} of 1,100 held, at most MAX_CONNECTIONS; the rest closed at once`,
    );
    t.ok(held.all <= before.all + 765, `${held.all} descriptors open of the 1,024 allowed (${before.all} before)`);
    await t.rejects(
      send(server.url, '/'),
      'a page asked for on a new connection, past the limit, is closed unanswered',
    );

    // With the limit held, what needs a descriptor of its own still works, on a connection already open.
    t.equal((await send(server.url, stylesheet, { agent: visitor })).status, 200, 'the stylesheet is read from disk');
    t.equal(
      (await send(server.url, '/healthz', { agent: visitor })).status,
      200,
      '/healthz: the database takes a write',
    );
    // Should descriptors still run out (the limit lowered under the running server), the drawing's
    // temporary file cannot be opened: a storage failure, 503 with Retry-After, not a 500.
    // The lowest descriptor number free is the next one opened: a limit at it leaves none.
    const open = new Set(readdirSync(`/proc/${pid}/fd`).map(Number));
    let lowestFree = 0;
    while (open.has(lowestFree)) lowestFree += 1;
    execFileSync('prlimit', ['--pid', String(pid), `--nofile=${lowestFree}:1024`]);
    const refused = await outOfFiles.finish();
    execFileSync('prlimit', ['--pid', String(pid), '--nofile=1024:1024']);
    t.equal(refused.status, 503, 'out of descriptors: 503');
    t.match(refused.answer, /\r\nretry-after: 60\r\n/i, 'with Retry-After');
    t.match(refused.answer, /could not save your enquiry just now/, 'and the message to send it again');
    t.match(server.output(), /EMFILE/, 'the log says why: EMFILE');
    t.equal(bytesOnDisk({ dataDir }).temporary, 0, 'nothing left in uploads/.tmp');

    const stored = await buyer.finish();
    t.equal(stored.status, 201, 'the buyer mid-upload finishes: stored, there are descriptors for its drawing');
    t.equal(bytesOnDisk({ dataDir }).files, 1, 'its drawing is on disk');

    // Ten of the flood go away: a new visitor's page (each try on a new connection) gets through.
    for (const c of flood.filter((c) => !c.closed()).slice(0, 10)) c.socket.destroy();
    let closedMeanwhile = 0;
    let page: Answer | undefined;
    for (const deadline = Date.now() + 10_000; !page && Date.now() < deadline;) {
      page = await send(server.url, '/').catch(() => {
        closedMeanwhile += 1;
        return undefined;
      });
    }
    t.equal(
      page?.status,
      200,
      `a new visitor's page answers once connections free (${closedMeanwhile} tries closed before)`,
    );
    t.notMatch(server.output(), /"status":500/, 'no 500 in the log');
  },
);
