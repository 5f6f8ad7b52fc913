import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { sectionPath } from '../../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { MAIN, run, spawnServer } from '../../helpers/child-server.js';
import { makePhoto } from '../../helpers/photos.js';
import { finishAndReadAnswer, multipartBody, startRawRequest } from '../../helpers/raw-request.js';
import { withDataDir, withServer } from '../../helpers/server.js';
import { openSection } from '../../helpers/site-editor.js';

/** Resolves once `directory` holds a file (an upload's temporary file has been opened), watching it for at most 10 s. */
function fileAppears(directory: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const names = readdirSync(directory);
      if (names.length === 0) return;
      done();
      resolve(names);
    };
    const watcher = watch(directory, look);
    const timer = setTimeout(() => (done(), reject(new Error(`nothing appeared in ${directory}`))), 10_000);
    const done = () => (watcher.close(), clearTimeout(timer));
    look(); // what was there before the watch began
  });
}

t.test(
  'a second server on the same DATA_DIR exits 1 naming the running one, and touches none of its files',
  async (t) => {
    const dataDir = withDataDir(t);
    const first = await spawnServer({ DATA_DIR: dataDir, ...TEST_ADMIN_ENV });
    t.teardown(() => first.child.kill('SIGKILL'));

    // A photo upload in flight: half of it sent, its temporary file open in media/.tmp.
    const admin = new AdminClient(first.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const section = sectionPath('products/flanges');
    const { page, view } = await openSection(admin, section);
    const boundary = 'lockboundary';
    const body = multipartBody(
      boundary,
      {
        ...view.values,
        _csrf: admin.csrfToken,
        base: String(page.revision.id),
        note: '',
        'photo.alt': 'A forged flange',
      },
      [
        {
          field: 'photo.file',
          fileName: 'flange.jpg',
          type: 'image/jpeg',
          bytes: await makePhoto({ width: 1600, height: 1200 }),
        },
      ],
    );
    const upload = await startRawRequest(first.url, {
      path: section,
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        Origin: first.url,
        Cookie: admin.cookie,
        Connection: 'close',
      },
      contentLength: body.length,
    });
    const half = Math.floor(body.length / 2);
    upload.write(body.subarray(0, half));
    const inFlight = await fileAppears(join(dataDir, 'media', '.tmp'));
    // And what the start-up sweeps remove: a drawing upload cut short, a drawing moved in but not yet committed.
    writeFileSync(join(dataDir, 'uploads', '.tmp', 'in-flight-drawing'), 'arriving');
    writeFileSync(join(dataDir, 'uploads', 'a'.repeat(32)), 'moved in, commit under way');
    mkdirSync(join(dataDir, 'media', 'photos', `.${'b'.repeat(20)}.partial`));
    const before = {
      media: readdirSync(join(dataDir, 'media', '.tmp')),
      uploads: readdirSync(join(dataDir, 'uploads')).sort(),
      photos: readdirSync(join(dataDir, 'media', 'photos')),
    };

    const second = await run(
      [MAIN],
      { NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      undefined,
      15_000,
    );
    t.equal(second.code, 1, 'the second start exits 1');
    const lines = second.stderr.trim().split('\n');
    t.equal(lines.length, 1, `one line: ${second.stderr}`);
    t.match(
      lines[0],
      new RegExp(
        `^Cannot start: DATA_DIR ${dataDir} is in use by another server \\(process ${first.child.pid} on \\S+, started \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)`,
      ),
    );
    t.equal(second.stdout, '', 'it logged nothing: it did not get as far as opening the database');

    t.same(readdirSync(join(dataDir, 'media', '.tmp')), before.media, 'the upload’s temporary file is still there');
    t.same(readdirSync(join(dataDir, 'uploads')).sort(), before.uploads, 'the drawings in flight are still there');
    t.same(readdirSync(join(dataDir, 'media', 'photos')), before.photos, 'the photo being processed is still there');
    t.equal(inFlight.length, 1, 'one upload was in flight');

    const answer = await finishAndReadAnswer(upload, body.subarray(half));
    t.match(answer, /^HTTP\/1\.1 303 /, 'the upload in flight completes');
    const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
    t.equal(db.prepare('SELECT count(*) FROM media').pluck().get(), 1, 'and its photo is stored');
    db.close();
    t.equal((await fetch(`${first.url}/healthz`)).status, 200, 'the first server serves on');

    // The commands an operator runs beside the server do not need the lock.
    const backup = await run([join(MAIN, '..', 'cli', 'backup.js'), join(dataDir, 'backups', 'while-running.db')], {
      DATA_DIR: dataDir,
    });
    t.equal(backup.code, 0, `backup while the server runs: ${backup.stderr}`);
    const password = await run(
      [join(MAIN, '..', 'cli', 'admin-password.js')],
      { DATA_DIR: dataDir },
      `${TEST_ADMIN.email}\nanother long passphrase\nanother long passphrase\n`,
    );
    t.equal(password.code, 0, `admin:password while the server runs: ${password.stderr}`);

    // Killed outright, the server leaves no stale lock: the next start on the directory succeeds.
    first.child.kill('SIGKILL');
    t.equal(await first.exited, 'SIGKILL');
    const next = await spawnServer({ DATA_DIR: dataDir });
    t.teardown(() => next.child.kill('SIGKILL'));
    t.equal((await fetch(`${next.url}/healthz`)).status, 200, 'a start after a SIGKILL takes the directory');
    next.child.kill('SIGTERM');
    t.equal(await next.exited, 0);
  },
);

// Issue 40 item 12: a DATA_DIR of its own is not enough, the database has its lock beside it.
t.test('a second server with its own DATA_DIR but the same DATABASE_PATH exits 1 and writes nothing', async (t) => {
  const databasePath = join(withDataDir(t), 'shared.db');
  const first = await withServer(t, { env: { DATABASE_PATH: databasePath } });
  const count = () => {
    const db = new Database(databasePath, { readonly: true });
    try {
      return db.prepare('SELECT count(*) FROM audit_log').pluck().get() as number;
    } finally {
      db.close();
    }
  };
  const before = count();
  const secondDir = withDataDir(t);
  const second = await run(
    [MAIN],
    { NODE_ENV: 'production', DATA_DIR: secondDir, DATABASE_PATH: databasePath, PORT: '0', HOST: '127.0.0.1' },
    undefined,
    15_000,
  );
  t.equal(second.code, 1, 'the second start exits 1');
  t.match(
    second.stderr,
    new RegExp(
      `^Cannot start: DATABASE_PATH ${databasePath} is in use by another server \\(process ${process.pid} on \\S+, started [\\dTZ:.-]+\\): stop it first, or give this one its own DATABASE_PATH\\.\\n$`,
    ),
  );
  t.equal(second.stdout, '', 'it logged nothing: it did not open the database');
  t.equal(count(), before, 'nothing was written to the database');
  t.same(
    readdirSync(secondDir),
    ['server.lock.db'],
    'its own data directory holds its lock file only: no owner, no database',
  );
  t.equal((await first.fetch('/healthz')).status, 200, 'the first server serves on');
});
