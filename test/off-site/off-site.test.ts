/**
 * Off-site copies (issue 41) with the real engines: Litestream (from @flydotio/litestream-linux-x64) for the
 * database and Debian's restic for the files, to a path target, to an SFTP target served by Debian's
 * OpenSSH server on a loopback port, and to an S3 bucket served by s3rver (npm). Each journey runs the
 * built server as its own process.
 */
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import t, { type Test } from 'tap';
import { litestreamBinary, resticBinary } from '../../server/off-site/engines.js';
import { projectRoot } from '../../server/platform/paths.js';
import type { DrillResult, OffSiteStatus } from '../../shared/admin/backups.js';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { MAIN, run, spawnServer } from '../helpers/child-server.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS, sha256 } from '../helpers/drawings.js';
import { makePhoto, uploadCertificatePdf, uploadPhotos } from '../helpers/photos.js';
import { makeDataDir, withDataDir } from '../helpers/server.js';
import { testSmtp } from '../helpers/smtp.js';
import { S3_BUCKET, startS3 } from '../helpers/s3.js';
import { startSshd, withoutSshd } from '../helpers/sshd.js';

const missing = [!litestreamBinary() && 'Litestream', !resticBinary() && 'restic'].filter(Boolean).join(' and ');
if (missing) t.plan(0, `${missing} not installed`);

/** Enquiries with drawings per journey: modest for CI's time (OFF_SITE_ENQUIRIES=200 for the full count). */
const ENQUIRIES = Number(process.env.OFF_SITE_ENQUIRIES ?? 40);
const RESTORE = join(MAIN, '..', 'cli', 'restore.js');
const LOAD_ENV = { ENQUIRY_RATE_LIMIT: '100000', ENQUIRY_DRAWINGS_MB: '1000', UPLOADS_PER_NETWORK: '50' };

type Status = OffSiteStatus & { now: number };

async function backupStatus(admin: AdminClient): Promise<Status> {
  const response = await admin.request('/admin/api/backups');
  if (response.status !== 200) throw new Error(`/admin/api/backups answered ${response.status}`);
  return (await response.json()) as Status;
}

/** Waits (polling the admin's status, every 100 ms) until both kinds of copy are current and newer than `since`. */
async function untilCurrent(admin: AdminClient, since: number, limitMs = 60_000): Promise<Status> {
  for (const deadline = Date.now() + limitMs; ;) {
    const status = await backupStatus(admin);
    const { database, files } = status;
    if (
      status.problem === null &&
      database.behindSince === null &&
      database.lastCopyAt !== null &&
      files.behindSince === null &&
      (files.lastCopyAt ?? 0) > since
    )
      return status;
    if (Date.now() > deadline) throw new Error(`the copies never became current: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `count` enquiries, each with one drawing of its own bytes; returns subject → the drawing's hash. */
async function sendEnquiries(url: string, count: number, tag: string): Promise<Map<string, string>> {
  const sent = new Map<string, string>();
  for (let n = 0; n < count; n++) {
    const subject = `${tag} ${n}`;
    const bytes = Buffer.concat([SAMPLE_DRAWINGS.dwg.bytes, Buffer.from(subject)]);
    const form = quoteForm({ name: 'Buyer', phone: '+91 90000 00000', subject, message: 'Forged flanges, DN 50.' }, [
      { name: 'shaft.dwg', bytes },
    ]);
    const response = await postQuote(url, form);
    if (response.status !== 303) throw new Error(`enquiry ${n} answered ${response.status}`);
    await response.arrayBuffer();
    sent.set(subject, sha256(bytes));
  }
  return sent;
}

/** Every sent enquiry is in the data folder, with its drawing's bytes. */
function checkRestored(t: Test, dataDir: string, sent: Map<string, string>): void {
  const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
  const rows = db
    .prepare('SELECT e.subject, f.stored_name FROM enquiries e JOIN enquiry_files f ON f.enquiry_id = e.id')
    .all() as { subject: string; stored_name: string }[];
  db.close();
  const found = new Map(rows.map((row) => [row.subject, row.stored_name]));
  let whole = 0;
  for (const [subject, hash] of sent) {
    const stored = found.get(subject);
    if (stored && sha256(readFileSync(join(dataDir, 'uploads', stored))) === hash) whole += 1;
  }
  t.equal(whole, sent.size, `all ${sent.size} enquiries restored, each with its drawing's bytes`);
}

/** The bytes of every file under `folder`. */
function bytesIn(folder: string): number {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .map((file) => statSync(join(folder, file)))
    .filter((stats) => stats.isFile())
    .reduce((sum, stats) => sum + stats.size, 0);
}

async function restore(target: string, dataDir: string, env: Record<string, string>) {
  return run([RESTORE, target], { DATA_DIR: dataDir, ...env });
}

t.test(
  'a path target: kill -9, the data folder deleted, restored in one command, nothing acknowledged lost',
  async (t) => {
    const root = withDataDir(t);
    const target = join(root, 'second-disk');
    const dataDir = makeDataDir();
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const server = await spawnServer(
      { DATA_DIR: dataDir, BACKUP_TARGET: target, ...TEST_ADMIN_ENV, ...LOAD_ENV },
      'keep',
    );
    t.teardown(() => server.child.kill('SIGKILL'));
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.match(
      await admin.openPanel(),
      /data-setup="backups"><strong>Backups<\/strong> <span class="admin-setup__state">Done</,
      'the Setup card counts the backups as done',
    );

    const sent = await sendEnquiries(server.url, ENQUIRIES, 'path');
    const photo = await makePhoto({ width: 800, height: 600 });
    const upload = await uploadPhotos(admin, sectionPath('products/flanges'), [
      { field: 'photo', data: photo, fileName: 'flange.jpg', alt: 'A forged flange, restored' },
    ]);
    t.equal(upload.status, 303, 'the photo is saved and the section published');
    const { response: certificate, pdf: certificatePdf } = await uploadCertificatePdf(admin);
    t.equal(certificate.status, 303, "a certificate's PDF is saved and published");
    const status = await untilCurrent(admin, Date.now());
    t.equal(status.target, target, 'the card names the target');
    // Measured just after each copy: the photo's copy is counted within seconds.
    let sizes = status;
    for (
      const deadline = Date.now() + 30_000;
      ((sizes.filesSizeBytes ?? 0) < photo.length / 2 || !sizes.databaseSizeBytes) && Date.now() < deadline;
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sizes = await backupStatus(admin);
    }
    const [files, database] = [sizes.filesSizeBytes, sizes.databaseSizeBytes];
    const filesOnDisk = bytesIn(join(target, 'files'));
    t.ok(
      files !== null && files > photo.length / 2 && files <= filesOnDisk,
      `the size of the files' copies at the target: ${files} bytes of data in ${filesOnDisk} on disk`,
    );
    const databaseOnDisk = bytesIn(join(target, 'database'));
    t.ok(
      database !== null && database > 0 && database <= databaseOnDisk,
      `and of the database's copies: ${database} bytes listed by Litestream, ${databaseOnDisk} on disk`,
    );
    t.match(
      await (await admin.request('/admin/security')).text(),
      /At the target \(encrypted\): the database(&#x27;|')s copies take [\d.]+ MB, the files(&#x27;|') copies take [\d.]+ MB/,
      'the card shows both sizes',
    );
    // The key is kept apart from the copies: here, a copy of the session secret outside the data folder.
    const keyFile = join(root, 'kept-session-secret');
    copyFileSync(join(dataDir, 'session-secret'), keyFile);

    server.child.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });

    const refused = await restore(target, root, { BACKUP_KEY_FILE: keyFile });
    t.equal(refused.code, 1, 'a non-empty data folder is refused');
    t.match(refused.stderr, /is not empty: restore only fills an empty data folder/);
    const started = Date.now();
    const restored = await restore(target, dataDir, { BACKUP_KEY_FILE: keyFile });
    t.equal(restored.code, 0, restored.stderr);
    t.match(
      restored.stdout,
      new RegExp(
        `Restored ${ENQUIRIES} enquiries \\(the last at \\d{4}-\\d\\d-\\d\\dT[^)]+\\), ${ENQUIRIES} of ${ENQUIRIES} drawings, 1 photo and 1 PDF`,
      ),
    );
    t.comment(`the restore in one command took ${Date.now() - started} ms`);
    checkRestored(t, dataDir, sent);

    const smtp = await testSmtp();
    t.teardown(() => smtp.close());
    const back = await spawnServer(
      {
        DATA_DIR: dataDir,
        BACKUP_TARGET: target,
        SMTP_URL: smtp.url,
        NOTIFY_TO: 'sales@forge.test',
      },
      'keep',
    );
    t.teardown(() => back.child.kill('SIGKILL'));
    const again = new AdminClient(back.url);
    await again.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const live = Date.now() - started;
    t.ok(live < 120_000, `the admin signs in on the restored site: docs/backup.md's runbook, steps 3-5, in ${live} ms`);
    const page = await (await fetch(`${back.url}/products/flanges`)).text();
    t.match(page, 'alt="A forged flange, restored"', 'the content as published, with the photo');
    const id = readdirSync(join(dataDir, 'media', 'originals'))[0]!;
    t.equal(sha256(readFileSync(join(dataDir, 'media', 'originals', id))), sha256(photo), "the photo's bytes");
    const variant = readdirSync(join(dataDir, 'media', 'photos', id))[0]!;
    t.equal((await fetch(`${back.url}/media/${id}/${variant}`)).status, 200, 'and its variants are served');
    // A stored PDF's name is the start of its hash (pdf-store.ts).
    const pdfName = `${sha256(certificatePdf).slice(0, 20)}.pdf`;
    t.same(readdirSync(join(dataDir, 'media', 'pdfs')), [pdfName], "the certificate's PDF is restored, alone");
    t.equal(sha256(readFileSync(join(dataDir, 'media', 'pdfs', pdfName))), sha256(certificatePdf), 'its bytes on disk');
    const pdf = await fetch(`${back.url}/documents/${pdfName}`);
    t.equal(pdf.status, 200, 'and it is served');
    t.equal(sha256(Buffer.from(await pdf.arrayBuffer())), sha256(certificatePdf), "the certificate's PDF, its bytes");
    const continued = await untilCurrent(again, 0);
    t.equal(continued.problem, null, 'the restored server goes on copying to the same target');

    const drill = await again.post('/admin/backups/drill');
    const passed = (await drill.json()) as DrillResult;
    t.equal(passed.ok, true, `the restore drill passes: ${passed.detail}`);
    t.match(passed.detail, `restored ${ENQUIRIES} enquiries, ${ENQUIRIES} drawings, 1 photos`);
    // A corrupted copy: every file of the database's copy overwritten with other bytes.
    const copies = join(target, 'database');
    for (const file of readdirSync(copies, { recursive: true, encoding: 'utf8' }))
      if (/\.(lz4|age)$/.test(file)) writeFileSync(join(copies, file), 'not a copy');
    const failed = (await (await again.post('/admin/backups/drill')).json()) as DrillResult;
    t.equal(failed.ok, false, `the drill fails on a corrupted copy and says so: ${failed.detail}`);
    t.match(failed.detail, /the copy could not be restored/);
    t.match((await backupStatus(again)).drill, { last: { ok: false, detail: failed.detail } }, 'the status says so');
    const card = await (await again.request('/admin/security')).text();
    t.match(
      card,
      /<div class="card card--padded" id="backups"><h2>Backups<\/h2>/,
      'the Security screen has the Backups card',
    );
    t.match(card, /it FAILED/, 'which says the last drill failed');
    t.match(card, /the copy could not be restored/, 'and why');
    t.notMatch(card, /There is no off-site copy/);
    const byForm = await again.request('/admin/backups/drill', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: again.csrfToken }).toString(),
    });
    t.equal(byForm.status, 303, "the card's button (a plain form) runs a drill");
    t.equal(byForm.headers.get('location'), '/admin/security?done=drill#backups', 'and comes back to the card');
    const mail = await smtp.waitFor('the copy could not be restored');
    t.same(mail.to, ['sales@forge.test'], 'and it is e-mailed to NOTIFY_TO');

    const other = await spawnServer({ DATA_DIR: withDataDir(t), BACKUP_TARGET: target, ...TEST_ADMIN_ENV }, 'keep');
    t.teardown(() => other.child.kill('SIGKILL'));
    const otherAdmin = new AdminClient(other.url);
    await otherAdmin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    let refusedStatus = await backupStatus(otherAdmin);
    while (refusedStatus.problem === null && refusedStatus.files.lastCopyAt === null)
      refusedStatus = await backupStatus(otherAdmin);
    t.match(
      refusedStatus.problem,
      /holds the copies of another server.*refused/,
      'a second server on the target is refused',
    );
    t.equal((await fetch(`${other.url}/`)).status, 200, 'and its site serves all the same');
    back.child.kill('SIGTERM');
    t.equal(await back.exited, 0, 'SIGTERM ends the server and Litestream cleanly');
  },
);

t.test("the README's deploy section: the Docker command with BACKUP_TARGET, and the one-line restore from it", (t) => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const target = /-e BACKUP_TARGET=(\S+)/.exec(readme)?.[1];
  t.ok(target, 'the Docker command sets BACKUP_TARGET');
  const restoreLine = /^docker run --rm .* forge-site node (\S+) (\S+)$/m.exec(readme);
  t.equal(join(projectRoot, restoreLine?.[1] ?? ''), RESTORE, 'the restore is the command these tests run');
  t.equal(restoreLine?.[2], target, 'from the same target');
  t.end();
});

t.test('an engine missing: the log says which and how to install it, and the site serves', async (t) => {
  const root = withDataDir(t);
  // Only node's own folder on the PATH: no restic (Debian's) to be found.
  const PATH = dirname(process.execPath);
  const server = await spawnServer({ DATA_DIR: join(root, 'data'), BACKUP_TARGET: join(root, 'target'), PATH });
  t.teardown(() => server.child.kill('SIGKILL'));
  t.equal((await fetch(`${server.url}/`)).status, 200, 'the site serves');
  for (const deadline = Date.now() + 10_000; !server.output().includes('off-site copies:') && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.match(
    server.output(),
    'off-site copies: restic is not installed (Debian: apt-get install restic): no off-site copies are made',
    'one line in the log says which engine is missing and how to install it',
  );
});

t.test(
  'an SFTP target (OpenSSH on a loopback port): unreachable for a while, then back with nothing lost; restored',
  { skip: withoutSshd },
  async (t) => {
    const sshd = await startSshd();
    t.teardown(() => sshd.close());
    const root = withDataDir(t);
    const target = `sftp://${sshd.user}@127.0.0.1:${sshd.port}${join(root, 'offsite')}`;
    const env = { BACKUP_TARGET: target, BACKUP_SSH_KEY_FILE: sshd.keyFile };
    const dataDir = join(root, 'data');
    const server = await spawnServer({ DATA_DIR: dataDir, ...env, ...TEST_ADMIN_ENV, ...LOAD_ENV }, 'keep');
    t.teardown(() => server.child.kill('SIGKILL'));
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const sent = await sendEnquiries(server.url, 5, 'sftp');
    const first = await untilCurrent(admin, Date.now());
    t.match(first.target, `sftp://${sshd.user}@127.0.0.1:${sshd.port}/`, 'the card names the target, without the key');
    t.notMatch(JSON.stringify(first), /PRIVATE KEY|client_key/, 'and shows no key');

    await sshd.stop();
    const whileDown = await sendEnquiries(server.url, 3, 'sftp, target down');
    let behind = await backupStatus(admin);
    while (behind.files.behindSince === null || behind.files.lastError === null) behind = await backupStatus(admin);
    t.ok(behind.now - behind.files.behindSince >= 0, 'the status says since when the files are behind');
    t.match(behind.files.lastError, /restic backup/, 'and why');
    const card = await (await admin.request('/admin/security')).text();
    t.match(card, /<span class="backups__behind">, [^<]+ behind\.<\/span>/, 'the Backups card says how far behind');
    t.match(card, /<summary>Details<\/summary><p>restic backup/, "with the engine's error under Details");

    await sshd.start();
    const back = await untilCurrent(admin, Date.now(), 90_000);
    t.equal(back.files.lastError, null, 'once the target is back the copies catch up');
    const keyFile = join(root, 'kept-session-secret');
    copyFileSync(join(dataDir, 'session-secret'), keyFile);
    server.child.kill('SIGTERM');
    t.equal(await server.exited, 0, 'SIGTERM: a clean exit, the last writes copied');

    const restoredDir = join(root, 'restored');
    const restored = await restore(target, restoredDir, {
      BACKUP_KEY_FILE: keyFile,
      BACKUP_SSH_KEY_FILE: sshd.keyFile,
    });
    t.equal(restored.code, 0, restored.stderr);
    checkRestored(t, restoredDir, new Map([...sent, ...whileDown]));
  },
);

t.test('an S3 target (s3rver from npm, over HTTPS): copied as they come, restored in one command', async (t) => {
  const s3 = await startS3();
  t.teardown(() => s3.close());
  const root = withDataDir(t);
  const env = { BACKUP_TARGET: `s3://${S3_BUCKET}/forge-site`, ...s3.env };
  const dataDir = join(root, 'data');
  const server = await spawnServer({ DATA_DIR: dataDir, ...env, ...TEST_ADMIN_ENV, ...LOAD_ENV }, 'keep');
  t.teardown(() => server.child.kill('SIGKILL'));
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const sent = await sendEnquiries(server.url, 5, 's3');
  const acknowledged = Date.now();
  const status = await untilCurrent(admin, acknowledged);
  const offTheMachine = Date.now() - acknowledged;
  t.ok(offTheMachine < 10_000, `acknowledged enquiries off the machine with their drawings in ${offTheMachine} ms`);
  t.equal(status.target, `s3://${S3_BUCKET}/forge-site at ${s3.env.BACKUP_S3_ENDPOINT}`, 'the card names the bucket');
  t.notMatch(JSON.stringify(status), s3.env.BACKUP_S3_SECRET_ACCESS_KEY, 'and shows no key');
  t.ok(existsSync(join(s3.store, 'forge-site', 'database', 'generations')), "Litestream's copies are in the bucket");
  t.ok(existsSync(join(s3.store, 'forge-site', 'files', 'config._S3rver_object')), "and restic's repository");
  const keyFile = join(root, 'kept-session-secret');
  copyFileSync(join(dataDir, 'session-secret'), keyFile);
  // `docker stop`: SIGTERM just after the last enquiry, before its copies were due.
  const last = await sendEnquiries(server.url, 1, 's3, the last before SIGTERM');
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0, 'SIGTERM: a clean exit');
  const secrets = [s3.env.BACKUP_S3_SECRET_ACCESS_KEY, readFileSync(keyFile, 'utf8').trim()];
  t.notOk(
    secrets.some((secret) => server.output().includes(secret)),
    'its log holds neither the storage key nor the secret',
  );

  const restoredDir = join(root, 'restored');
  const restored = await restore(env.BACKUP_TARGET, restoredDir, { ...s3.env, BACKUP_KEY_FILE: keyFile });
  t.equal(restored.code, 0, restored.stderr);
  t.notOk(
    secrets.some((secret) => restored.stdout.includes(secret) || restored.stderr.includes(secret)),
    "nor the restore's",
  );
  t.match(restored.stdout, /Restored 6 enquiries/, 'the last writes were copied before the server ended');
  checkRestored(t, restoredDir, new Map([...sent, ...last]));
});
