import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { createDrawingFiles } from '../../../server/enquiries/drawings/drawing-files.js';
import type { MailAllowance } from '../../../server/enquiries/mailbox/mail-allowance.js';
import { createReplyImport, type IncomingReply } from '../../../server/enquiries/mailbox/reply-import.js';
import { openDatabase } from '../../../server/platform/db/open-database.js';
import { StorageUnavailableError } from '../../../server/platform/storage/storage-error.js';
import type { StorageMonitor } from '../../../server/platform/storage/storage-monitor.js';
import { SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { withDataDir } from '../../helpers/server.js';

/** A database and uploads folder of their own, and a storage monitor that can be made to fail. */
function setUp(
  t: Parameters<typeof withDataDir>[0],
  options: { allowance?: MailAllowance; minFreeBytes?: number } = {},
) {
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
  const drawings = createDrawingFiles(dataDir, options.minFreeBytes);
  const id = Number(
    db
      .prepare(
        "INSERT INTO enquiries (name, email, phone, subject, message, created_at, awaiting) VALUES ('Asha', 'asha@buyer.example', '1', 's', 'm', ?, 'buyer')",
      )
      .run(new Date(0).toISOString()).lastInsertRowid,
  );
  const now = () => Date.parse('2026-11-25T10:00:00Z');
  const replies = createReplyImport({ db, storage, drawings, now, allowance: options.allowance });
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
    dmarcFailed: false,
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

const bodyOf = (db: ReturnType<typeof setUp>['db'], messageId: string) =>
  db.prepare('SELECT body FROM enquiry_messages WHERE message_id = ?').pluck().get(messageId) as string;
const pdf = SAMPLE_DRAWINGS.pdf.bytes.length;
const png = SAMPLE_DRAWINGS.png.bytes.length;

t.test(
  'files sent by e-mail are held to an allowance per enquiry and per sender; the text says what was not stored',
  async (t) => {
    // Room in the enquiry for the first reply's two files and one more; the sender's day for four.
    const { db, id, replies, reply, files } = setUp(t, {
      allowance: { enquiryBytes: pdf + png + pdf, senderBytesPerDay: 2 * (pdf + png) },
    });
    t.match(await replies.importReply(reply('a1@buyer.example')), { outcome: 'imported', drawings: 2 });
    t.match(await replies.importReply(reply('a2@buyer.example')), {
      outcome: 'imported',
      drawings: 1,
      refused: [/^part\.png: not kept, the files sent by e-mail to this enquiry would pass its allowance/],
    });
    t.match(
      bodyOf(db, 'a2@buyer.example'),
      /^\[Attachments not stored: part\.png: not kept, .+\.\]\n\nWith the drawing\.$/,
    );
    // Another enquiry of the same sender (the address in another case): one file left of the day's four.
    const other = Number(
      db
        .prepare(
          "INSERT INTO enquiries (name, email, phone, subject, message, created_at) VALUES ('Asha', 'asha@buyer.example', '1', 's2', 'm', ?)",
        )
        .run(new Date(0).toISOString()).lastInsertRowid,
    );
    t.match(
      await replies.importReply({ ...reply('a3@buyer.example'), enquiryId: other, sender: 'ASHA@Buyer.example' }),
      {
        drawings: 1,
        refused: [/^part\.png: not kept, the files this sender sent by e-mail in 24 hours would pass/],
      },
    );
    t.equal(files().length, 4, 'four files on disk');
    t.equal(db.prepare('SELECT sum(size) FROM enquiry_files').pluck().get(), 3 * pdf + png);
    t.equal(db.prepare('SELECT count(*) FROM enquiry_files WHERE enquiry_id = ?').pluck().get(id), 3);
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT 1 FROM enquiry_messages m WHERE m.direction = 'received' AND m.sender = ? COLLATE NOCASE AND m.created_at >= ?",
      )
      .all('asha@buyer.example', '2026-11-24') as { detail: string }[];
    t.match(
      plan.map((step) => step.detail).join('\n'),
      /enquiry_messages_received_by_sender/,
      "the sender's files found by index",
    );
  },
);

t.test('a thread in Spam or Trash takes no files: the text is kept with a note', async (t) => {
  const { db, id, replies, reply, files } = setUp(t);
  db.prepare("UPDATE enquiries SET spam_reason = 'links' WHERE id = ?").run(id);
  t.match(await replies.importReply(reply('s1@buyer.example')), { outcome: 'imported', drawings: 0 });
  t.equal(
    bodyOf(db, 's1@buyer.example'),
    '[Attachments not stored: part.pdf: not kept, the enquiry is in Spam; part.png: not kept, the enquiry is in Spam.]\n\nWith the drawing.',
  );
  db.prepare("UPDATE enquiries SET spam_reason = NULL, trashed_at = '2026-11-25T09:00:00Z' WHERE id = ?").run(id);
  t.match(await replies.importReply(reply('t1@buyer.example')), { drawings: 0, refused: [/in Trash/, /in Trash/] });
  t.same(files(), [], 'no file on disk');
});

t.test(
  'under the free-space floor a reply is stored text-only, with a note that its files were not kept',
  async (t) => {
    // A floor higher than any disk: every file is refused as the disk being nearly full.
    const { db, replies, reply, files, temporary } = setUp(t, { minFreeBytes: Number.MAX_SAFE_INTEGER });
    t.match(await replies.importReply(reply('f1@buyer.example')), { outcome: 'imported', drawings: 0 });
    t.equal(
      bodyOf(db, 'f1@buyer.example'),
      '[Attachments not stored: part.pdf: not kept, the disk is nearly full; part.png: not kept, the disk is nearly full.]\n\nWith the drawing.',
    );
    t.same(files(), []);
    t.same(temporary(), []);
  },
);

t.test(
  "a buyer's answer queues the 'Buyer answered' webhook in its own transaction; an auto-reply does not",
  async (t) => {
    const { db, state, id, replies, reply } = setUp(t);
    db.prepare(
      `INSERT INTO webhook_endpoints (url, events, secret, created_at)
     VALUES ('https://hooks.example/in', '["enquiry.answered"]', 'whsec_x', '2026-11-25T09:00:00.000Z')`,
    ).run();
    const queued = () => db.prepare<[], { event: string; data: string }>('SELECT event, data FROM deliveries').all();
    state.failing = true;
    await t.rejects(replies.importReply(reply('w1@buyer.example')), StorageUnavailableError);
    t.same(queued(), [], 'nothing queued when the answer was not stored');
    state.failing = false;
    await replies.importReply({ ...reply('w0@buyer.example'), automatic: true });
    t.same(queued(), [], 'an auto-reply is no answer');
    await replies.importReply(reply('w1@buyer.example'));
    t.same(queued(), [
      {
        event: 'enquiry.answered',
        data: JSON.stringify({
          answer: { subject: `Re [#${id}]`, receivedAt: '2026-11-25T10:00:00.000Z', attachments: 2 },
        }),
      },
    ]);
  },
);
