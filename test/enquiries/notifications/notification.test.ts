import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postJson, withServer, type TestServer } from '../../helpers/server.js';
import { bodyText, testSmtp, type Received } from '../../helpers/smtp.js';
import { formatForPeople } from '../../../shared/time/time-zone.js';
import { DEFAULT_ACKNOWLEDGEMENT } from '../../../shared/content/acknowledgement.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { editSection, openSection } from '../../helpers/site-editor.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { publishLanguage } from '../../helpers/languages.js';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';

const smtp = await testSmtp();
t.teardown(smtp.close);
const { received } = smtp.state;
/** The e-mails to the admin (NOTIFY_TO); each buyer who gave an address gets an acknowledgement too. */
const toDesk = (mails: Received[] = received) => mails.filter((mail) => mail.to.includes('desk@forge.test'));

// What the e-mail must show, field by field.
const nikhil = makeEnquiry({
  name: 'Nikhil Verma',
  email: 'nikhil@buyer.example',
  phone: '+91 99887 76655',
  subject: 'Valve bodies',
  message: 'Please quote 200 pieces.',
  country: 'UAE',
});

t.test('with SMTP configured, the admin gets a plain-text summary of each new enquiry', async (t) => {
  const server = await withServer(t, {
    env: {
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'desk@forge.test',
      SITE_URL: 'https://www.forge.test',
      SITE_TIME_ZONE: 'Asia/Kolkata',
    },
  });
  t.equal((await postJson(`${server.url}/api/enquiries`, nikhil)).status, 201);
  await server.app.notifications!.run();
  t.equal(toDesk().length, 1);
  const [mail] = toDesk();
  const { id, created_at: createdAt } = server.app.db
    .prepare('SELECT id, created_at FROM enquiries WHERE subject = ?')
    .get('Valve bodies') as { id: number; created_at: string };
  t.same(mail!.to, ['desk@forge.test']);
  t.match(mail!.raw, new RegExp(`Subject: New enquiry \\[#${id}\\]: Valve bodies`), 'its number, as the thread has it');
  t.match(mail!.raw, /Content-Type: text\/plain/);
  t.notMatch(mail!.raw, /^Reply-To:/im, 'no Reply-To: Reply in a mail program would answer outside the desk');
  const text = bodyText(mail!.raw);
  t.ok(
    text.startsWith(`Reply from the desk: https://www.forge.test/admin/enquiries/${id}\r\n`),
    "first, the enquiry's own page on the desk",
  );
  t.match(text, `Enquiry #${id} arrived on ${formatForPeople(createdAt, 'Asia/Kolkata')}.`);
  t.match(
    text,
    /arrived on \w+day, \d{1,2} \w+ \d{4}, \d{1,2}:\d\d [ap]m GMT\+5:30 \(Asia\/Kolkata\)\./,
    'as a person writes it',
  );
  t.notMatch(text, /\d{4}-\d\d-\d\dT|\(UTC\)/, 'no machine time');
  for (const value of ['Nikhil Verma', '+91 99887 76655', 'Please quote 200 pieces.'])
    t.ok(text.includes(value), value);
  t.match(text, /Country:\s+United Arab Emirates \(written “UAE”\)/, "the country's name, with what the buyer wrote");
});

t.test('a time as a person writes it, in the zone of the site', async (t) => {
  const at = '2026-11-27T22:35:27.923Z';
  t.equal(formatForPeople(at, 'Asia/Kolkata'), 'Saturday, 28 November 2026, 4:05 am GMT+5:30 (Asia/Kolkata)');
  t.equal(formatForPeople(at, 'Europe/Berlin'), 'Friday, 27 November 2026, 11:35 pm CET');
});

interface NotifyRow {
  notify_status: string | null;
  notify_error: string | null;
  notify_tries: number;
  notify_next_at: string | null;
}
/** The enquiry's notification, from its delivery in the outbox. */
const notifyRow = (server: TestServer, subject: string) =>
  server.app.db
    .prepare(
      `SELECT d.status AS notify_status, d.error AS notify_error, coalesce(d.tries, 0) AS notify_tries,
         d.next_at AS notify_next_at
       FROM enquiries e LEFT JOIN deliveries d ON d.enquiry_id = e.id AND d.channel = 'notification'
       WHERE e.subject = ?`,
    )
    .get(subject) as NotifyRow;
const DUE_NOW = `UPDATE deliveries SET next_at = '2000-01-01T00:00:00.000Z'
  WHERE channel = 'notification' AND enquiry_id IN (SELECT id FROM enquiries WHERE subject = ?)`;
/** Time passes: the retry is due now. */
const makeDue = (server: TestServer, subject: string) => server.app.db.prepare(DUE_NOW).run(subject);

t.test(
  'a refused e-mail never fails the enquiry: it is retried with backoff, across a restart, until sent',
  async (t) => {
    const smtp = await testSmtp();
    smtp.state.refusing = true;
    t.teardown(smtp.close);
    const env = { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test' };
    const first = await withServer(t, { env });
    const subject = 'Retry me';
    t.equal(
      (await postJson(`${first.url}/api/enquiries`, { ...nikhil, subject })).status,
      201,
      'the visitor is answered at once',
    );
    await first.app.notifications!.run();
    const afterFirst = notifyRow(first, subject);
    t.match(afterFirst, { notify_status: 'pending', notify_tries: 1, notify_error: /Mailbox busy/ });
    const wait = new Date(afterFirst.notify_next_at!).getTime() - Date.now();
    t.ok(wait > 50_000 && wait <= 60_000, 'the next try in about a minute');

    makeDue(first, subject);
    await first.app.notifications!.run();
    t.match(notifyRow(first, subject), { notify_status: 'pending', notify_tries: 2 });
    t.ok(new Date(notifyRow(first, subject).notify_next_at!).getTime() - Date.now() > 3 * 60_000, 'then a longer wait');
    await first.close();

    // The SMTP server recovers while the site is down; the restarted site sends what was pending.
    smtp.state.refusing = false;
    const file = new Database(join(first.dataDir, 'forge.db'));
    file.prepare(DUE_NOW).run(subject);
    file.close();
    const second = await withServer(t, { env, dataDir: first.dataDir });
    await second.app.notifications!.run();
    t.equal(toDesk(smtp.state.received).length, 1, 'sent once');
    t.match(notifyRow(second, subject), { notify_status: 'sent', notify_error: null, notify_tries: 3 });
  },
);

t.test(
  'after six failed tries the notification is "failed" with its error, on the card; the admin resends it',
  async (t) => {
    const smtp = await testSmtp();
    smtp.state.refusing = true;
    t.teardown(smtp.close);
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ...TEST_ADMIN_ENV },
    });
    const subject = 'Never delivered';
    t.equal((await postJson(`${server.url}/api/enquiries`, { ...nikhil, subject })).status, 201);
    for (let n = 0; n < 6; n++) {
      makeDue(server, subject);
      await server.app.notifications!.run();
    }
    t.match(notifyRow(server, subject), {
      notify_status: 'failed',
      notify_tries: 6,
      notify_error: /Mailbox busy/,
      notify_next_at: null,
    });
    t.equal(
      server.app.db.prepare('SELECT count(*) FROM enquiries WHERE subject = ?').pluck().get(subject),
      1,
      'the enquiry is stored all the same',
    );

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    smtp.state.refusing = false;
    const id = server.app.db.prepare('SELECT id FROM enquiries WHERE subject = ?').pluck().get(subject) as number;
    const page = `/admin/enquiries/${id}`;
    t.match(
      await (await admin.request(page)).text(),
      /E-mail notification failed: [^<]*Mailbox busy/,
      "the enquiry's page says so",
    );
    t.match(
      await (await admin.request(page)).text(),
      />E-mail this enquiry to us again</,
      'the button says who gets it',
    );
    const resend = await admin.request(`/admin/enquiries/${id}/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: admin.csrfToken, back: page }).toString(),
    });
    t.equal(resend.status, 303, '"E-mail this enquiry to us again" (a form)');
    t.equal(resend.headers.get('location'), page, "back to the enquiry's page");
    await server.app.notifications!.run();
    t.match(notifyRow(server, subject), { notify_status: 'sent', notify_error: null, notify_tries: 1 });
    t.equal(toDesk(smtp.state.received).length, 1);
    const after = await (await admin.request(page)).text();
    t.match(after, /E-mail notification sent\./);
    t.match(
      after,
      new RegExp(`"done":\\{"message":"#${id} is being e-mailed to us again \\(not to the buyer\\)\\.","undo":null\\}`),
      'it says what it did, with no Undo',
    );
  },
);

t.test('without SMTP, nothing is queued', async (t) => {
  const server = await withServer(t);
  t.equal((await postJson(`${server.url}/api/enquiries`, nikhil)).status, 201);
  t.match(notifyRow(server, nikhil.subject), { notify_status: null, notify_tries: 0 });
  t.equal(server.app.notifications, undefined);
});

t.test(
  'the e-mail lists a quote request’s details and drawings by name and size, links the panel, attaches nothing',
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', SITE_URL: 'https://www.forge.example' },
    });
    received.length = 0;
    const form = quoteForm(
      {
        ...nikhil,
        subject: 'Flanges RFQ',
        product: 'flanges',
        company: 'Gulf Valves LLC',
        quantity: '500',
        unit: 'kg',
        annual: '6000',
        price: '4.75',
        currency: 'AED',
        inspection: 'UT',
        inspector: 'Bureau Veritas',
      },
      [SAMPLE_DRAWINGS.pdf, SAMPLE_DRAWINGS.step],
    );
    t.equal((await postQuote(server.url, form)).status, 303);
    await server.app.notifications!.run();
    const [notification] = toDesk();
    const text = notification!.raw.replace(/=\r\n/g, '');
    for (const line of [
      /Product:\s+Flanges/,
      /Company:\s+Gulf Valves LLC/,
      /Quantity:\s+500 kg/,
      /Annual quantity:\s+6,000 kg/,
      /Target price per unit:\s+AED 4\.75/,
      /Inspection:\s+UT\r\n/,
      /Third-party inspection by:\s+Bureau Veritas/,
      /Drawings \(download them in the admin panel\):/,
      /- valve body\.step \(1 KB\)/,
      /https:\/\/www\.forge\.example\/admin/,
    ]) {
      t.match(text, line);
    }
    t.notMatch(notification!.raw, /Content-Disposition: attachment/i, 'no attachment');
  },
);

t.test(
  'spam never silences the owner: the next notification says how many messages went to Spam since the previous one, and links them',
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ENQUIRY_RATE_LIMIT: '100' },
    });
    const from = toDesk().length;
    // Links alone are not spam (issue #35): these come without the form's token, as a bot posts.
    const spam = (n: number) => ({
      ...nikhil,
      name: `Bot ${n}`,
      subject: `Offer ${n}`,
      message: `Cheap https://a.example/${n} http://b.example www.c.example https://d.example`,
      [FORM_TOKEN_FIELD]: undefined,
    });
    const notified = async (fields: typeof nikhil) => {
      t.equal((await postJson(`${server.url}/api/enquiries`, fields)).status, 201);
      await server.app.notifications!.run();
      return bodyText(toDesk().at(-1)!.raw);
    };

    const first = await notified({ ...nikhil, subject: 'First buyer' });
    t.notMatch(first, /filed as spam/, 'no spam yet: no line');
    for (const n of [1, 2]) t.equal((await postJson(`${server.url}/api/enquiries`, spam(n))).status, 201);
    const second = await notified({ ...nikhil, name: 'Second buyer', subject: 'Second buyer' });
    t.match(
      second,
      /2 messages were filed as spam since the previous notification\. See them in Spam: http:\/\/localhost:3000\/admin\?view=spam/,
    );
    t.equal((await postJson(`${server.url}/api/enquiries`, spam(3))).status, 201);
    const third = await notified({ ...nikhil, name: 'Third buyer', subject: 'Third buyer' });
    t.match(
      third,
      '1 message was filed as spam since the previous notification.',
      'counted from the previous notification on',
    );
    t.equal(toDesk().length - from, 3, 'one e-mail per genuine enquiry, none for spam');
  },
);

// The buyer's acknowledgement (issue #35, item 5): its own queue, beside the notification.
const ackRow = (server: TestServer, where: string, value: string | number) =>
  server.app.db
    .prepare(
      `SELECT e.id, d.status AS ack_status, d.error AS ack_error, coalesce(d.tries, 0) AS ack_tries, e.resent_of,
         e.repeats
       FROM enquiries e LEFT JOIN deliveries d ON d.enquiry_id = e.id AND d.channel = 'acknowledgement'
       WHERE e.${where} = ?`,
    )
    .get(value) as {
    id: number;
    ack_status: string | null;
    ack_error: string | null;
    ack_tries: number;
    resent_of: number | null;
    repeats: number;
  };
const mailsTo = (address: string, mails: Received[] = received) => mails.filter((mail) => mail.to.includes(address));
/** An action of the desk's enquiry page, as its form posts it. */
const act = (admin: AdminClient, id: number, action: string) =>
  admin.request(`/admin/enquiries/${id}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken, back: `/admin/enquiries/${id}` }).toString(),
  });

t.test(
  "the buyer's acknowledgement: [#n] in a UTF-8 subject, what they sent with the drawings' names and sizes, the business hours and the contact details; the thank-you shows the same number",
  async (t) => {
    const server = await withServer(t, {
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_TO: 'desk@forge.test',
        SITE_URL: 'https://www.forge.test',
        SITE_TIME_ZONE: 'Asia/Kolkata',
      },
    });
    const buyer = 'fatima@buyer.example';
    const form = quoteForm(
      {
        ...makeEnquiry({ email: buyer, name: 'ફાતિમા الزهراء', message: 'نرجو عرض سعر — 400 flanges.' }),
        // A subject with a line break and a header after it, as a script may post it.
        subject: 'Flansche DN150 – Größe\r\nBcc: victim@evil.example',
        product: 'flanges',
        quantity: '400',
        unit: 'pieces',
      },
      [SAMPLE_DRAWINGS.pdf, SAMPLE_DRAWINGS.step],
    );
    const response = await postQuote(server.url, form);
    const { id } = ackRow(server, 'email', buyer);
    t.equal(response.status, 303);
    t.equal(response.headers.get('location'), `/contact/thank-you?ref=${id}`, 'the thank-you page carries the number');
    const thanks = await (await server.fetch(`/contact/thank-you?ref=${id}`)).text();
    t.match(thanks, `Your reference number is #${id}.`, 'and shows it, without JavaScript');
    t.notMatch(await (await server.fetch('/contact/thank-you?ref=<b>1')).text(), 'Your reference', 'digits only');

    await server.app.acknowledgements!.run();
    const mails = mailsTo(buyer);
    t.equal(mails.length, 1, 'one acknowledgement, to the buyer alone');
    t.same(mails[0]!.to, [buyer], 'nobody else: the Bcc in the subject is text');
    t.match(mails[0]!.raw, /^Subject: =\?UTF-8\?/m, 'the subject encoded');
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(mails[0]!.raw);
    t.equal(mail.subject, `Your enquiry to Example Forgings [#${id}]: Flansche DN150 – Größe Bcc: victim@evil.example`);
    t.notOk(mail.headers.has('bcc'), 'no header made from the subject');
    t.same(mail.from?.value, [{ name: 'Example Forgings', address: 'info@example.com' }], "in the site's name");
    const text = mail.text!;
    for (const expected of [
      `Dear ફાતિમા الزهراء,`,
      `its reference number is #${id}.`,
      `Reference number: #${id}`,
      'Our business hours (Asia/Kolkata time):',
      'Monday & Tuesday:',
      '9:00 AM – 7:00 PM',
      'نرجو عرض سعر — 400 flanges.',
      'Quantity:       400 pieces',
      'The 2 drawings we received:',
      `- ${SAMPLE_DRAWINGS.pdf.name} (${formatBytes(SAMPLE_DRAWINGS.pdf.bytes.length)})`,
      `- ${SAMPLE_DRAWINGS.step.name} (${formatBytes(SAMPLE_DRAWINGS.step.bytes.length)})`,
      'info@example.com',
      '+91 98765 43210, +91 98765 43211',
      'https://www.forge.test',
    ])
      t.ok(text.includes(expected), expected);
    t.match(ackRow(server, 'id', id), { ack_status: 'sent', ack_tries: 1 });
  },
);

t.test(
  'the owner edits the acknowledgement in the site editor, with placeholders, and turns it off by emptying it',
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ...TEST_ADMIN_ENV },
    });
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const { view } = await openSection(admin, '/admin/site/contact');
    t.equal(view.values.acknowledgement, DEFAULT_ACKNOWLEDGEMENT, 'on, with its default text');

    const custom = 'Namaste {name}, we have your enquiry {reference}. Our team answers within one working day.';
    t.equal((await editSection(admin, '/admin/site/contact', { acknowledgement: custom })).status, 303);
    const asked = makeEnquiry({ email: 'asha@buyer.example', name: 'Asha' });
    t.equal((await postJson(`${server.url}/api/enquiries`, asked)).status, 201);
    await server.app.acknowledgements!.run();
    const { id } = ackRow(server, 'email', 'asha@buyer.example');
    t.ok(
      bodyText(mailsTo('asha@buyer.example')[0]!.raw).startsWith(
        `Namaste Asha, we have your enquiry #${id}. Our team answers within one working day.`,
      ),
      "the owner's words first, the placeholders filled in",
    );

    t.equal((await editSection(admin, '/admin/site/contact', { acknowledgement: '' })).status, 303);
    const unanswered = makeEnquiry({ email: 'off@buyer.example' });
    const answer = await postJson(`${server.url}/api/enquiries`, unanswered);
    t.equal(answer.status, 201);
    await server.app.acknowledgements!.run();
    await server.app.notifications!.run();
    const off = ackRow(server, 'email', 'off@buyer.example');
    t.match((await answer.json()) as unknown, { ok: true, reference: off.id }, 'still a reference number');
    t.equal(off.ack_status, null, 'turned off: none queued');
    t.equal(mailsTo('off@buyer.example').length, 0, 'none sent');
    t.ok(
      toDesk().some((mail) => bodyText(mail.raw).includes(`Enquiry #${off.id} arrived`)),
      'the admin is notified as ever',
    );
  },
);

t.test(
  "an enquiry from /de/kontakt keeps German: the desk shows it, the owner's mail names it, the buyer's acknowledgement is in German",
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', SITE_TIME_ZONE: 'Asia/Kolkata', ...TEST_ADMIN_ENV },
    });
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    // The owner translates the acknowledgement's words, then publishes German.
    const german = pathTo(ADMIN_PATHS.siteTranslation, { lang: 'de' });
    await admin.request(`${german}?section=contact`);
    const words = 'Guten Tag {name}, wir haben Ihre Anfrage {reference} erhalten.';
    const saved = await admin.request(german, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ section: 'contact', 't.contact.acknowledgement': words, _csrf: admin.csrfToken }),
    });
    t.equal(saved.status, 303, 'the translation saved');
    await publishLanguage(admin, 'de');

    const buyer = 'jonas@kaeufer.example';
    const quote = { product: 'flanges', quantity: '12000', unit: 'pieces', price: '1234.5', currency: 'EUR' };
    const form = quoteForm({ ...makeEnquiry({ email: buyer, name: 'Jonas' }), ...quote });
    const response = await postQuote(server.url, form, false, '/de/kontakt');
    t.equal(response.status, 303);
    const { id } = ackRow(server, 'email', buyer);
    t.match(response.headers.get('location'), /^\/de\//, 'thanked in German');
    t.equal(server.app.db.prepare('SELECT language FROM enquiries WHERE id = ?').pluck().get(id), 'de', 'stored');
    const english = makeEnquiry({ email: 'sam@buyer.example' });
    t.equal((await postJson(`${server.url}/api/enquiries`, english)).status, 201);
    t.equal(
      server.app.db.prepare('SELECT language FROM enquiries WHERE email = ?').pluck().get('sam@buyer.example'),
      'en',
      'a script is English',
    );

    await Promise.all([server.app.acknowledgements!.run(), server.app.notifications!.run()]);
    const { simpleParser } = await import('mailparser');
    const mail = await simpleParser(mailsTo(buyer)[0]!.raw);
    t.match(mail.subject, `Ihre Anfrage an Example Forgings [#${id}]`, 'the subject in German');
    for (const expected of [
      `Guten Tag Jonas, wir haben Ihre Anfrage #${id} erhalten.`,
      `Referenznummer: #${id}`,
      'Unsere Geschäftszeiten (Zeitzone Asia/Kolkata):',
      'Es wurden keine Zeichnungen angehängt.',
    ])
      t.ok(mail.text!.includes(expected), expected);
    t.notMatch(mail.text!, 'Reference number', 'no English heading');
    // Dates and numbers as a German reads them (Intl with de-DE).
    const germanDay =
      /Was Sie uns am (Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag), \d{1,2}\. \p{L}+ \d{4} um \d{1,2}:\d\d GMT\+5:30 \(Asia\/Kolkata\) gesendet haben:/u;
    t.match(mail.text!, germanDay, 'the day and time in German');
    t.match(mail.text!, /: +12\.000 Stück\n/, 'the quantity grouped the German way, its unit in German');
    t.match(mail.text!, /: +1\.234,50\u00a0EUR\n/, 'the price with a decimal comma');

    // In Arabic: the Arabic words and order, in Western digits.
    await publishLanguage(admin, 'ar');
    const arabicBuyer = 'salem@mushtari.example';
    const arabicForm = quoteForm({ ...makeEnquiry({ email: arabicBuyer, name: 'Salem' }), ...quote, currency: 'AED' });
    t.equal((await postQuote(server.url, arabicForm, false, `/ar/${encodeURI('اتصل-بنا')}`)).status, 303);
    await server.app.acknowledgements!.run();
    const arabic = (await simpleParser(mailsTo(arabicBuyer)[0]!.raw)).text!;
    const arabicDay =
      /ما أرسلته إلينا في \p{Script=Arabic}+، \d{1,2} \p{Script=Arabic}+ \d{4} في \d{1,2}:\d\d [صم] GMT\+5:30 \(Asia\/Kolkata\):/u;
    t.match(arabic, arabicDay, 'the day and time in Arabic, Western digits');
    t.match(arabic, /: +12,000 قطعة\n/, 'the quantity in Western digits, its unit in Arabic');
    t.match(arabic, /1,234\.50\u00a0AED/, 'the price');
    t.notMatch(arabic, /[\u0660-\u0669]/, 'no Arabic-Indic digit');
    const toOwner = toDesk().find((sent) => bodyText(sent.raw).includes(buyer));
    t.match(bodyText(toOwner!.raw), /Language: +German/, "the owner's mail names the language");

    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(page, '<dt>Language</dt><dd>German</dd>', "on the enquiry's page");
    t.match(page, 'The buyer wrote in German', 'above the reply form');
    t.match(
      await (await admin.request('/admin')).text(),
      '<span class="inbox-row__language">German</span>',
      'on its row',
    );
  },
);

t.test(
  'one acknowledgement per enquiry: none for a merged repeat, its own for a resend with changes, none for Spam (nor after "Not spam")',
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ENQUIRY_RATE_LIMIT: '100', ...TEST_ADMIN_ENV },
    });
    const buyer = 'repeat@buyer.example';
    const first = makeEnquiry({ email: buyer, quantity: '100' });
    t.equal((await postJson(`${server.url}/api/enquiries`, first)).status, 201);
    const repeat = await postJson(`${server.url}/api/enquiries`, first);
    const earlier = ackRow(server, 'email', buyer);
    t.match(
      (await repeat.json()) as unknown,
      { reference: earlier.id },
      "the repeat is thanked with the first's number",
    );
    t.equal(earlier.repeats, 1, 'the repeat is merged');
    t.equal((await postJson(`${server.url}/api/enquiries`, { ...first, quantity: '400' })).status, 201);
    await server.app.acknowledgements!.run();
    const resend = ackRow(server, 'resent_of', earlier.id);
    t.match(ackRow(server, 'id', earlier.id), { ack_status: 'sent' });
    t.match(resend, { ack_status: 'sent' }, 'the resend with changes is an enquiry of its own');
    t.same(
      mailsTo(buyer).map((mail) => /Reference number: #(\d+)/.exec(bodyText(mail.raw))?.[1]),
      [String(earlier.id), String(resend.id)],
      'two acknowledgements, one for each stored enquiry',
    );

    const bot = 'bot@spam.example';
    const spam = {
      ...makeEnquiry({ email: bot, message: 'Cheap https://a.example/x' }),
      [FORM_TOKEN_FIELD]: undefined,
    };
    t.equal((await postJson(`${server.url}/api/enquiries`, spam)).status, 201);
    const filed = ackRow(server, 'email', bot);
    t.equal(filed.ack_status, null, 'Spam: none queued');
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await act(admin, filed.id, 'notspam')).status, 303);
    await server.app.acknowledgements!.run();
    t.equal(ackRow(server, 'id', filed.id).ack_status, null, '"Not spam" sends none later');
    t.equal(mailsTo(bot).length, 0);
  },
);

t.test(
  'the mail server down: the enquiry is stored and thanked, the acknowledgement retried, its state on the desk, then sent',
  async (t) => {
    const down = await testSmtp();
    down.state.refusing = true;
    t.teardown(down.close);
    const server = await withServer(t, {
      env: { SMTP_URL: down.url, NOTIFY_TO: 'desk@forge.test', ...TEST_ADMIN_ENV },
    });
    const buyer = 'patient@buyer.example';
    const subject = 'Acknowledge me later';
    const answer = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ email: buyer, subject }));
    t.equal(answer.status, 201, 'thanked at once');
    const { id } = ackRow(server, 'email', buyer);
    t.match((await answer.json()) as unknown, { reference: id });
    await Promise.all([server.app.acknowledgements!.run(), server.app.notifications!.run()]);
    t.match(ackRow(server, 'id', id), { ack_status: 'pending', ack_tries: 1, ack_error: /Mailbox busy/ });
    t.match(notifyRow(server, subject), { notify_status: 'pending' }, 'the notification waits on its own');
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const page = `/admin/enquiries/${id}`;
    t.match(
      await (await admin.request(page)).text(),
      /Acknowledgement to the buyer not sent yet \([^)<]*Mailbox busy[^)<]*\); it is tried again shortly\./,
      "the enquiry's page says where it stands",
    );

    down.state.refusing = false;
    // Time passes: both retries are due now.
    makeDue(server, subject);
    server.app.db
      .prepare(
        "UPDATE deliveries SET next_at = '2000-01-01T00:00:00.000Z' WHERE channel = 'acknowledgement' AND enquiry_id = ?",
      )
      .run(id);
    await Promise.all([server.app.acknowledgements!.run(), server.app.notifications!.run()]);
    t.match(ackRow(server, 'id', id), { ack_status: 'sent', ack_error: null, ack_tries: 2 });
    t.equal(mailsTo(buyer, down.state.received).length, 1, 'the buyer hears back once the server is back');
    t.equal(toDesk(down.state.received).length, 1, 'and the admin is notified');
    t.match(await (await admin.request(page)).text(), /Acknowledgement to the buyer sent\./);
  },
);
