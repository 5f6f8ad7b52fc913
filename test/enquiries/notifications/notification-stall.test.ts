import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { loadConfig } from '../../../server/config/load-config.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { spawnServer } from '../../helpers/child-server.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import { postJson, withDataDir, withServer } from '../../helpers/server.js';
import { silentSmtp } from '../../helpers/silent-smtp.js';
import { withFormToken } from '../../helpers/form-token.js';
import { finishAndReadAnswer, startRawRequest } from '../../helpers/raw-request.js';

/** Resolves once `condition` holds (looked at every 20 ms). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

const PENDING = 21;
// Without an e-mail address: no acknowledgement to the buyer, so the silent server sees the notifications alone.
/** Posts `count` enquiries one after another: the statuses that were not 201. */
async function postEnquiries(url: string, count: number): Promise<number[]> {
  const refused: number[] = [];
  for (let n = 0; n < count; n++) {
    const { status } = await postJson(`${url}/api/enquiries`, makeEnquiry({ subject: `Stalled ${n}`, email: '' }));
    if (status !== 201) refused.push(status);
  }
  return refused;
}

interface NotifyRow {
  subject: string;
  notify_status: string;
  notify_error: string | null;
  notify_tries: number;
  notify_next_at: string | null;
}

t.test(
  `a mail server that accepts and never answers: ${PENDING} pending e-mails all get their first try, three at a time, each error on the desk`,
  async (t) => {
    const smtp = await silentSmtp();
    t.teardown(() => smtp.close());
    // Each stage of a send may take 0.4 s here (10 s by default).
    const timeoutS = 0.4;
    const server = await withServer(t, {
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_TO: 'desk@forge.test',
        SMTP_TIMEOUT_SECONDS: String(timeoutS),
        ENQUIRY_RATE_LIMIT: '1000',
        ...TEST_ADMIN_ENV,
      },
    });
    const started = performance.now();
    t.same(await postEnquiries(server.url, PENDING), [], `${PENDING} enquiries stored (201)`);
    await server.app.notifications!.run();
    const seconds = (performance.now() - started) / 1000;

    const rows = server.app.db
      .prepare(
        `SELECT e.subject, d.status AS notify_status, d.error AS notify_error, d.tries AS notify_tries,
           d.next_at AS notify_next_at
         FROM enquiries e JOIN deliveries d ON d.enquiry_id = e.id AND d.channel = 'notification' ORDER BY e.id`,
      )
      .all() as NotifyRow[];
    t.equal(rows.length, PENDING);
    t.ok(
      rows.every((row) => row.notify_status === 'pending' && row.notify_tries === 1),
      'every e-mail had its first try, and waits for the next',
    );
    const errors = [...new Set(rows.map((row) => row.notify_error))];
    t.ok(
      rows.every((row) => /: the mail server did not answer within 0\.4 s$/.test(row.notify_error ?? '')),
      `each with its error: ${errors.join('; ')}`,
    );
    t.ok(
      rows.every((row) => new Date(row.notify_next_at!).getTime() > Date.now() + 50_000),
      'the next try in about a minute',
    );
    t.equal(smtp.state.peak, 3, 'three sends at once, never more');
    t.equal(smtp.state.accepted, PENDING, 'one connection per try');
    const rounds = Math.ceil(PENDING / 3);
    t.ok(
      seconds < PENDING * timeoutS * 0.75,
      `${seconds.toFixed(1)} s, not the ${(PENDING * timeoutS).toFixed(1)} s of one at a time: ${rounds} rounds of a stage's limit (at the default 10 s: ${rounds * 10} s, not 10 minutes)`,
    );

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.match(
      // The enquiry's own page says where its e-mail stands.
      await (await admin.request('/admin/enquiries/1')).text(),
      /E-mail notification not sent yet \([^)]*the mail server did not answer within 0\.4 s\); it is tried again shortly\./,
      'the desk shows why',
    );
  },
);

t.test(
  'closing while sends hang: no new send starts, those under way are cut after the grace and stay pending, untried',
  async (t) => {
    const smtp = await silentSmtp();
    t.teardown(() => smtp.close());
    const server = await withServer(t, {
      env: { SMTP_URL: smtp.url, NOTIFY_TO: 'desk@forge.test', ENQUIRY_RATE_LIMIT: '1000' },
    });
    t.same(await postEnquiries(server.url, 6), [], '6 enquiries stored (201)');
    await smtp.holding(3);
    const started = performance.now();
    await server.close();
    const seconds = (performance.now() - started) / 1000;
    t.ok(seconds < 4, `closed in ${seconds.toFixed(1)} s: the 2 s grace, not the 10 s of a stage's limit`);
    t.equal(smtp.state.accepted, 3, 'the three waiting were never started');
    const db = new Database(join(server.dataDir, 'forge.db'), { readonly: true });
    const rows = db
      .prepare(
        `SELECT d.status AS notify_status, d.tries AS notify_tries, d.error AS notify_error
         FROM enquiries e LEFT JOIN deliveries d ON d.enquiry_id = e.id AND d.channel = 'notification'`,
      )
      .all();
    db.close();
    t.same(
      rows,
      Array.from({ length: 6 }, () => ({ notify_status: 'pending', notify_tries: 0, notify_error: null })),
      'all six pending for the next start, none counted as a try',
    );
  },
);

t.test('SIGTERM while every send hangs on a silent mail server: the process exits 0 within its bound', async (t) => {
  const smtp = await silentSmtp();
  t.teardown(() => smtp.close());
  const dataDir = withDataDir(t);
  const server = await spawnServer({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'desk@forge.test',
    ENQUIRY_RATE_LIMIT: '1000',
  });
  t.teardown(() => server.child.kill('SIGKILL'));
  t.same(await postEnquiries(server.url, PENDING), [], `${PENDING} enquiries stored (201)`);
  await smtp.holding(3);
  const started = performance.now();
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0, 'exit code 0');
  const seconds = (performance.now() - started) / 1000;
  t.ok(seconds < 5, `stopped in ${seconds.toFixed(1)} s (the bound is 10 s; a stage's limit is 10 s)`);
  t.notMatch(server.output(), /still running after/, 'not the forced exit');
  t.match(server.output(), /cut short by the shutdown; it stays pending/);
});

t.test(
  'SIGTERM with a silent SMTP and a silent IMAP server: the stops run at once, no connection is opened afterwards, exit 0 (issue 40 item 11)',
  async (t) => {
    const smtp = await silentSmtp();
    const imap = await silentSmtp(); // a mailbox that accepts the connection and never greets
    t.teardown(() => Promise.all([smtp.close(), imap.close()]));
    const server = await spawnServer({
      DATA_DIR: withDataDir(t),
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'desk@forge.test',
      IMAP_URL: `imap://desk:secret@${new URL(imap.url).host}/INBOX`,
      ENQUIRY_RATE_LIMIT: '1000',
    });
    t.teardown(() => server.child.kill('SIGKILL'));
    t.same(await postEnquiries(server.url, 2), [], 'two enquiries stored, their e-mails hang');
    await Promise.all([smtp.holding(2), imap.holding(1)]);
    // An enquiry whose body is still on its way when SIGTERM comes: stored after it, its e-mail not sent.
    const body = JSON.stringify(
      withFormToken(`${server.url}/api/enquiries`, makeEnquiry({ subject: 'Across SIGTERM' })),
    );
    const socket = await startRawRequest(server.url, {
      path: '/api/enquiries',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Connection: 'close' },
      contentLength: Buffer.byteLength(body),
    });
    server.child.kill('SIGTERM');
    await until(() => server.output().includes('shutting down'));
    t.match(await finishAndReadAnswer(socket, body), /^HTTP\/1\.1 201/, 'the enquiry in flight is answered 201');
    t.equal(await server.exited, 0, 'exit code 0');
    const log = server.output();
    t.notMatch(log, /still running after/, 'not the forced exit');
    t.same(
      { smtp: smtp.state.accepted, imap: imap.state.accepted },
      { smtp: 2, imap: 1 },
      'no SMTP or IMAP connection opened after SIGTERM',
    );
    const time = (message: string) =>
      Number(/"time":(\d+)/.exec(log.split('\n').find((line) => line.includes(message)) ?? '')?.[1]);
    const seconds = (time('"msg":"stopped"') - time('shutting down')) / 1000;
    t.ok(
      seconds < 3.5,
      `stopped in ${seconds.toFixed(1)} s: one 2 s grace for the SMTP and IMAP stops together, not one after another`,
    );
  },
);

t.test('SMTP_TIMEOUT_SECONDS: seconds, 10 by default; a mistake stops the start with one line naming it', async (t) => {
  const dataDir = withDataDir(t);
  const mail = { DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:25', NOTIFY_TO: 'desk@forge.test' };
  t.equal(loadConfig(mail).mail?.timeoutMs, 10_000);
  t.equal(loadConfig({ ...mail, SMTP_TIMEOUT_SECONDS: '2.5' }).mail?.timeoutMs, 2500);
  for (const wrong of ['soon', '0', '-1'])
    t.throws(
      () => loadConfig({ ...mail, SMTP_TIMEOUT_SECONDS: wrong }),
      /^Invalid configuration: SMTP_TIMEOUT_SECONDS is invalid/,
      wrong,
    );
});
