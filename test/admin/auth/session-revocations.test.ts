import t from 'tap';
import pino from 'pino';
import { createSessionRevocations } from '../../../server/admin/auth/session-revocations.js';
import { StorageUnavailableError } from '../../../server/platform/storage/storage-error.js';

/** A store whose deletes fail while `broken` is set, and an injected clock. */
function setup() {
  const state = { broken: true, now: 1_000_000, deleted: [] as string[] };
  const revocations = createSessionRevocations({
    remove: (sid) => {
      if (state.broken) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      state.deleted.push(sid);
    },
    keepMs: 60_000,
    log: pino({ level: 'silent' }),
    now: () => state.now,
  });
  t.teardown(() => revocations.close());
  return { state, revocations };
}

t.test('an ended session is refused while its delete fails, and forgotten once the delete is written', async (t) => {
  const { state, revocations } = setup();
  t.notOk(revocations.refuses('a'), 'a session never ended is not refused');
  revocations.revoke('a', new StorageUnavailableError('SQLITE_FULL').reason);
  t.ok(revocations.refuses('a'), 'refused');
  t.ok(revocations.refuses('a'), 'still refused: the delete failed again');
  t.equal(revocations.pending, 1);
  state.broken = false;
  t.ok(revocations.refuses('a'), 'refused, and the delete is written on the way');
  t.same(state.deleted, ['a']);
  t.equal(revocations.pending, 0, 'nothing left to retry: the row is gone, so the store has no such session');
});

t.test('the timer’s retry writes every waiting delete once the store can write', async (t) => {
  const { state, revocations } = setup();
  revocations.revoke('a', 'SQLITE_BUSY');
  revocations.revoke('b', 'SQLITE_BUSY');
  revocations.retry();
  t.equal(revocations.pending, 2, 'still failing: both wait');
  state.broken = false;
  revocations.retry();
  t.same(state.deleted.sort(), ['a', 'b']);
  t.equal(revocations.pending, 0);
});

t.test('an entry is dropped after the absolute session limit, when the row has expired anyway', async (t) => {
  const { state, revocations } = setup();
  revocations.revoke('a', 'SQLITE_READONLY');
  state.now += 60_001;
  revocations.retry();
  t.equal(revocations.pending, 0);
  t.same(state.deleted, [], 'no delete was written: the store refuses the expired row by its expires_at');
});

t.test('a failure that is not the storage’s is not swallowed', async (t) => {
  const revocations = createSessionRevocations({
    remove: () => {
      throw new TypeError('a bug');
    },
    keepMs: 60_000,
    log: pino({ level: 'silent' }),
  });
  t.teardown(() => revocations.close());
  revocations.revoke('a', 'SQLITE_BUSY');
  t.throws(() => revocations.refuses('a'), TypeError);
});
