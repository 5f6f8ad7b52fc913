/** The mailbox's reading of attachments: stored as drawings, refused over their limits, read off the event loop. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORTED_KEYWORD } from '../../../server/enquiries/mailbox/message-taker.js';
import { SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { rfc822 } from '../../helpers/mail-messages.js';
import {
  test,
  sha256,
  mailboxServer,
  enquiryFrom,
  received,
  flagsByMessageId,
  pagesDuring,
  assertPagesHeldUp,
  dovecotForFile,
} from './mailbox-kit.js';

const dovecot = await dovecotForFile();

test('a PDF in a reply becomes a drawing of the enquiry, linked to the message, on disk', async (t) => {
  const server = await mailboxServer(t, dovecot);
  const id = await enquiryFrom(server, 'pdf@buyer.example');
  const pdf = SAMPLE_DRAWINGS.pdf.bytes;
  dovecot.deliver(
    rfc822({
      from: 'pdf@buyer.example',
      subject: `Drawing [#${id}]`,
      text: 'Drawing attached; and a program that is not one.',
      attachments: [
        { name: 'flange-rev-b.pdf', type: 'application/pdf', bytes: pdf },
        { name: 'setup.exe', type: 'application/octet-stream', bytes: Buffer.from('MZ not a drawing') },
        { name: 'fake.pdf', type: 'application/pdf', bytes: Buffer.from('<html>not a pdf</html>') },
      ],
    }),
  );
  await server.app.mailbox!.pollOnce();
  const [message] = received(server, id);
  t.ok(message);
  const files = server.app.db
    .prepare(
      `SELECT f.stored_name, f.name, f.type, f.sha256, f.size FROM enquiry_files f
       JOIN enquiry_message_files m ON m.file_id = f.id WHERE m.message_id = ? AND f.enquiry_id = ?`,
    )
    .all(message!.id, id) as { stored_name: string; name: string; type: string; sha256: string; size: number }[];
  t.match(
    files,
    [{ name: 'flange-rev-b.pdf', type: 'pdf', sha256: sha256(pdf), size: pdf.length }],
    'only the real PDF',
  );
  const path = join(server.dataDir, 'uploads', files[0]!.stored_name);
  t.same(readFileSync(path), pdf, 'the file is on disk');
  t.same(readdirSync(join(server.dataDir, 'uploads', '.tmp')), [], 'nothing left in the temporary folder');
});

test('a 30 MB attachment is not stored; the text is', async (t) => {
  const server = await mailboxServer(t, dovecot);
  const id = await enquiryFrom(server, 'huge@buyer.example');
  const huge = Buffer.alloc(30 * 1024 * 1024, 0x41);
  huge.write('%PDF-1.7\n');
  dovecot.deliver(
    rfc822({
      from: 'huge@buyer.example',
      subject: `Big drawing [#${id}]`,
      text: 'See the big drawing.',
      attachments: [{ name: 'big.pdf', type: 'application/pdf', bytes: huge }],
    }),
  );
  const before = process.memoryUsage().rss;
  await server.app.mailbox!.pollOnce();
  const grown = process.memoryUsage().rss - before;
  t.match(received(server, id), [{ body: 'See the big drawing.' }]);
  t.equal(server.app.db.prepare('SELECT count(*) FROM enquiry_files WHERE enquiry_id = ?').pluck().get(id), 0);
  t.same(
    readdirSync(join(server.dataDir, 'uploads')).filter((name) => name !== '.tmp'),
    [],
    'no file kept',
  );
  t.ok(grown < 400 * 1024 * 1024, `memory grew by ${Math.round(grown / 1048576)} MB`);
});

test('a 20 MB attachment is read off the event loop: pages answer within their bound meanwhile', async (t) => {
  const server = await mailboxServer(t, dovecot);
  const id = await enquiryFrom(server, 'twenty@buyer.example');
  const big = Buffer.alloc(20 * 1024 * 1024, 0x41);
  big.write('%PDF-1.7\n');
  dovecot.deliver(
    rfc822({
      from: 'twenty@buyer.example',
      subject: `Twenty [#${id}]`,
      text: 'The 20 MB drawing.',
      attachments: [{ name: 'twenty.pdf', type: 'application/pdf', bytes: big }],
    }),
  );
  const { value, ...during } = await pagesDuring(server, () => server.app.mailbox!.pollOnce());
  assertPagesHeldUp(t, during);
  t.match(value, { imported: 1, failed: 0 });
  t.match(
    received(server, id),
    [{ body: /^\[Attachments not stored: twenty\.pdf: larger than 10 MB\.\]\s+The 20 MB drawing\./ }],
    'the text, with a note that the file over the drawing limit was not stored',
  );
});

test('12 e-mails × 2 files to one enquiry keep at most 50 MB on disk; a thread in Spam keeps none, with a note', async (t) => {
  const server = await mailboxServer(t, dovecot);
  const id = await enquiryFrom(server, 'flood@buyer.example');
  const spam = await enquiryFrom(server, 'flood@buyer.example');
  server.app.db.prepare("UPDATE enquiries SET spam_reason = 'marked by the admin' WHERE id = ?").run(spam);
  const file = (n: number) => {
    // 2.25 MB each: 54 MB offered, of which 22 files (49.5 MB) fit the allowance.
    const bytes = Buffer.alloc(2.25 * 1024 * 1024, n);
    bytes.write('%PDF-1.7\n');
    return { name: `sheet-${n}.pdf`, type: 'application/pdf', bytes };
  };
  for (let n = 0; n < 12; n += 1)
    dovecot.deliver(
      rfc822({
        from: 'flood@buyer.example',
        subject: `Drawings [#${id}]`,
        text: `Mail ${n}.`,
        attachments: [file(2 * n), file(2 * n + 1)],
      }),
    );
  dovecot.deliver(
    rfc822({
      from: 'flood@buyer.example',
      subject: `Drawings [#${spam}]`,
      text: 'Into Spam.',
      attachments: [file(99)],
    }),
  );
  t.match(await server.app.mailbox!.pollOnce(), { imported: 13, failed: 0 });
  const uploads = join(server.dataDir, 'uploads');
  const onDisk = readdirSync(uploads).filter((name) => name !== '.tmp');
  const bytes = onDisk.reduce((sum, name) => sum + statSync(join(uploads, name)).size, 0);
  t.equal(onDisk.length, 22, '22 of the 24 files are on disk');
  t.equal(bytes, 22 * 2.25 * 1024 * 1024, '49.5 MB: within the 50 MB allowance');
  t.same(readdirSync(join(uploads, '.tmp')), [], 'no temporary file left');
  const notes = received(server, id).filter((message) => message.body.startsWith('[Attachments not stored: '));
  t.equal(notes.length, 1, 'the last mail, past the allowance, says so');
  t.match(
    notes[0]?.body,
    /sheet-\d+\.pdf: not kept, the files sent by e-mail to this enquiry would pass its allowance of 50 MB/,
  );
  t.match(received(server, spam), [
    { body: /^\[Attachments not stored: sheet-99\.pdf: not kept, the enquiry is in Spam\.\]\n\nInto Spam\./ },
  ]);
});

test('a drawing in a reply is stored; a message the parser refuses (a 2 MB header line, 5,000 parts) is kept as text with a note', async (t) => {
  const server = await mailboxServer(t, dovecot);
  const id = await enquiryFrom(server, 'parsed@buyer.example');
  const drawing = Buffer.alloc(3 * 1024 * 1024, 0x42);
  drawing.write('%PDF-1.7\n');
  dovecot.deliver(
    rfc822({
      from: 'parsed@buyer.example',
      subject: `Drawing [#${id}]`,
      messageId: `parsed-${id}@buyer.example`,
      text: 'The drawing.',
      attachments: [{ name: 'drawing.pdf', type: 'application/pdf', bytes: drawing }],
    }),
  );
  // A part whose header is larger than mailparser reads (2 MB on one line): the parser gives up.
  const refused = Buffer.from(
    `From: parsed@buyer.example\r\nSubject: Refused [#${id}]\r\nMessage-ID: <refused-${id}@buyer.example>\r\n` +
      'Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nThe words survive.\r\n' +
      `--b\r\nX-Long: ${'x'.repeat(2 * 1024 * 1024)}\r\nContent-Type: text/plain\r\n\r\nafter\r\n--b--\r\n`,
  );
  dovecot.deliver(refused);
  // 5,000 parts: past mailparser's limit of child nodes (issue 40 item 16).
  const parts = Array.from({ length: 5000 }, (_, n) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${n}\r\n`);
  dovecot.deliver(
    Buffer.from(
      `From: parsed@buyer.example\r\nSubject: Parts [#${id}]\r\nMessage-ID: <parts-${id}@buyer.example>\r\n` +
        `Content-Type: multipart/mixed; boundary="p"\r\n\r\n${parts.join('')}--p--\r\n`,
    ),
  );
  t.match(await server.app.mailbox!.pollOnce(), { imported: 3, failed: 0 });
  const files = server.app.db.prepare('SELECT name, size FROM enquiry_files WHERE enquiry_id = ?').all(id);
  t.same(files, [{ name: 'drawing.pdf', size: drawing.length }], 'the drawing is stored');
  const kept = received(server, id).find((message) => message.message_id === `refused-${id}@buyer.example`);
  t.match(
    kept?.body,
    /^\[This message \(\d+ KB\) could not be read whole: .+\. Its text is shown as it came; none of its attachments were kept\.\]/,
  );
  t.match(kept?.body, /The words survive\./);
  const many = received(server, id).find((message) => message.message_id === `parts-${id}@buyer.example`);
  t.match(
    many?.body,
    /^\[This message \(\d+ KB\) could not be read whole: Max allowed child nodes exceeded\. .+\]\n\n--p/,
  );
  const flags = await flagsByMessageId(dovecot);
  for (const messageId of [`refused-${id}@buyer.example`, `parts-${id}@buyer.example`])
    t.ok(flags.get(messageId)?.has(IMPORTED_KEYWORD), 'flagged: read once, never tried again at a restart');
});
