import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { createDrawingFiles } from '../../../server/enquiries/drawings/drawing-files.js';
import { createReplyImport, type IncomingReply } from '../../../server/enquiries/mailbox/reply-import.js';
import { openDatabase } from '../../../server/platform/db/open-database.js';
import { StorageUnavailableError } from '../../../server/platform/storage/storage-error.js';
import type { StorageMonitor } from '../../../server/platform/storage/storage-monitor.js';
import { SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { withDataDir } from '../../helpers/server.js';

/** A database and uploads folder of their own, and a storage monitor that can be made to fail. */
function setUp(t: Parameters<typeof withDataDir>[0]) {
  const dataDir = withDataDir(t);
  const db = openDatabase(join(dataDir, 'forge.db'));
  t.teardown(() => db.close());
  const state = { failing: false };
  const storage = {
    write<T>(work: () => T): T {
      if (state.failing) throw new StorageUnavailableError('the disk is full (test)');
      return db.transaction(work)();
    },
  } as unknown as StorageMonitor;
  const drawings = createDrawingFiles(dataDir);
  const id = Number(
    db
      .prepare(
        "INSERT INTO enquiries (name, email, phone, subject, message, created_at, awaiting) VALUES ('Asha', 'asha@buyer.example', '1', 's', 'm', ?, 'buyer')",
      )
      .run(new Date(0).toISOString()).lastInsertRowid,
  );
  const replies = createReplyImport({ db, storage, drawings, now: () => Date.parse('2026-11-25T10:00:00Z') });
  const reply = (messageId: string): IncomingReply => ({
    enquiryId: id,
    messageId,
    inReplyTo: null,
    refs: [],
    sender: 'asha@buyer.example',
    recipient: 'sales@forge.test',
    subject: `Re [#${id}]`,
    body: 'With the drawing.',
    attachments: [
      { filename: 'part.pdf', content: SAMPLE_DRAWINGS.pdf.bytes, size: SAMPLE_DRAWINGS.pdf.bytes.length },
      { filename: 'part.png', content: SAMPLE_DRAWINGS.png.bytes, size: SAMPLE_DRAWINGS.png.bytes.length },
    ],
    cut: false,
    automatic: false,
  });
  const files = () => readdirSync(join(dataDir, 'uploads')).filter((name) => name !== '.tmp');
  const temporary = () => readdirSync(join(dataDir, 'uploads', '.tmp'));
  return { db, state, id, replies, reply, files, temporary };
}

t.test('a failed commit leaves no file and no row behind; a retry stores it once', async (t) => {
  const { db, state, id, replies, reply, files, temporary } = setUp(t);
  state.failing = true;
  await t.rejects(replies.importReply(reply('m1@buyer.example')), StorageUnavailableError);
  t.same(files(), [], 'no drawing file');
  t.same(temporary(), [], 'no temporary file');
  t.equal(db.prepare('SELECT count(*) FROM enquiry_messages').pluck().get(), 0);
  t.equal(db.prepare('SELECT count(*) FROM enquiry_files').pluck().get(), 0);

  state.failing = false;
  t.match(await replies.importReply(reply('m1@buyer.example')), { outcome: 'imported', drawings: 2 });
  t.match(await replies.importReply(reply('m1@buyer.example')), { outcome: 'duplicate' });
  t.equal(files().length, 2, 'two files, once');
  t.equal(db.prepare('SELECT count(*) FROM enquiry_message_files').pluck().get(), 2);
  t.same(db.prepare('SELECT read_at, awaiting, last_message_at FROM enquiries WHERE id = ?').get(id), {
    read_at: null,
    awaiting: 'us',
    last_message_at: '2026-11-25T10:00:00.000Z',
  });
});

t.test('a cut message keeps its text and none of its files; an enquiry gone keeps nothing', async (t) => {
  const { db, id, replies, reply, files } = setUp(t);
  t.match(await replies.importReply({ ...reply('cut@buyer.example'), cut: true }), {
    outcome: 'imported',
    drawings: 0,
    refused: [/part\.pdf: the message was too large/, /part\.png/],
  });
  t.same(files(), []);
  db.prepare('DELETE FROM enquiries WHERE id = ?').run(id);
  t.match(await replies.importReply(reply('late@buyer.example')), { outcome: 'gone' });
  t.same(files(), [], 'its files removed');
});
