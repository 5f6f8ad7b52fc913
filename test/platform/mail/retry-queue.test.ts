import t from 'tap';
import Database from 'better-sqlite3';
import pino from 'pino';
import { createRetryQueue } from '../../../server/platform/mail/retry-queue.js';

// An e-mail the mail server accepted is never sent again, even when writing "sent" fails (storage
// failing at that moment): it is written once storage works again.
t.test('an e-mail accepted but not recorded as sent is not sent again, and is recorded later', async (t) => {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE mails (id INTEGER PRIMARY KEY, send_status TEXT, send_error TEXT,
    send_tries INTEGER NOT NULL DEFAULT 0, send_next_at TEXT)`);
  const at = new Date('2026-11-25T09:00:00Z');
  const add = (id: number) =>
    db.prepare("INSERT INTO mails VALUES (?, 'pending', NULL, 0, ?)").run(id, at.toISOString());
  const breakWrites = () =>
    db.exec("CREATE TRIGGER full BEFORE UPDATE ON mails BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
  const status = (id: number) => db.prepare('SELECT send_status FROM mails WHERE id = ?').pluck().get(id);

  const sent: number[] = [];
  const queue = createRetryQueue({
    db,
    columns: { table: 'mails', prefix: 'send' },
    what: 'test e-mail',
    idKey: 'mailId',
    log: pino({ level: 'silent' }),
    now: () => at,
    async send(id) {
      sent.push(id);
      // The disk fills while the mail server accepts this one.
      if (id === 1) breakWrites();
    },
  });
  t.teardown(() => queue.close());

  add(1);
  await queue.run();
  t.same(sent, [1], 'sent once');
  t.equal(status(1), 'pending', 'not recorded: the write failed');
  await queue.run();
  t.same(sent, [1], 'a second run does not send it again');

  db.exec('DROP TRIGGER full');
  add(2);
  await queue.run();
  t.same(sent, [1, 2], 'the next e-mail is sent; the first still not again');
  t.equal(status(1), 'sent', 'and the first is recorded as sent with it');
  t.equal(status(2), 'sent');
});
