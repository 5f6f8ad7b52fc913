import { join } from 'node:path';
import t from 'tap';
import { openDatabase } from '../../../server/platform/db/open-database.js';
import { createReplyDeliveries } from '../../../server/enquiries/replies/reply-delivery.js';
import type { EnquiryStore } from '../../../server/enquiries/enquiry-store.js';
import type { StorageMonitor } from '../../../server/platform/storage/storage-monitor.js';

/**
 * A reply accepted by the mail server gives the turn to the buyer unless the buyer wrote since it was
 * written; an automatic reply (an out-of-office to an earlier reply) that came meanwhile is not the
 * buyer writing, and leaves the enquiry in Awaiting us no longer.
 */
t.test('an automatic reply received while a reply waited does not keep the enquiry awaiting us', async (t) => {
  const db = openDatabase(join(t.testdir(), 'forge.db'));
  t.teardown(() => db.close());
  const store = { setStage: () => 'open' } as unknown as EnquiryStore;
  const storage = { write: (work: () => unknown) => work() } as unknown as StorageMonitor;
  const deliveries = createReplyDeliveries({ db, storage, store });
  const enquiry = Number(
    db
      .prepare(
        `INSERT INTO enquiries (name, phone, subject, message, created_at, status, awaiting, last_message_at)
         VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z', 'open', 'us',
           '2026-01-01T00:00:00.000Z')`,
      )
      .run().lastInsertRowid,
  );
  const message = db.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at,
       automatic)
     VALUES (?, ?, ?, 'x@forge.test', 'y@buyer.example', 'Re: Flanges', 'Text', ?, ?)`,
  );
  const reply = Number(message.run(enquiry, 'sent', 'r@forge.test', '2026-01-02T00:00:00.000Z', 0).lastInsertRowid);
  db.prepare(
    `INSERT INTO deliveries (enquiry_id, reply_id, channel, event, created_at)
     VALUES (?, ?, 'reply', 'reply.sent', '2026-01-02T00:00:00.000Z')`,
  ).run(enquiry, reply);
  message.run(enquiry, 'received', 'ooo@buyer.example', '2026-01-02T01:00:00.000Z', 1);
  const state = () => db.prepare('SELECT awaiting, last_message_at FROM enquiries WHERE id = ?').get(enquiry);

  deliveries.changed(reply, '2026-01-02T02:00:00.000Z');
  t.same(state(), { awaiting: 'buyer', last_message_at: '2026-01-02T02:00:00.000Z' }, 'the buyer’s turn');

  db.prepare("UPDATE enquiries SET awaiting = 'us' WHERE id = ?").run(enquiry);
  message.run(enquiry, 'received', 'answer@buyer.example', '2026-01-02T01:30:00.000Z', 0);
  deliveries.changed(reply, '2026-01-02T03:00:00.000Z');
  t.equal((state() as { awaiting: string }).awaiting, 'us', 'the buyer’s own answer since keeps it awaiting us');
});
