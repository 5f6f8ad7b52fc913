import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import t from 'tap';
import { NO_EMAIL_REASON, NO_SMTP_REASON } from '../../../shared/admin/reply.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS, type Upload } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { freePort, withServer, type Teardown, type TestServer } from '../../helpers/server.js';
import { repliesTo, testSmtp, type Received } from '../../helpers/smtp.js';

const BUYER = 'ravi@buyer.example';
const FROM = 'sales@forge.test';
const QUOTE_PDF: Upload = { name: 'Quotation 2026-118.pdf', bytes: Buffer.from('%PDF-1.7\n% our quote\n%%EOF\n') };
/** An executable renamed: the name says PDF, the content does not. */
const EXE_AS_PDF: Upload = {
  name: 'quotation.pdf',
  bytes: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(400, 0x90)]),
};

interface MessageRow {
  id: number;
  message_id: string;
  in_reply_to: string | null;
  refs: string;
  sender: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  send_status: string;
  send_error: string | null;
  send_tries: number;
  send_next_at: string | null;
  sent_at: string | null;
}

async function startDesk(t: Teardown, env: Record<string, string>) {
  const clock = testClock();
  const server = await withServer(t, {
    env: { SITE_URL: 'https://www.forge.test', NOTIFY_FROM: FROM, ...TEST_ADMIN_ENV, ...env },
    clock,
    listen: false,
  });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin, clock };
}

/** An enquiry as a buyer sends it (with a drawing), and its number. */
async function enquiryFrom(server: TestServer, fields: Record<string, string>, drawings: Upload[] = []) {
  const form = quoteForm(makeEnquiry(fields), drawings);
  t.equal((await postQuote(server.url, form)).status, 303, 'the enquiry is stored');
  return server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
}

/** The reply form as the browser sends it: multipart, with the page's CSRF token. */
function replyForm(csrf: string | null, body: string, attach: number[] = [], files: Upload[] = []): FormData {
  const form = new FormData();
  if (csrf !== null) form.append('_csrf', csrf);
  form.append('body', body);
  for (const id of attach) form.append('attach', String(id));
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.bytes)]), file.name);
  return form;
}

const postReply = (admin: AdminClient, id: number, form: FormData, json = false) =>
  admin.request(`/admin/enquiries/${id}/reply`, {
    method: 'POST',
    body: form,
    headers: json ? { accept: 'application/json', 'x-csrf-token': admin.csrfToken } : {},
  });

/** The enquiry's messages, a sent one with its delivery in the outbox (status, error, tries, next attempt, sent). */
const messagesOf = (server: TestServer, id: number) =>
  server.app.db
    .prepare(
      `SELECT m.id, m.direction, m.message_id, m.in_reply_to, m.refs, m.sender, m.recipient, m.subject, m.body,
         m.created_at, d.status AS send_status, d.error AS send_error, d.tries AS send_tries,
         d.next_at AS send_next_at, d.sent_at
       FROM enquiry_messages m LEFT JOIN deliveries d ON d.reply_id = m.id WHERE m.enquiry_id = ? ORDER BY m.id`,
    )
    .all(id) as MessageRow[];
const filesOf = (server: TestServer, id: number) =>
  server.app.db.prepare('SELECT id, stored_name, name FROM enquiry_files WHERE enquiry_id = ? ORDER BY id').all(id) as {
    id: number;
    stored_name: string;
    name: string;
  }[];
const onDisk = (server: TestServer) => readdirSync(join(server.dataDir, 'uploads')).filter((name) => name !== '.tmp');
const temporary = (server: TestServer) => readdirSync(join(server.dataDir, 'uploads', '.tmp'));
/** The reply form's text as the page shows it. */
const textareaOf = (html: string) =>
  /<textarea[^>]*name="body"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1]?.replace(/&#x27;/g, "'") ?? '';
const header = (mail: Received, name: string) =>
  new RegExp(`^${name}: ([^\\r\\n]*(?:\\r\\n[ \\t][^\\r\\n]*)*)`, 'mi')
    .exec(mail.raw)?.[1]
    ?.replace(/\r\n[ \t]+/g, ' ');

t.test(
  'a reply goes to the buyer from NOTIFY_FROM, in the thread, with a drawing of the enquiry and a new PDF; it is stored with who, when and what',
  async (t) => {
    const smtp = await testSmtp();
    t.teardown(smtp.close);
    const { server, admin, clock } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
    const id = await enquiryFrom(server, { email: BUYER, subject: 'Forged flanges DN50' }, [SAMPLE_DRAWINGS.pdf]);
    const [drawing] = filesOf(server, id);
    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(page, /<label for="enquiry-\d+-reply">Reply<\/label>/, 'a textarea labelled Reply');
    t.match(page, />Send reply<\/button>/);
    t.match(page, /enctype="multipart\/form-data"/i, 'a multipart form');
    t.match(page, /Attach drawings of this enquiry/);

    clock.advance(60 * 60_000); // an hour later
    const text = 'Dear Ravi,\n\nplease find our quotation attached.\n\nRegards, Sales';
    const sent = await postReply(admin, id, replyForm(admin.csrfToken, text, [drawing!.id], [QUOTE_PDF]));
    t.equal(sent.status, 303, 'without JavaScript: 303');
    t.equal(sent.headers.get('location'), `/admin/enquiries/${id}`, "back to the enquiry's page");

    // Stored before the answer: the message and its files; the stage waits for the mail server.
    const [message] = messagesOf(server, id);
    t.match(message, {
      sender: TEST_ADMIN.email,
      recipient: BUYER,
      subject: `Re: Forged flanges DN50 [#${id}]`,
      body: text,
      in_reply_to: null,
      refs: '',
    });
    t.match(message!.message_id, /^[0-9a-f-]{36}@www\.forge\.test$/, 'a Message-ID on the site host');
    t.ok(Math.abs(new Date(message!.created_at).getTime() - clock.now()) < 5_000, "written at the site's clock");
    const files = filesOf(server, id);
    t.equal(files.length, 2, 'the new upload is a file of the enquiry');
    t.equal(files[1]!.name, QUOTE_PDF.name);
    t.same(
      server.app.db
        .prepare('SELECT file_id FROM enquiry_message_files WHERE message_id = ? ORDER BY file_id')
        .pluck()
        .all(message!.id),
      files.map((file) => file.id),
      'both files linked to the message',
    );
    t.same(onDisk(server).sort(), files.map((file) => file.stored_name).sort(), 'on disk: the two files, nothing else');
    t.same(temporary(server), []);
    const stateOf = () =>
      server.app.db
        .prepare('SELECT status, awaiting, last_message_at, reply_status FROM enquiries WHERE id = ?')
        .get(id) as Record<string, string>;
    t.match(
      stateOf(),
      { status: 'new', awaiting: 'us', reply_status: 'pending' },
      'not yet accepted by the mail server: still New, awaiting us, its reply being sent',
    );
    t.equal(server.app.db.prepare('SELECT count(*) FROM enquiry_events').pluck().get(), 0, 'no stage event yet');

    await server.app.replies!.queue.run();
    const mail = repliesTo(smtp, BUYER)[0]!;
    t.ok(mail, 'the SMTP server has the reply');
    t.same(mail.to, [BUYER]);
    t.equal(header(mail, 'From'), `Example Forgings <${FROM}>`, "from NOTIFY_FROM under the company's name");
    t.equal(header(mail, 'To'), BUYER);
    t.equal(header(mail, 'Subject'), `Re: Forged flanges DN50 [#${id}]`);
    t.equal(header(mail, 'Message-ID'), `<${message!.message_id}>`);
    t.equal(header(mail, 'In-Reply-To'), undefined, 'the first message of the thread answers none');
    t.equal(mail.raw.match(/Content-Disposition: attachment/gi)?.length, 2, 'two attachments');
    t.match(mail.raw, /filename="?Quotation 2026-118\.pdf"?/);
    t.ok(mail.raw.includes(QUOTE_PDF.bytes.toString('base64').slice(0, 30)), "the upload's bytes");
    t.ok(mail.raw.includes(SAMPLE_DRAWINGS.pdf.bytes.toString('base64').slice(0, 30)), "the drawing's bytes");
    t.match(mail.raw, /please find our quotation attached/);
    t.match(messagesOf(server, id)[0], { send_status: 'sent', send_error: null, send_tries: 1, sent_at: /^\d{4}-/ });
    t.same(
      stateOf(),
      { status: 'open', awaiting: 'buyer', last_message_at: messagesOf(server, id)[0]!.sent_at, reply_status: null },
      'accepted by the mail server: New → Open, awaiting the buyer',
    );
    t.match(
      server.app.db.prepare('SELECT actor, kind, detail FROM enquiry_events WHERE enquiry_id = ?').all(id),
      [{ actor: TEST_ADMIN.email, kind: 'stage', detail: 'New → Open' }],
      'the stage change is an event of the timeline, by the admin',
    );

    const after = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(
      after,
      new RegExp(`Reply saved and being sent to ${BUYER.replace('.', '\\.')}`),
      'the page says what was done',
    );
    t.match(after, /"delivery":\{"status":"sent","error":null,"tries":1\}/, "the timeline has the reply's delivery");

    // A second reply, with JavaScript: in place, answered with the enquiry and its timeline; in the thread.
    const second = await postReply(admin, id, replyForm(null, 'One more thing: delivery in 6 weeks.'), true);
    t.equal(second.status, 201);
    const answer = (await second.json()) as {
      done: { message: string };
      enquiry: { awaiting: string };
      timeline: unknown[];
    };
    t.match(answer.done.message, /Reply saved and being sent/);
    t.equal(answer.enquiry.awaiting, 'buyer');
    t.equal(answer.timeline.filter((item) => (item as { kind: string }).kind === 'message').length, 2);
    await server.app.replies!.queue.run();
    const [first, next] = messagesOf(server, id);
    t.equal(next!.in_reply_to, first!.message_id);
    t.equal(next!.refs, first!.message_id);
    const nextMail = repliesTo(smtp, BUYER)[1]!;
    t.equal(header(nextMail, 'In-Reply-To'), `<${first!.message_id}>`);
    t.equal(header(nextMail, 'References'), `<${first!.message_id}>`);
    t.equal(
      server.app.db.prepare('SELECT count(*) FROM enquiry_events WHERE enquiry_id = ?').pluck().get(id),
      1,
      'an Open enquiry stays Open: no second stage event',
    );

    await t.test(
      'templates: written on /admin/templates, then used in the reply form without JavaScript',
      async (t) => {
        const form = (fields: Record<string, string>) =>
          admin.request('/admin/templates', {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ _csrf: admin.csrfToken, ...fields }).toString(),
          });
        const rows = () => server.app.db.prepare('SELECT id, name, subject, body FROM reply_templates').all();
        const screen = await (await admin.request('/admin/templates')).text();
        t.match(screen, /<code>\{buyer\}<\/code>/, 'the screen documents the placeholders');

        const refused = await form({ name: ' ', subject: 'Quote', body: 'Text' });
        t.equal(refused.status, 400, 'no name: refused, with the screen');
        t.match(await refused.text(), /Give the template a name and a text\./);
        t.same(rows(), [], 'nothing stored');

        const body = 'Dear {buyer},\n\nthank you for enquiry {enquiry}.\n\n{company} {unknown}';
        const saved = await form({ id: '0', name: 'Thanks', subject: 'About {enquiry}', body });
        t.equal(saved.status, 303);
        t.equal(saved.headers.get('location'), '/admin/templates?done=saved');
        const [template] = rows() as { id: number }[];
        t.match(template, { name: 'Thanks', subject: 'About {enquiry}', body });
        const editing = await (await admin.request(`/admin/templates?edit=${template!.id}`)).text();
        t.match(editing, /Edit “Thanks”/, 'Edit opens the form filled');
        t.equal((await form({ id: String(template!.id), name: 'Thank you', body })).status, 303, 'edited');
        t.match(rows(), [{ id: template!.id, name: 'Thank you', subject: '' }], 'changed in place, not added');

        const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
        t.match(page, new RegExp(`<select[^>]*name="template"[^>]*><option value="${template!.id}">Thank you<`));
        t.match(page, />Use template<\/button>/);
        t.match(page, /href="\/admin\/templates">Edit templates</, 'the reply form links to the screen');
        const used = await (await admin.request(`/admin/enquiries/${id}?template=${template!.id}`)).text();
        const textarea = /<textarea[^>]*name="body"[^>]*>([^<]*)<\/textarea>/.exec(used)?.[1] ?? '';
        t.ok(textarea.startsWith('Dear Käufer '), "the buyer's name in place of {buyer}");
        t.match(textarea, new RegExp(`thank you for enquiry #${id}\\.\\n\\nExample Forgings \\{unknown\\}$`), 'filled');

        const deleted = await admin.request(`/admin/templates/${template!.id}/delete`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: admin.csrfToken }).toString(),
        });
        t.equal(deleted.status, 303);
        t.same(rows(), [], 'deleted');
        t.equal((await admin.request(`/admin/templates?edit=${template!.id}`)).status, 404, 'gone: a real 404');
      },
    );

    await t.test(
      'drafts: Save draft without JavaScript, kept as typed with it, back when the page opens again; a refused send keeps the text; sending removes it',
      async (t) => {
        const draftRow = () =>
          server.app.db.prepare('SELECT body, signature, saved_by FROM reply_drafts WHERE enquiry_id = ?').get(id);
        const saveDraft = (form: FormData, json = false) =>
          admin.request(`/admin/enquiries/${id}/draft`, {
            method: 'POST',
            body: form,
            headers: json ? { accept: 'application/json', 'x-csrf-token': admin.csrfToken } : {},
          });
        const saved = await saveDraft(replyForm(admin.csrfToken, 'Dear Ravi,\r\nthe price follows'));
        t.equal(saved.status, 303, 'without JavaScript: 303');
        t.equal(saved.headers.get('location'), `/admin/enquiries/${id}#enquiry-${id}-reply`, 'back to the form');
        t.match(draftRow(), { body: 'Dear Ravi,\nthe price follows', signature: null, saved_by: TEST_ADMIN.email });
        const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
        t.equal(textareaOf(page), 'Dear Ravi,\nthe price follows', 'the page opens with the draft in the reply');
        t.match(page, 'Draft saved', 'and says it was saved');
        t.match(page, /formaction="\/admin\/enquiries\/\d+\/draft"[^>]*>Save draft</i, 'a Save draft button');

        const typed = replyForm(null, 'Dear Ravi, the price is');
        typed.append('signature', 'Ravi’s own signature');
        const asTyped = await saveDraft(typed, true);
        t.equal(asTyped.status, 200, 'with JavaScript: JSON');
        t.match(await asTyped.json(), { savedAt: /^\d{4}-\d\d-\d\dT/ });
        t.match(
          draftRow(),
          { body: 'Dear Ravi, the price is', signature: 'Ravi’s own signature' },
          'one draft, replaced',
        );
        t.equal((await saveDraft(replyForm(null, 'forged'))).status, 403, 'without the CSRF token: 403');
        t.match(draftRow(), { body: 'Dear Ravi, the price is' }, 'unchanged');
        const stranger = new AdminClient(server.url);
        await stranger.openPanel();
        const signedOut = await stranger.request(`/admin/enquiries/${id}/draft`, {
          method: 'POST',
          body: replyForm(null, 'x'),
          headers: { accept: 'application/json', 'x-csrf-token': stranger.csrfToken },
        });
        t.equal(signedOut.status, 401, 'signed out: 401');

        const refused = await postReply(admin, id, replyForm(admin.csrfToken, 'Kept when refused', [], [EXE_AS_PDF]));
        t.equal(refused.status, 400, 'a bad file: refused');
        t.match(draftRow(), { body: 'Kept when refused' }, 'the refused text is the draft');
        t.equal((await postReply(admin, id, replyForm(admin.csrfToken, 'Kept when refused'))).status, 303);
        t.equal(draftRow(), undefined, 'sent: the draft is gone');
        t.equal(textareaOf(await (await admin.request(`/admin/enquiries/${id}`)).text()), '', 'and the form is empty');
        await server.app.replies!.queue.run();
      },
    );

    await t.test('a draft keeps the CC and BCC as typed, and gives them back when the page opens again', async (t) => {
      const draftRow = () =>
        server.app.db.prepare('SELECT body, cc, bcc FROM reply_drafts WHERE enquiry_id = ?').get(id);
      const fieldOf = (html: string, name: string) =>
        new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
        new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1];
      const saveDraft = (form: FormData, json = false) =>
        admin.request(`/admin/enquiries/${id}/draft`, {
          method: 'POST',
          body: form,
          headers: json ? { accept: 'application/json', 'x-csrf-token': admin.csrfToken } : {},
        });

      // Without JavaScript: Save draft sends the whole form, the copies with it.
      const form = replyForm(admin.csrfToken, 'Dear Ravi, the drawing follows');
      form.append('cc', 'buyer.office@ravi.example, Priya.Shah@ravi.example');
      form.append('bcc', 'sales@forge.test');
      t.equal((await saveDraft(form)).status, 303, 'saved: 303');
      t.match(draftRow(), {
        body: 'Dear Ravi, the drawing follows',
        cc: 'buyer.office@ravi.example, Priya.Shah@ravi.example',
        bcc: 'sales@forge.test',
      });
      const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
      t.equal(fieldOf(page, 'cc'), 'buyer.office@ravi.example, Priya.Shah@ravi.example', 'the page opens with the CC');
      t.equal(fieldOf(page, 'bcc'), 'sales@forge.test', 'and the BCC');

      // With JavaScript: copies alone are a draft too; kept as typed (checked only when sent).
      const copiesOnly = replyForm(null, '');
      copiesOnly.append('cc', 'not an address yet');
      copiesOnly.append('bcc', '');
      t.equal((await saveDraft(copiesOnly, true)).status, 200, 'only copies: kept');
      t.match(draftRow(), { body: '', cc: 'not an address yet', bcc: '' });
      const tooLong = replyForm(null, 'x');
      tooLong.append('cc', `${'a'.repeat(64)}@ravi.example, `.repeat(60));
      t.equal((await saveDraft(tooLong, true)).status, 400, 'a CC longer than ten addresses could be: 400');
      t.match(draftRow(), { cc: 'not an address yet' }, 'unchanged');
      const emptied = replyForm(null, '');
      emptied.append('cc', ' ');
      t.equal((await saveDraft(emptied, true)).status, 200);
      t.equal(draftRow(), undefined, 'nothing typed: no draft');

      // A reply refused for its CC keeps the text and the copies as typed; sent, the draft is gone.
      const wrong = replyForm(admin.csrfToken, 'With copies');
      wrong.append('cc', 'ravi@');
      t.equal((await postReply(admin, id, wrong)).status, 400, 'a wrong CC: refused');
      t.match(draftRow(), { body: 'With copies', cc: 'ravi@' }, 'kept as typed');
      const right = replyForm(admin.csrfToken, 'With copies');
      right.append('cc', 'buyer.office@ravi.example');
      t.equal((await postReply(admin, id, right)).status, 303, 'sent');
      t.equal(draftRow(), undefined, 'sent: the draft is gone');
      const after = await (await admin.request(`/admin/enquiries/${id}`)).text();
      t.equal(fieldOf(after, 'cc') ?? '', '', 'and the CC is empty');
      await server.app.replies!.queue.run();
    });

    await t.test(
      "signature and quote: the company's details by default, the owner's from the Templates screen, this reply's own; the buyer's message quoted below, in text and HTML",
      async (t) => {
        const usual = 'Example Forgings\n+91 98765 43210\nhttps://www.forge.test';
        const signatureOf = (html: string) =>
          /<textarea[^>]*name="signature"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
        t.equal(signatureOf(await (await admin.request('/admin/templates')).text()), usual, "the company's by default");
        t.equal(signatureOf(await (await admin.request(`/admin/enquiries/${id}`)).text()), usual, 'in the reply form');

        const written = await admin.request('/admin/templates/signature', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: admin.csrfToken, signature: 'Asha Patel\r\nExport sales' }).toString(),
        });
        t.equal(written.status, 303);
        t.equal(written.headers.get('location'), '/admin/templates?done=signed');
        t.match(await (await admin.request(written.headers.get('location')!)).text(), 'Signature saved.');
        t.equal(signatureOf(await (await admin.request(`/admin/enquiries/${id}`)).text()), 'Asha Patel\nExport sales');

        const before = repliesTo(smtp, BUYER).length;
        t.equal((await postReply(admin, id, replyForm(admin.csrfToken, 'Our price: 12 USD each.'))).status, 303);
        const own = replyForm(admin.csrfToken, 'Signed by me.');
        own.append('signature', 'Asha, for this reply');
        t.equal((await postReply(admin, id, own)).status, 303);
        await server.app.replies!.queue.run();
        const [usualMail, ownMail] = await Promise.all(
          repliesTo(smtp, BUYER)
            .slice(before)
            .map((mail) => simpleParser(mail.raw)),
        );
        const enquiryText = server.app.db
          .prepare('SELECT message FROM enquiries WHERE id = ?')
          .pluck()
          .get(id) as string;
        t.match(
          usualMail!.text,
          new RegExp(
            `^Our price: 12 USD each\\.\\n\\n-- \\nAsha Patel\\nExport sales\\n\\nOn .+ UTC, Käufer .*<${BUYER}> wrote:\\n> `,
          ),
          'text: the reply, the signature after "-- ", the buyer\'s message quoted',
        );
        t.ok(usualMail!.text!.includes(`> ${enquiryText.split('\n')[0]}`), "the buyer's words behind >");
        t.match(
          usualMail!.html,
          /<div class="signature">-- <br>\nAsha Patel<br>\nExport sales<\/div>/,
          'HTML: the signature',
        );
        t.match(
          usualMail!.html,
          /<div class="gmail_quote">.*wrote:<\/div>\n<blockquote type="cite"/s,
          'the quote folded',
        );
        t.match(ownMail!.text, /\n-- \nAsha, for this reply\n/, "this reply's own signature");
        t.same(
          server.app.db
            .prepare('SELECT signature FROM reply_signatures ORDER BY message_id DESC LIMIT 2')
            .pluck()
            .all(),
          ['Asha, for this reply', 'Asha Patel\nExport sales'],
          'each reply keeps the signature it was sent with',
        );
      },
    );
  },
);

t.test('refused (451), then accepted once the backoff has passed: pending with the error, then sent', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  smtp.state.refusing = true;
  const { server, admin, clock } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
  const id = await enquiryFrom(server, { email: BUYER });
  t.equal((await postReply(admin, id, replyForm(admin.csrfToken, 'Our offer follows.'))).status, 303);
  await server.app.replies!.queue.run();
  const [refused] = messagesOf(server, id);
  t.match(refused, { send_status: 'pending', send_tries: 1, send_error: /Mailbox busy/, sent_at: null });
  const wait = new Date(refused!.send_next_at!).getTime() - clock.now();
  t.ok(wait > 50_000 && wait <= 60_000, 'tried again in a minute');
  t.match(
    await (await admin.request(`/admin/enquiries/${id}`)).text(),
    /"delivery":\{"status":"pending","error":"[^"]*451 Mailbox busy[^"]*","tries":1\}/,
    'the timeline shows it pending, with the error',
  );

  smtp.state.refusing = false;
  await server.app.replies!.queue.run();
  t.equal(messagesOf(server, id)[0]!.send_tries, 1, 'not before its time');
  clock.advance(61_000);
  await server.app.replies!.queue.run();
  t.match(messagesOf(server, id)[0], { send_status: 'sent', send_error: null, send_tries: 2 });
  t.equal(repliesTo(smtp, BUYER).length, 1, 'delivered once');
  t.match(
    await (await admin.request(`/admin/enquiries/${id}`)).text(),
    /"delivery":\{"status":"sent","error":null,"tries":2\}/,
    'then sent',
  );
});

t.test(
  'the mail server down: never shown as sent, the stage unmoved; Edit replaces it, Retry sends it once the server is back',
  async (t) => {
    const port = await freePort();
    const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_TO: 'owner@forge.test' };
    const { server, admin, clock } = await startDesk(t, env);
    const id = await enquiryFrom(server, { email: BUYER, subject: 'Seamless rings DN80' });
    const stateOf = () =>
      server.app.db.prepare('SELECT status, awaiting, reply_status, reply_error FROM enquiries WHERE id = ?').get(id);
    const page = async (query = '') => (await admin.request(`/admin/enquiries/${id}${query}`)).text();

    t.equal((await postReply(admin, id, replyForm(admin.csrfToken, 'Our first offer: 14 weeks.'))).status, 303);
    // Six tries over about an hour: the queue's backoff, by the test clock.
    for (const minutes of [0, 1, 4, 10, 20, 30]) {
      clock.advance(minutes * 60_000 + 1000);
      await server.app.replies!.queue.run();
    }
    const [failed] = messagesOf(server, id);
    t.match(failed, { send_status: 'failed', send_tries: 6, send_error: /ECONNREFUSED/, sent_at: null });
    t.match(stateOf(), { status: 'new', awaiting: 'us', reply_status: 'failed', reply_error: /ECONNREFUSED/ });
    const NOT_SENT = 'Not sent — the mail server refused the connection';
    const failedPage = await page();
    t.match(failedPage, new RegExp(`<h3[^>]*>Reply: ${NOT_SENT}</h3>`), 'the heading says it was not sent');
    t.notMatch(failedPage, /<h3[^>]*>Reply sent<\/h3>/);
    t.match(failedPage, /Not sent after 6 tries: the mail server refused the connection\./);
    t.match(failedPage, new RegExp(`action="/admin/enquiries/${id}/replies/${failed!.id}/retry"`), 'Retry');
    t.match(failedPage, new RegExp(`href="/admin/enquiries/${id}\\?edit=${failed!.id}#enquiry-${id}-reply"`), 'Edit');
    const list = await (await admin.request('/admin')).text();
    t.match(list, new RegExp(`id="enquiry-${id}"[\\s\\S]*?${NOT_SENT}`), 'the row says so');
    t.match(list, /<span class="admin-bar__count admin-bar__count--failed">1 not sent/, 'counted in the header');

    // Edit: the form holds its text; sent, the edited reply takes its place.
    const editing = await page(`?edit=${failed!.id}`);
    t.match(editing, /<textarea[^>]*>Our first offer: 14 weeks\.<\/textarea>/, 'the text in the form');
    t.match(editing, new RegExp(`name="replaces" value="${failed!.id}"`));
    const edited = replyForm(admin.csrfToken, 'Our offer, revised: 12 weeks.');
    edited.append('replaces', String(failed!.id));
    t.equal((await postReply(admin, id, edited)).status, 303);
    await server.app.replies!.queue.run(); // tried at once: the server is still down
    const [pending, ...others] = messagesOf(server, id);
    t.same(others, [], 'the reply that failed is taken back');
    t.match(pending, { body: 'Our offer, revised: 12 weeks.', send_status: 'pending', send_tries: 1 });
    t.match(stateOf(), { status: 'new', awaiting: 'us', reply_status: 'pending' });
    t.match(await page(), /<h3[^>]*>Reply: Not sent yet — the mail server refused the connection; trying again<\/h3>/);

    // The server is back: Retry sends it now, and only then does the stage move.
    const smtp = await testSmtp(port);
    t.teardown(smtp.close);
    const retried = await admin.request(`/admin/enquiries/${id}/replies/${pending!.id}/retry`, {
      method: 'POST',
      body: new URLSearchParams({ _csrf: admin.csrfToken }),
    });
    t.equal(retried.status, 303);
    t.equal(retried.headers.get('location'), `/admin/enquiries/${id}`);
    await server.app.replies!.queue.run();
    const mails = repliesTo(smtp, BUYER);
    t.equal(mails.length, 1, 'the edited reply arrives, once');
    t.match(mails[0]!.raw, /Our offer, revised: 12 weeks\./);
    t.match(messagesOf(server, id)[0], { send_status: 'sent', send_error: null });
    t.match(stateOf(), { status: 'open', awaiting: 'buyer', reply_status: null, reply_error: null });
    const sentPage = await page();
    t.match(sentPage, /<h3[^>]*>Reply sent<\/h3>/);
    t.match(sentPage, /Trying again to send the reply to ravi@buyer\.example/, 'the page says what Retry did');
    t.notMatch(sentPage, /admin-bar__count--failed/, 'no longer counted');
  },
);

t.test('without an e-mail address on the enquiry, the page says why and a reply is refused', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
  const id = await enquiryFrom(server, { email: '' });
  const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
  t.ok(page.includes(NO_EMAIL_REASON), 'the form says why');
  t.notMatch(page, /Send reply/);
  t.match(page, /Reply on WhatsApp/, 'the WhatsApp link stays');
  const refused = await postReply(admin, id, replyForm(admin.csrfToken, 'Hello'), true);
  t.equal(refused.status, 409);
  t.match(await refused.json(), { errors: { form: NO_EMAIL_REASON } });
  t.same(messagesOf(server, id), [], 'nothing stored');
});

t.test('without SMTP configured, the page says why, the mailto link stays, and a reply is refused', async (t) => {
  const { server, admin } = await startDesk(t, {});
  t.equal(server.app.replies, undefined);
  const id = await enquiryFrom(server, { email: BUYER });
  const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
  t.ok(page.includes(NO_SMTP_REASON), 'the form says why');
  t.notMatch(page, /Send reply/);
  t.match(page, /href="mailto:ravi@buyer\.example\?subject=/, 'Reply by e-mail stays');
  const refused = await postReply(admin, id, replyForm(admin.csrfToken, 'Hello'));
  t.equal(refused.status, 409, 'a form: 409, the page saying why');
  t.ok((await refused.text()).includes(NO_SMTP_REASON));
  t.same(messagesOf(server, id), []);
});

t.test(
  'refused replies: a bad upload, an empty or too long text, a drawing of another enquiry; nothing is left on disk or in the database',
  async (t) => {
    const smtp = await testSmtp();
    t.teardown(smtp.close);
    const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
    const id = await enquiryFrom(server, { email: BUYER }, [SAMPLE_DRAWINGS.pdf]);
    const other = await enquiryFrom(server, { email: 'other@buyer.example' }, [SAMPLE_DRAWINGS.png]);
    const before = onDisk(server).sort();
    const nothingKept = (why: string) => {
      t.same(messagesOf(server, id), [], `${why}: no message`);
      t.equal(filesOf(server, id).length, 1, `${why}: no file row`);
      t.same(onDisk(server).sort(), before, `${why}: no file on disk`);
      t.same(temporary(server), [], `${why}: no temporary file`);
      t.equal(server.app.db.prepare('SELECT status FROM enquiries WHERE id = ?').pluck().get(id), 'new');
    };

    const text = 'Please see the attached quotation — कृपया संलग्न देखें.';
    const exe = await postReply(admin, id, replyForm(admin.csrfToken, text, [], [QUOTE_PDF, EXE_AS_PDF]));
    t.equal(exe.status, 400, 'an .exe renamed .pdf: 400');
    const page = await exe.text();
    t.match(page, /quotation\.pdf is not a PDF file: its content does not match its name/, 'said beside the field');
    t.ok(page.includes('कृपया संलग्न देखें'), 'the typed text is kept');
    t.match(
      page,
      /aria-invalid="true"[^>]*aria-describedby="[^"]*files-error"|aria-describedby="[^"]*files-error"[^>]*aria-invalid="true"/,
    );
    nothingKept('a bad upload');

    const json = await postReply(admin, id, replyForm(null, text, [], [EXE_AS_PDF]), true);
    t.equal(json.status, 400);
    t.match(await json.json(), { errors: { files: /not a PDF file/ } });
    nothingKept('a bad upload, with JavaScript');

    const empty = await postReply(admin, id, replyForm(null, '   ', [], [QUOTE_PDF]), true);
    t.equal(empty.status, 400);
    t.match(await empty.json(), { errors: { body: 'Write the reply first.', files: /choose them again/ } });
    nothingKept('an empty reply');

    const long = await postReply(admin, id, replyForm(null, 'x'.repeat(20_001)), true);
    t.equal(long.status, 400);
    t.match(await long.json(), { errors: { body: /at most 20,000/ } });
    nothingKept('a reply too long');

    const [otherDrawing] = filesOf(server, other);
    const foreign = await postReply(admin, id, replyForm(null, 'Hello', [otherDrawing!.id]), true);
    t.equal(foreign.status, 400);
    t.match(await foreign.json(), { errors: { files: /only drawings of this enquiry/ } });
    nothingKept("another enquiry's drawing");
    t.equal(repliesTo(smtp, BUYER).length, 0, 'nothing sent');
  },
);

t.test('a reply without the CSRF token, or signed out, is refused and stores nothing', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
  const id = await enquiryFrom(server, { email: BUYER }, [SAMPLE_DRAWINGS.pdf]);
  const before = onDisk(server).sort();

  const forged = await postReply(admin, id, replyForm(null, 'Hello', [], [QUOTE_PDF]));
  t.equal(forged.status, 403, 'no CSRF token: 403');
  const wrong = await postReply(admin, id, replyForm('not-the-token', 'Hello', [], [QUOTE_PDF]));
  t.equal(wrong.status, 403, 'a wrong CSRF token: 403');
  const crossSite = await admin.request(`/admin/enquiries/${id}/reply`, {
    method: 'POST',
    body: replyForm(admin.csrfToken, 'Hello'),
    headers: { origin: 'https://evil.example' },
  });
  t.equal(crossSite.status, 403, 'from another site: 403');

  const stranger = new AdminClient(server.url);
  await stranger.openPanel();
  const signedOut = await postReply(stranger, id, replyForm(stranger.csrfToken, 'Hello', [], [QUOTE_PDF]));
  t.equal(signedOut.status, 303, 'signed out, a form: to the sign-in');
  t.equal(signedOut.headers.get('location'), '/admin');
  const signedOutJson = await postReply(stranger, id, replyForm(null, 'Hello'), true);
  t.equal(signedOutJson.status, 401, 'signed out, a script: 401');

  t.same(messagesOf(server, id), [], 'nothing stored');
  t.same(onDisk(server).sort(), before, 'no file left');
  t.same(temporary(server), []);
  t.equal((await postReply(admin, 999_999, replyForm(admin.csrfToken, 'Hello'))).status, 404, 'no such enquiry: 404');
});

t.test(
  'a reply with CC and BCC: one mail to all, CC in its headers and BCC in none, both in the timeline; a wrong or an eleventh address is refused with what was typed kept',
  async (t) => {
    const smtp = await testSmtp();
    t.teardown(smtp.close);
    const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
    const id = await enquiryFrom(server, { email: BUYER, subject: 'Forged flanges DN80' });
    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(page, /<label for="enquiry-\d+-reply-cc">CC<\/label>/, 'a CC field');
    t.match(page, /<label for="enquiry-\d+-reply-bcc">BCC<\/label>/, 'a BCC field');
    const copied = (cc: string, bcc: string) => {
      const form = replyForm(admin.csrfToken, 'Copied to our agent in Hamburg.');
      form.append('cc', cc);
      form.append('bcc', bcc);
      return form;
    };

    // A wrong address: the page again (no JavaScript) with why, and everything typed kept.
    const refused = await postReply(
      admin,
      id,
      copied('agent@partner.example, agent-at-partner', 'director@forge.test'),
    );
    t.equal(refused.status, 400);
    const again = await refused.text();
    t.match(again, 'CC: “agent-at-partner” is not an e-mail address. Check it, or remove it.');
    t.match(again, /name="cc" value="agent@partner\.example, agent-at-partner"/, 'the CC as typed');
    t.match(again, /name="bcc" value="director@forge\.test"/, 'the BCC as typed');
    t.equal(textareaOf(again), 'Copied to our agent in Hamburg.', 'the text as typed');
    // Eleven addresses in the BCC, with JavaScript: why, by field.
    const eleven = Array.from({ length: 11 }, (_, n) => `buyer${n}@partner.example`).join(', ');
    const tooMany = await postReply(admin, id, copied('', eleven), true);
    t.equal(tooMany.status, 400);
    t.match(await tooMany.json(), { errors: { bcc: 'BCC may hold at most 10 addresses.' } });
    t.equal(messagesOf(server, id).length, 0, 'nothing stored');

    // Corrected (pasted from a mail program: semicolons, a line, one address twice): stored with its copies.
    const sent = await postReply(
      admin,
      id,
      copied('agent@partner.example; Agent@Partner.example\r\nsecond@partner.example', 'director@forge.test'),
    );
    t.equal(sent.status, 303);
    t.same(
      server.app.db.prepare('SELECT cc, bcc FROM enquiry_messages WHERE enquiry_id = ?').get(id),
      { cc: 'agent@partner.example, second@partner.example', bcc: 'director@forge.test' },
      'each address once',
    );
    await server.app.replies!.queue.run();
    const mails = repliesTo(smtp, BUYER);
    t.equal(mails.length, 1, 'one mail');
    t.same(
      [...mails[0]!.to].sort(),
      [BUYER, 'agent@partner.example', 'director@forge.test', 'second@partner.example'].sort(),
      'delivered to the buyer and every copy',
    );
    t.equal(header(mails[0]!, 'To'), BUYER);
    t.equal(header(mails[0]!, 'Cc'), 'agent@partner.example, second@partner.example');
    t.notOk(mails[0]!.raw.includes('director@forge.test'), 'the BCC is in no header');
    const after = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(
      after,
      `To ${BUYER}, CC agent@partner.example, second@partner.example, BCC director@forge.test:`,
      'the timeline says whom it went to',
    );
  },
);

t.test('the same reply form sent twice (a double click without JavaScript) stores and sends one reply', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
  const id = await enquiryFrom(server, { email: BUYER, subject: 'Ring forgings' });
  const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
  const key = /name="key" value="([0-9a-f-]{36})"/.exec(page)?.[1];
  t.ok(key, 'the form carries its key');
  const form = () => {
    const data = replyForm(admin.csrfToken, 'Our offer follows.', [], [QUOTE_PDF]);
    data.append('key', key!);
    return data;
  };
  const [first, second] = await Promise.all([postReply(admin, id, form()), postReply(admin, id, form())]);
  t.same([first.status, second.status], [303, 303], 'both answered as sent');
  const messages = messagesOf(server, id);
  t.equal(messages.length, 1, 'one reply stored');
  t.equal(messages[0]!.message_id, `${key}@www.forge.test`, 'its Message-ID made from the key');
  t.equal(filesOf(server, id).length, 1, "one upload kept: the second form's file is not");
  t.same(
    onDisk(server),
    filesOf(server, id).map((file) => file.stored_name),
    'and nothing else on disk',
  );
  await smtp.waitFor('Our offer follows.');
  await server.app.replies!.queue.run();
  t.equal(repliesTo(smtp, BUYER).length, 1, 'one e-mail to the buyer');

  const next = await (await admin.request(`/admin/enquiries/${id}`)).text();
  t.not(/name="key" value="([0-9a-f-]{36})"/.exec(next)?.[1], key, 'the page then offers a new key');
});

t.test(
  'one screen per enquiry: stage buttons and star in the header bar; the newest message open, older ones a line each, ?thread=all opens them; our file is "Sent by us"',
  async (t) => {
    const smtp = await testSmtp();
    t.teardown(smtp.close);
    const { server, admin } = await startDesk(t, { SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' });
    const id = await enquiryFrom(server, { email: BUYER, message: 'Please quote 200 flanges DN50.' }, [
      SAMPLE_DRAWINGS.pdf,
    ]);
    const [drawing] = filesOf(server, id);
    const first = replyForm(admin.csrfToken, 'First answer.', [drawing!.id], [QUOTE_PDF]);
    t.equal((await postReply(admin, id, first)).status, 303, "our PDF, and the buyer's drawing attached again");
    t.equal((await postReply(admin, id, replyForm(admin.csrfToken, 'Second answer.'))).status, 303);

    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    const bar = page.slice(
      page.indexOf('class="enquiry-bar"'),
      page.indexOf('</section>', page.indexOf('enquiry-bar')),
    );
    for (const stage of ['new', 'open', 'quoted', 'won', 'lost'])
      t.match(bar, new RegExp(`value="${stage}" aria-pressed="${stage === 'new'}"`), `stage ${stage}`);
    t.match(bar, `action="/admin/enquiries/${id}/star"`, 'the star in the bar');
    t.match(bar, 'No follow-up date', 'the follow-up in the bar');
    t.equal(page.split('class="timeline__folded"').length - 1, 1, 'the first reply folded to a line');
    t.match(
      page,
      /<details class="thread-fold"><summary>Please quote 200 flanges DN50\.<\/summary>/,
      'and the enquiry',
    );
    t.match(page, /Second answer\.<\/pre>/, 'the newest open');
    t.match(page, `1 older message folded: click one to open it. <a href="/admin/enquiries/${id}?thread=all">`);
    const drawings = page.slice(page.indexOf('<h3>Drawings</h3>'), page.indexOf('<h3>Sent by us</h3>'));
    t.match(drawings, SAMPLE_DRAWINGS.pdf.name, "the buyer's drawing among the Drawings");
    t.notMatch(drawings, QUOTE_PDF.name, 'ours not');
    const sentByUs = page.slice(
      page.indexOf('<h3>Sent by us</h3>'),
      page.indexOf('</section>', page.indexOf('<h3>Sent by us')),
    );
    t.match(sentByUs, QUOTE_PDF.name, 'ours under "Sent by us"');
    t.notMatch(sentByUs, SAMPLE_DRAWINGS.pdf.name, "never the buyer's drawing, though a reply carried it");
    const inThread = page.slice(page.indexOf('First answer.'));
    t.match(
      inThread,
      new RegExp(
        `>Sent by us</p><ul class="timeline__files" aria-label="Sent by us"><li><a [^>]*>${QUOTE_PDF.name}</a>`,
      ),
      'in the thread, the reply lists our file as ours',
    );
    t.match(
      inThread,
      /<p class="timeline__files-label">The buyer’s drawings<\/p><ul class="timeline__files"[^>]*><li><a [^>]*>Flange/,
    );

    const all = await (await admin.request(`/admin/enquiries/${id}?thread=all`)).text();
    t.notMatch(all, /timeline__folded|thread-fold/, '?thread=all: every message open');
    t.match(all, `<a href="/admin/enquiries/${id}">Fold the older messages</a>`);

    // One click on a stage, without JavaScript: the stage, said with Undo.
    const won = await admin.request(`/admin/enquiries/${id}/stage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: admin.csrfToken, back: `/admin/enquiries/${id}`, stage: 'won' }).toString(),
    });
    t.equal(won.status, 303);
    t.equal(server.app.db.prepare('SELECT status FROM enquiries WHERE id = ?').pluck().get(id), 'won', 'stored');
    const after = await (await admin.request(won.headers.get('location')!)).text();
    t.match(after, `Stage of #${id} set to Won.`);
    t.match(after, /name="stage" value="new"[^>]*>Undo|>Undo</, 'with Undo');
  },
);
