import t, { type Test } from 'tap';
import { digestContent } from '../../../server/admin/digest/digest-content.js';
import { dayInZone, startOfDay } from '../../../shared/time/time-zone.js';
import { addDays } from '../../../shared/enquiry/follow-up.js';
import { testClock, DAY_MS, type TestClock } from '../../helpers/clock.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postJson, withDataDir, withServer, type Teardown, type TestServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/config/load-config.js';
import { bodyText, testSmtp } from '../../helpers/smtp.js';

const ZONE = 'Asia/Kolkata';
const SITE_URL = 'https://forge.example';
const HOUR_MS = 60 * 60 * 1000;

/** Tomorrow (in India) by the real clock: the enquiries' own times (real) are before it. */
const DAY = dayInZone(new Date(Date.now() + DAY_MS), ZONE);
/** The instant of `day` at hh:mm in India. */
const at = (day: string, hours: number, minutes = 0) =>
  startOfDay(day, ZONE).getTime() + hours * HOUR_MS + minutes * 60_000;

/** A clock set to an instant (and running on from there). */
function clockAt(instant: number): TestClock {
  const clock = testClock();
  clock.advance(instant - Date.now());
  return clock;
}
const setClock = (clock: TestClock, instant: number) => clock.advance(instant - clock.now());

async function digestServer(t: Teardown, clock: TestClock, smtpUrl: string, dataDir?: string): Promise<TestServer> {
  const server = await withServer(t, {
    env: { SMTP_URL: smtpUrl, NOTIFY_TO: 'desk@forge.test', SITE_URL, DIGEST_HOUR: '9', ENQUIRY_RATE_LIMIT: '1000' },
    clock,
    listen: false,
    ...(dataDir && { dataDir }),
  });
  await server.app.ready();
  return server;
}

/** Sends an enquiry through the site and sets its columns as a test needs; its id. */
async function seed(server: TestServer, subject: string, columns: Record<string, unknown> = {}): Promise<number> {
  const response = await postJson(`${server.url}/api/enquiries`, makeEnquiry({ subject, name: `Buyer of ${subject}` }));
  if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  for (const [column, value] of Object.entries(columns))
    server.app.db.prepare(`UPDATE enquiries SET ${column} = ? WHERE id = ?`).run(value, id);
  return id;
}

/** A buyer's reply, stored as the mailbox would, at `when`: the enquiry awaits us since then. */
function buyerReply(server: TestServer, id: number, when: number) {
  const iso = new Date(when).toISOString();
  server.app.db
    .prepare(
      `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
       VALUES (?, 'received', ?, 'buyer@example.com', 'desk@forge.test', 'Re: quote', 'Any news?', ?)`,
    )
    .run(id, `reply-${id}@example.com`, iso);
  server.app.db.prepare("UPDATE enquiries SET awaiting = 'us', last_message_at = ? WHERE id = ?").run(iso, id);
}

/** The digests the mail server accepted (the enquiries' own notifications go to the same address). */
const digests = (smtp: Awaited<ReturnType<typeof testSmtp>>) =>
  smtp.state.received.filter((message) => /^Subject: Enquiries for /m.test(message.raw));

const daysDone = (server: TestServer) =>
  server.app.db.prepare('SELECT day, outcome FROM digest_days ORDER BY day').all() as {
    day: string;
    outcome: string;
  }[];

t.test('the content: nothing to say is null; each section with its enquiries and links', async (t) => {
  t.equal(
    digestContent({ today: '2026-12-02', notSent: [], unanswered: [], due: [], waiting: [], spam: 0 }, SITE_URL, ZONE),
    null,
  );
  const mail = digestContent(
    {
      today: '2026-12-02',
      notSent: [
        { id: 3, name: 'Li', company: null, subject: 'Rings', replyError: 'connect ECONNREFUSED 127.0.0.1:25' },
      ],
      unanswered: [{ id: 7, name: 'Asha', company: 'Asha Valves', subject: 'Flanges <b>' }],
      due: [{ id: 9, name: 'Ravi', company: null, subject: 'Rings', followUpOn: '2026-12-01', followUpNote: 'Call' }],
      waiting: [],
      spam: 1,
    },
    SITE_URL,
    ZONE,
  )!;
  t.equal(mail.subject, 'Enquiries for 2 Dec: 1 reply not sent, 1 new, 1 follow-up due, 1 spam');
  t.match(
    mail.text,
    /^Replies not sent: retry or edit them on the enquiry’s page \(1\)\n\n- #3 Li: Rings\n {2}Not sent — the mail server refused the connection\n {2}https:\/\/forge\.example\/admin\/enquiries\/3/,
    'a reply not sent comes first, in plain words',
  );
  t.match(mail.text, '- #7 Asha, Asha Valves: Flanges <b>\n  https://forge.example/admin/enquiries/7');
  t.match(mail.text, '- #9 Ravi: Rings\n  Overdue since 1 Dec: Call\n  https://forge.example/admin/enquiries/9');
  t.match(
    mail.text,
    '1 message was filed as spam since the previous digest. See them in Spam: https://forge.example/admin?view=spam',
  );
  t.notMatch(mail.text, 'Buyer replies waiting');
});

t.test('sent at the hour, not before, with its sections and links; once a day, across a restart', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = clockAt(at(DAY, 8, 59));
  const server = await digestServer(t, clock, smtp.url);
  const fresh = await seed(server, 'Forged flanges for Jebel Ali');
  const overdue = await seed(server, 'Seamless rings', {
    status: 'open',
    awaiting: 'buyer',
    follow_up_on: addDays(DAY, -1),
    follow_up_note: 'Call Priya about the drawing',
  });
  const today = await seed(server, 'Crankshafts', { status: 'quoted', awaiting: 'buyer', follow_up_on: DAY });
  const later = await seed(server, 'Gear blanks', {
    status: 'quoted',
    awaiting: 'buyer',
    follow_up_on: addDays(DAY, 1),
  });
  const won = await seed(server, 'Won already', { status: 'won', awaiting: null, follow_up_on: addDays(DAY, -3) });
  const waiting = await seed(server, 'Replied two days ago', { status: 'open' });
  buyerReply(server, waiting, at(DAY, 8) - 2 * DAY_MS);
  const recent = await seed(server, 'Replied an hour ago', { status: 'open' });
  buyerReply(server, recent, at(DAY, 8));
  await seed(server, 'Cheap pills', {
    spam_reason: 'Too fast: sent 1 s after the form opened.',
    spam_at: new Date(at(DAY, 3)).toISOString(),
  });

  t.equal(await server.app.digest!.tick(), 'not yet', '08:59 in India: not yet');
  t.equal(digests(smtp).length, 0);

  setClock(clock, at(DAY, 9));
  t.equal(await server.app.digest!.tick(), 'sent', '09:00 in India: sent');
  t.equal(digests(smtp).length, 1);
  const [mail] = digests(smtp);
  t.same(mail!.to, ['desk@forge.test']);
  const text = bodyText(mail!.raw);
  const link = (id: number) => `${SITE_URL}/admin/enquiries/${id}`;
  const unanswered = text.slice(text.indexOf('New enquiries not yet answered (1)'), text.indexOf('Follow-ups due'));
  t.match(unanswered, `#${fresh} Buyer of Forged flanges for Jebel Ali`);
  t.match(text, link(fresh));
  const due = text.slice(text.indexOf('Follow-ups due (2)'), text.indexOf('Buyer replies waiting'));
  t.match(due, `#${overdue} Buyer of Seamless rings`, 'overdue');
  t.match(due, 'Call Priya about the drawing');
  t.match(due, `#${today} Buyer of Crankshafts`, 'due today');
  t.notMatch(due, `#${later} `, 'not tomorrow');
  t.notMatch(text, `#${won} `, 'not a Won enquiry');
  const replies = text.slice(text.indexOf('Buyer replies waiting more than a day (1)'));
  t.match(replies, `#${waiting} Buyer of Replied two days ago`);
  t.match(replies, link(waiting));
  t.notMatch(text, `#${recent} `, 'a reply of an hour ago waits less than a day');
  t.match(text, '1 message was filed as spam since the previous digest');
  t.same(daysDone(server), [{ day: DAY, outcome: 'sent' }]);

  t.equal(await server.app.digest!.tick(), 'already done', 'once a day');
  await server.close();
  const again = await digestServer(t, clock, smtp.url, server.dataDir);
  t.equal(await again.app.digest!.tick(), 'already done', 'a restart the same day sends nothing');
  t.equal(digests(smtp).length, 1, 'one digest that day');

  setClock(clock, at(addDays(DAY, 1), 9, 30));
  t.equal(await again.app.digest!.tick(), 'sent', 'the next morning, the next digest');
  t.equal(digests(smtp).length, 2);
});

t.test('skipped when there is nothing to say, and the day recorded as such', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = clockAt(at(DAY, 10));
  const server = await digestServer(t, clock, smtp.url);
  t.equal(await server.app.digest!.started, 'nothing to say', 'the start, past the hour, looked');
  t.equal(await server.app.digest!.tick(), 'already done');
  t.same(daysDone(server), [{ day: DAY, outcome: 'nothing to say' }]);
  t.equal(digests(smtp).length, 0);
});

/** A server with an enquiry waiting whose mail server refused the digest at 09:05: its first try failed. */
async function refusedAtNine(t: Test) {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  smtp.state.refusing = true;
  const clock = clockAt(at(DAY, 8));
  const server = await digestServer(t, clock, smtp.url);
  await seed(server, 'Waiting for an answer');
  setClock(clock, at(DAY, 9, 5));
  t.equal(await server.app.digest!.tick(), 'failed', 'refused (451)');
  return { smtp, clock, server };
}

t.test('sent on start when past the hour; tried again after the mail server refuses', async (t) => {
  const { smtp, clock, server } = await refusedAtNine(t);
  t.same(daysDone(server), [], 'the day is not recorded');
  smtp.state.refusing = false;
  clock.advance(10 * 60_000);
  t.equal(await server.app.digest!.tick(), 'sent', 'the next try goes');
  t.equal(digests(smtp).length, 1);
  t.same(daysDone(server), [{ day: DAY, outcome: 'sent' }]);

  // A restart past the hour of a day not done: the digest goes at start.
  await server.close();
  setClock(clock, at(addDays(DAY, 1), 11));
  const again = await digestServer(t, clock, smtp.url, server.dataDir);
  t.equal(await again.app.digest!.started, 'sent', 'at start');
  t.equal(await again.app.digest!.tick(), 'already done');
  t.equal(digests(smtp).length, 2);
});

t.test('a delivery of the outbox: a day the mail server refused is replaced by the next day’s', async (t) => {
  const { smtp, clock, server } = await refusedAtNine(t);
  const outbox = (db: TestServer['app']['db']) =>
    db
      .prepare(
        "SELECT json_extract(data, '$.day') AS day, status, tries, error FROM deliveries WHERE channel = 'digest' ORDER BY id",
      )
      .all();
  t.match(
    outbox(server.app.db),
    [{ day: DAY, status: 'pending', tries: 1, error: /451/ }],
    'queued, its try and error',
  );
  await server.close();

  // The server was down until the next morning: that day's digest goes, not the day before's as well.
  smtp.state.refusing = false;
  const next = addDays(DAY, 1);
  setClock(clock, at(next, 9, 30));
  const again = await digestServer(t, clock, smtp.url, server.dataDir);
  t.equal(await again.app.digest!.started, 'sent');
  t.equal(digests(smtp).length, 1, 'one digest');
  t.match(outbox(again.app.db), [
    { day: DAY, status: 'failed', error: 'A newer digest replaced it.' },
    { day: next, status: 'sent', tries: 1, error: null },
  ]);
  t.same(daysDone(again), [{ day: next, outcome: 'sent' }]);
});

t.test('a full disk when the digest is queued: nothing sent or recorded, the next look sends it', async (t) => {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = clockAt(at(DAY, 8));
  const server = await digestServer(t, clock, smtp.url);
  await seed(server, 'Waiting for an answer');
  const { db } = server.app;
  db.exec(`CREATE TRIGGER full BEFORE INSERT ON deliveries WHEN NEW.channel = 'digest'
    BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  setClock(clock, at(DAY, 9, 5));
  t.equal(await server.app.digest!.tick(), 'failed', 'not queued');
  t.same(daysDone(server), []);
  t.equal(digests(smtp).length, 0);
  db.exec('DROP TRIGGER full');
  clock.advance(HOUR_MS);
  t.equal(await server.app.digest!.tick(), 'sent', 'the disk has room again');
  t.equal(digests(smtp).length, 1);
});

t.test('DIGEST_HOUR (0–23, default 9, "off") and FOLLOW_UP_DAYS (default 7) are checked at start', async (t) => {
  const base = { NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: withDataDir(t) };
  const config = loadConfig(base);
  t.equal(config.digestHour, 9);
  t.equal(config.followUpDays, 7);
  t.equal(loadConfig({ ...base, DIGEST_HOUR: '0' }).digestHour, 0);
  t.equal(loadConfig({ ...base, DIGEST_HOUR: 'off' }).digestHour, null);
  t.equal(loadConfig({ ...base, FOLLOW_UP_DAYS: '14' }).followUpDays, 14);
  for (const wrong of ['24', '-1', '9.5', 'nine'])
    t.throws(
      () => loadConfig({ ...base, DIGEST_HOUR: wrong }),
      /^Invalid configuration: DIGEST_HOUR is invalid/,
      wrong,
    );
  t.throws(
    () => loadConfig({ ...base, FOLLOW_UP_DAYS: '0' }),
    /^Invalid configuration: FOLLOW_UP_DAYS must be a whole number/,
  );
});
