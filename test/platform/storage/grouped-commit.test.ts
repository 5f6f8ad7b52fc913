import { join } from 'node:path';
import t from 'tap';
import { openDatabase, type DB } from '../../../server/platform/db/open-database.js';
import { StorageUnavailableError } from '../../../server/platform/storage/storage-error.js';
import { createStorageMonitor } from '../../../server/platform/storage/storage-monitor.js';
import { withDataDir, type Teardown } from '../../helpers/server.js';

const silent = { error() {}, warn() {}, info() {} } as never;

function open(t: Teardown) {
  const dataDir = withDataDir(t);
  const path = join(dataDir, 'forge.db');
  const db = openDatabase(path);
  t.teardown(() => db.close());
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
  const storage = createStorageMonitor({
    db,
    databasePath: path,
    dataDir,
    minFreeBytes: 0,
    busyTimeoutMs: 1000,
    log: silent,
  });
  const insert = db.prepare('INSERT INTO items (label) VALUES (?)');
  const labels = () => db.prepare('SELECT label FROM items ORDER BY id').pluck().all();
  return { db, storage, path, add: (label: string) => () => Number(insert.run(label).lastInsertRowid), labels };
}

/** Frames in the WAL since it was last emptied: one commit writes each page it changed once. */
function walFrames(db: DB): number {
  return (db.pragma('wal_checkpoint(PASSIVE)') as { log: number }[])[0]!.log;
}
function emptyWal(db: DB): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
}

t.test('writes grouped in one turn of the event loop are committed together, each with its result', async (t) => {
  const { db, storage, add, labels } = open(t);
  emptyWal(db);
  await storage.writeGrouped(add('alone'));
  const framesOfOne = walFrames(db);
  emptyWal(db);

  const pending = ['a', 'b', 'c', 'd', 'e'].map((label) => storage.writeGrouped(add(label)));
  t.same(labels(), ['alone'], 'nothing is written before the group commits');
  t.same(await Promise.all(pending), [2, 3, 4, 5, 6], 'each gets its own result');
  t.same(labels(), ['alone', 'a', 'b', 'c', 'd', 'e']);
  t.equal(walFrames(db), framesOfOne, 'five writes cost the WAL what one does: one commit');

  emptyWal(db);
  for (const label of ['f', 'g']) await storage.writeGrouped(add(label));
  t.equal(walFrames(db), 2 * framesOfOne, 'writes in different turns are committed apart');
});

t.test('one write that throws is undone alone; the others of its group are committed', async (t) => {
  const { storage, add, labels } = open(t);
  const broken = () => {
    add('half-done')();
    throw new Error('a bug in this one write');
  };
  const results = await Promise.allSettled([
    storage.writeGrouped(add('first')),
    storage.writeGrouped(broken),
    storage.writeGrouped(add('third')),
  ]);
  t.same(
    results.map((result) => result.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  t.match((results[1] as PromiseRejectedResult).reason, { message: 'a bug in this one write' });
  t.same(labels(), ['first', 'third'], 'nothing of the broken write is kept');
});

t.test('a storage failure fails the whole group: nothing acknowledged, nothing stored', async (t) => {
  const { db, storage, add, labels } = open(t);
  await storage.writeGrouped(add('before'));
  const pages = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${pages}`);
  const big = (label: string) => add(label.repeat(20_000));
  const results = await Promise.allSettled([
    storage.writeGrouped(add('small')),
    storage.writeGrouped(big('x')),
    storage.writeGrouped(add('small too')),
  ]);
  for (const result of results) {
    t.equal(result.status, 'rejected');
    t.type((result as PromiseRejectedResult).reason, StorageUnavailableError);
  }
  t.same(labels(), ['before'], 'none of the group is in the file');
  db.pragma('max_page_count = 1073741823');
  t.equal(await storage.writeGrouped(add('after')), 2, 'writes go on once there is room');
});
