import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postJson, withServer, type TestServer } from '../../helpers/server.js';
import { bodyText, testSmtp } from '../../helpers/smtp.js';
import { formatForPeople } from '../../../shared/time/time-zone.js';
import { FORM_TOKEN_FIELD } from '../../../shared/enquiry/validation.js';

const smtp = await testSmtp();
t.teardown(smtp.close);
const { received } = smtp.state;

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
  t.equal(received.length, 1);
  const [mail] = received;
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
const notifyRow = (server: TestServer, subject: string) =>
  server.app.db
    .prepare('SELECT notify_status, notify_error, notify_tries, notify_next_at FROM enquiries WHERE subject = ?')
    .get(subject) as NotifyRow;
/** Time passes: the retry is due now. */
const makeDue = (server: TestServer, subject: string) =>
  server.app.db
    .prepare("UPDATE enquiries SET notify_next_at = '2000-01-01T00:00:00.000Z' WHERE subject = ?")
    .run(subject);

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
    file.prepare("UPDATE enquiries SET notify_next_at = '2000-01-01T00:00:00.000Z' WHERE subject = ?").run(subject);
    file.close();
    const second = await withServer(t, { env, dataDir: first.dataDir });
    await second.app.notifications!.run();
    t.equal(smtp.state.received.length, 1, 'sent once');
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
    const resend = await admin.request(`/admin/enquiries/${id}/resend`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: admin.csrfToken, back: page }).toString(),
    });
    t.equal(resend.status, 303, '"Resend notification" (a form)');
    t.equal(resend.headers.get('location'), page, "back to the enquiry's page");
    await server.app.notifications!.run();
    t.match(notifyRow(server, subject), { notify_status: 'sent', notify_error: null, notify_tries: 1 });
    t.equal(smtp.state.received.length, 1);
    const after = await (await admin.request(page)).text();
    t.match(after, /E-mail notification sent\./);
    t.match(
      after,
      new RegExp(`"done":\\{"message":"The notification of #${id} is being sent again\\.","undo":null\\}`),
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
      },
      [SAMPLE_DRAWINGS.pdf, SAMPLE_DRAWINGS.step],
    );
    t.equal((await postQuote(server.url, form)).status, 303);
    await server.app.notifications!.run();
    const text = received[0]!.raw.replace(/=\r\n/g, '');
    for (const line of [
      /Product:\s+Flanges/,
      /Company:\s+Gulf Valves LLC/,
      /Quantity:\s+500 kg/,
      /Drawings \(download them in the admin panel\):/,
      /- valve body\.step \(1 KB\)/,
      /https:\/\/www\.forge\.example\/admin/,
    ]) {
      t.match(text, line);
    }
    t.notMatch(received[0]!.raw, /Content-Disposition: attachment/i, 'no attachment');
  },
);

t.test(
  'spam never silences the owner: the next notification says how many messages went to Spam since the previous one, and links them',
  async (t) => {
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ENQUIRY_RATE_LIMIT: '100' },
    });
    const from = received.length;
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
      return bodyText(received.at(-1)!.raw);
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
    t.equal(received.length - from, 3, 'one e-mail per genuine enquiry, none for spam');
  },
);
