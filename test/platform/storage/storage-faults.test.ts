import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync, statfsSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { spawnServer } from '../../helpers/child-server.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { checkNothingLost, readBack, submitEnquiry, type Outcome } from '../../helpers/durability.js';
import { longEnquiry } from '../../helpers/realistic-data.js';
import { withDataDir, withServer } from '../../helpers/server.js';
import { fillToTheLastByte, smallFileSystem } from '../../helpers/small-file-system.js';
import { loadServerSecret } from '../../../server/platform/security/server-secret.js';

const UNLIMITED = { ENQUIRY_RATE_LIMIT: '100000' };
const health = async (url: string) => (await fetch(`${url}/healthz`)).status;

async function submitMany(url: string, tag: string, from: number, count: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let n = from; n < from + count; n++) outcomes.push(await submitEnquiry(url, n, tag));
  return outcomes;
}

const orphanedCopies = (dataDir: string) =>
  readdirSync(dataDir).filter((name) => name.startsWith('forge.db.orphaned-'));

t.test(
  'disk full (PRAGMA max_page_count on the connection that writes enquiries): 503, never a false 201/303',
  async (t) => {
    const server = await withServer(t, { env: UNLIMITED });
    const outcomes = await submitMany(server.url, 'before', 0, 4);
    const pages = server.app.db.pragma('page_count', { simple: true }) as number;
    await server.app.enquiryWriter.pragma(`max_page_count = ${pages}`);
    const full = await submitMany(server.url, 'full', 10, 12);
    t.ok(
      full.every((outcome) => outcome.status === 503),
      'every enquiry on the full database is refused with 503',
    );
    await server.app.enquiryWriter.pragma('max_page_count = 1073741823');
    const after = await submitMany(server.url, 'after', 30, 2);
    t.ok(
      after.every((outcome) => outcome.status === 201 || outcome.status === 303),
      'accepted again once there is room',
    );
    await server.close();
    checkNothingLost(t, [...outcomes, ...full, ...after], join(server.dataDir, 'forge.db'));
  },
);

const tmpfs = smallFileSystem('3m');

t.test(
  'a real full file system (tmpfs): 503, /healthz 503, then recovery',
  { skip: 'cannot' in tmpfs && tmpfs.cannot },
  async (t) => {
    if (!('dataDir' in tmpfs)) return;
    const { dataDir } = tmpfs;
    t.teardown(tmpfs.release);
    const server = await withServer(t, { env: { ...UNLIMITED, MIN_FREE_SPACE_MB: '1' }, dataDir });
    const outcomes = await submitMany(server.url, 'before', 0, 4);
    t.equal(await health(server.url), 200);

    const { code, free } = fillToTheLastByte(dataDir);
    t.equal(code, 'ENOSPC', 'the disk is full');
    t.equal(await health(server.url), 503, '/healthz says so');
    const full = await submitMany(server.url, 'full', 10, 30);
    t.ok(
      full.some((outcome) => outcome.status === 503),
      `${full.filter((o) => o.status === 503).length} of 30 refused with 503`,
    );

    free();
    t.equal(await health(server.url), 200, '/healthz recovers once there is room');
    const after = await submitMany(server.url, 'after', 50, 2);
    t.ok(
      after.every((outcome) => outcome.status === 201 || outcome.status === 303),
      'accepted again',
    );
    await server.close();
    checkNothingLost(t, [...outcomes, ...full, ...after], join(dataDir, 'forge.db'));
  },
);

const tmpfsForUploads = smallFileSystem('4m');
t.test(
  'the disk fills during a drawing upload: 503, values kept, no partial file left',
  { skip: 'cannot' in tmpfsForUploads && tmpfsForUploads.cannot },
  async (t) => {
    if (!('dataDir' in tmpfsForUploads)) return;
    const { dataDir } = tmpfsForUploads;
    t.teardown(tmpfsForUploads.release);
    const server = await withServer(t, { env: { ...UNLIMITED, MIN_FREE_SPACE_MB: '1' }, dataDir });
    // Leave about 1 MB free, then send a 2 MB drawing.
    const { bavail, bsize } = statfsSync(dataDir);
    writeFileSync(join(dataDir, 'filler'), Buffer.alloc(bavail * bsize - 1024 * 1024));
    const pdf = SAMPLE_DRAWINGS.pdf.bytes;
    const drawing = { name: 'big.pdf', bytes: Buffer.concat([pdf, Buffer.alloc(2 * 1024 * 1024, 0x20)]) };
    const response = await postQuote(
      server.url,
      quoteForm({ ...longEnquiry(1), subject: 'Disk fills mid-upload' }, [drawing]),
    );
    t.equal(response.status, 503);
    t.equal(response.headers.get('retry-after'), '60');
    const html = await response.text();
    t.match(html, /We could not save your enquiry just now/);
    t.ok(html.includes('Disk fills mid-upload'), 'values kept');
    t.same(readdirSync(join(dataDir, 'uploads', '.tmp')), [], 'no partial file');
    t.same(readdirSync(join(dataDir, 'uploads')), ['.tmp'], 'nothing kept');
    rmSync(join(dataDir, 'filler'));
    await server.close();
    t.equal(readBack(join(dataDir, 'forge.db')).subjects.size, 0, 'nothing stored');
  },
);

const tmpfsForRestart = smallFileSystem('8m');
t.test(
  'SIGKILL on a full disk, then a restart: pages 200, /healthz 503, writes 503 with Retry-After, back once space is freed (issue 40 item 7)',
  { skip: 'cannot' in tmpfsForRestart && tmpfsForRestart.cannot },
  async (t) => {
    if (!('dataDir' in tmpfsForRestart)) return;
    const { dataDir } = tmpfsForRestart;
    t.teardown(tmpfsForRestart.release);
    const env = { ...UNLIMITED, DATA_DIR: dataDir, MIN_FREE_SPACE_MB: '1' };
    const first = await spawnServer(env);
    t.teardown(() => first.child.kill('SIGKILL'));
    const outcomes = await submitMany(first.url, 'before', 0, 3);

    // The disk fills under a stream of enquiries; the kill lands while one is being written.
    const { code, free } = fillToTheLastByte(dataDir);
    t.equal(code, 'ENOSPC', 'the disk is full');
    for (let n = 10; n < 200 && !outcomes.some((outcome) => outcome.status === 503); n++)
      outcomes.push(await submitEnquiry(first.url, n, 'filling'));
    const cut = submitEnquiry(first.url, 300, 'cut').catch(() => undefined);
    first.child.kill('SIGKILL');
    await first.exited;
    const answered = await cut;
    if (answered) outcomes.push(answered);

    const second = await spawnServer(env, 'keep', { readyWhen: 'answering' });
    t.teardown(() => second.child.kill('SIGKILL'));
    for (const path of ['/', '/about', '/products', '/contact', '/products/flanges'])
      t.equal((await fetch(second.url + path)).status, 200, `${path} is served from what the server has`);
    const healthz = await fetch(`${second.url}/healthz`);
    t.equal(healthz.status, 503, '/healthz says the disk is full');
    const full = await submitMany(second.url, 'full', 400, 4);
    t.ok(
      full.every((outcome) => outcome.status === 503 && outcome.retryAfter === '60'),
      'the form and the API answer 503 with Retry-After',
    );
    outcomes.push(...full);
    // A secret that must be made now (a start that lost its file) is kept in memory: the start goes on.
    const fresh = join(dataDir, 'fresh');
    mkdirSync(fresh);
    const notKept: string[] = [];
    t.equal(loadServerSecret(fresh, undefined, (reason) => notKept.push(reason)).length, 64);
    t.same([notKept, readdirSync(fresh)], [['ENOSPC'], []], 'said why, and no partial secret left');

    free();
    for (const deadline = Date.now() + 10_000; (await health(second.url)) !== 200 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    t.equal(await health(second.url), 200, '/healthz recovers by itself, without a restart');
    const after = await submitMany(second.url, 'after', 500, 2);
    t.ok(
      after.every((outcome) => outcome.status === 201 || outcome.status === 303),
      'enquiries go through again',
    );
    outcomes.push(...after);
    second.child.kill('SIGTERM');
    t.equal(await second.exited, 0);
    t.notMatch(second.output(), /"status":500|Cannot start/, 'no 500 and no refused start');
    checkNothingLost(t, outcomes, join(dataDir, 'forge.db'));
  },
);

t.test(
  'the enquiry writer’s thread stops: what it was writing answers 503, the next enquiry starts it again',
  async (t) => {
    const server = await withServer(t, { env: UNLIMITED });
    const outcomes = await submitMany(server.url, 'before', 0, 2);
    // A lock held by another process keeps the thread waiting on its write while it is stopped.
    const other = new Database(join(server.dataDir, 'forge.db'));
    other.exec('BEGIN IMMEDIATE');
    const writer = server.app.enquiryWriter;
    const stopped = new Promise((resolve) => writer.thread!.once('exit', resolve));
    const create = writer.create;
    const sent = new Promise<void>((resolve) => {
      writer.create = (...args) => (resolve(), create(...args));
    });
    const pending = submitEnquiry(server.url, 10, 'stopped');
    // Stopped once the enquiry has been sent to it.
    await sent;
    writer.create = create;
    void writer.thread!.terminate();
    await stopped;
    other.exec('ROLLBACK');
    other.close();
    const failed = await pending;
    t.equal(failed.status, 503, 'the enquiry under way is not acknowledged');
    t.equal(await health(server.url), 200, 'a new thread answers the health check');
    const after = await submitMany(server.url, 'after', 20, 2);
    t.ok(
      after.every((outcome) => outcome.status === 201 || outcome.status === 303),
      'and stores the next enquiries',
    );
    await server.close();
    checkNothingLost(t, [...outcomes, failed, ...after], join(server.dataDir, 'forge.db'));
  },
);

t.test('a write lock held by another process: 503 after five seconds, pages still served', async (t) => {
  const server = await withServer(t, { env: UNLIMITED });
  const outcomes = await submitMany(server.url, 'before', 0, 2);
  const other = new Database(join(server.dataDir, 'forge.db'));
  other.exec('BEGIN IMMEDIATE');
  t.equal(
    server.app.db.pragma('busy_timeout', { simple: true }),
    1000,
    'a write on the event loop waits a second at most',
  );
  t.equal(await server.app.enquiryWriter.pragma('busy_timeout'), 5000, 'an enquiry, on its thread, five seconds');
  const locked = await submitMany(server.url, 'locked', 10, 2);
  t.ok(
    locked.every((outcome) => outcome.status === 503),
    'both the form and the API answer 503',
  );
  t.equal((await fetch(server.url + '/products/flanges')).status, 200, 'pages are still served');
  t.equal(await health(server.url), 503, '/healthz reports the lock');
  other.exec('ROLLBACK');
  other.close();
  t.equal(await health(server.url), 200);
  const after = await submitMany(server.url, 'after', 20, 2);
  await server.close();
  checkNothingLost(t, [...outcomes, ...locked, ...after], join(server.dataDir, 'forge.db'));
});

t.test('the database file replaced under the running server: 503, /healthz 503, the open file saved', async (t) => {
  const server = await withServer(t, { env: UNLIMITED });
  const path = join(server.dataDir, 'forge.db');
  const before = await submitMany(server.url, 'before', 0, 3);
  // An old copy restored over the live file, as a careless restore would do.
  const restored = join(server.dataDir, 'restored.db');
  const copy = new Database(path, { readonly: true });
  copy.exec(`VACUUM INTO '${restored}'`);
  copy.close();
  const late = await submitMany(server.url, 'late', 5, 1);
  renameSync(restored, path);
  const replaced = await submitMany(server.url, 'replaced', 10, 2);
  t.ok(
    replaced.every((outcome) => outcome.status === 503),
    'nothing acknowledged into a file without a name',
  );
  t.equal(await health(server.url), 503);
  const [saved] = orphanedCopies(server.dataDir);
  t.ok(saved, `the open database was copied to ${saved}`);
  await server.close();
  checkNothingLost(t, [...before, ...late, ...replaced], join(server.dataDir, saved!));
});

t.test(
  'the database file deleted under the running server: 503, copy saved, exit 1, a restart serves again',
  async (t) => {
    const dataDir = withDataDir(t);
    const path = join(dataDir, 'forge.db');
    const first = await spawnServer({ DATA_DIR: dataDir, ...UNLIMITED });
    t.teardown(() => first.child.kill('SIGKILL'));
    const before = await submitMany(first.url, 'before', 0, 3);
    unlinkSync(path);
    const deleted = await submitMany(first.url, 'deleted', 10, 1);
    t.equal(deleted[0]!.status, 503);
    t.equal(await first.exited, 1, 'the server exits so that its supervisor restarts it');
    t.match(
      first.output(),
      /the database file .*forge\.db was removed while the server was running; every enquiry it held was copied to/,
    );
    const [saved] = orphanedCopies(dataDir);
    checkNothingLost(t, [...before, ...deleted], join(dataDir, saved!));

    const second = await spawnServer({ DATA_DIR: dataDir, ...UNLIMITED });
    t.teardown(() => second.child.kill('SIGKILL'));
    const after = await submitMany(second.url, 'after', 20, 2);
    t.ok(
      after.every((outcome) => outcome.status === 201 || outcome.status === 303),
      'the restarted server takes enquiries',
    );
    second.child.kill('SIGTERM');
    await second.exited;
    t.same(
      [...readBack(path).subjects].sort(),
      after.map((outcome) => outcome.subject).sort(),
      'the new file holds what came after',
    );
  },
);

t.test('files are private: data directory 0700 and database files 0600', async (t) => {
  const dataDir = join(withDataDir(t), 'data');
  mkdirSync(dataDir, { mode: 0o755 });
  const server = await spawnServer({ DATA_DIR: dataDir });
  t.teardown(() => server.child.kill('SIGKILL'));
  await submitEnquiry(server.url, 1, 'mode');
  const mode = (file: string) => (statSync(join(dataDir, file)).mode & 0o777).toString(8);
  t.equal(mode('.'), '700');
  for (const file of ['forge.db', 'forge.db-wal', 'forge.db-shm', 'session-secret']) t.equal(mode(file), '600', file);
});
