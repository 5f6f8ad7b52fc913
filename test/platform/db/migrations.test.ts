import Database from 'better-sqlite3';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import t, { type Test } from 'tap';
import { migrations } from '../../../server/platform/db/migrations.js';
import { describeMigrations, migrate, openDatabase } from '../../../server/platform/db/open-database.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import { hashPassword } from '../../../server/admin/auth/password.js';
import { publishedLanguages } from '../../../server/site-content/languages/published.js';
import { AdminClient, TEST_ADMIN } from '../../helpers/admin-client.js';
import { withDataDir, withServer } from '../../helpers/server.js';

/** A database file in a temporary folder with the schema of an older release (migrations up to `version`). */
function olderDatabase(t: Test, version: number): { path: string; db: Database.Database } {
  const dir = withDataDir(t);
  const path = join(dir, 'forge.db');
  const db = new Database(path);
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    migrations.filter((migration) => migration.version <= version),
  );
  return { path, db };
}

/** One enquiry with an e-mail address in an older database: its id. */
function oneEnquiry(db: Database.Database): number {
  const insert = db.prepare(
    `INSERT INTO enquiries (name, phone, email, subject, message, created_at)
     VALUES ('Li Wei', '+86 138 0000 0000', 'li@buyer.example', 'Rings', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
  );
  return Number(insert.run().lastInsertRowid);
}

t.test(
  'a database made before the desk (migrations 1–2, as the first release shipped) upgrades keeping every row',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 2);
    const insert = old.prepare(
      `INSERT INTO enquiries (name, email, phone, subject, message, created_at, status, client_ip_hash, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, 'new', ?, ?)`,
    );
    const rows = Array.from({ length: 60 }, (_, n) => [
      ['Jürgen Größmann', 'કિરણ દેસાઈ', 'अनिल शर्मा'][n % 3],
      n % 4 ? `b${n}@x.example` : null,
      `+91 98${n} 1234`,
      `Subject ${n}`,
      `Message ${n}\nline two`,
      new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      `hash${n}`,
      'UA',
    ]);
    for (const row of rows) insert.run(...row);
    old
      .prepare(
        "INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES ('a@b.c', 'scrypt$x', 'now', 'now')",
      )
      .run();
    old.close();

    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.equal(db.pragma('user_version', { simple: true }), migrations.at(-1)!.version, 'every migration applied');
    const upgraded = db
      .prepare(
        'SELECT name, email, phone, subject, message, created_at, status, client_ip_hash, user_agent FROM enquiries ORDER BY id',
      )
      .raw()
      .all();
    t.same(
      upgraded.map((row) => (row as unknown[]).filter((_, i) => i !== 6)),
      rows,
      'every row and value kept',
    );
    t.ok(
      upgraded.every((row) => (row as unknown[])[6] === 'new'),
      'stage new',
    );
    t.equal(db.prepare('SELECT count(*) FROM admin_users').pluck().get(), 1, 'other tables untouched');
    db.prepare("UPDATE enquiries SET status = 'quoted' WHERE id = 1").run();
    t.throws(
      () => db.prepare("UPDATE enquiries SET status = 'bogus' WHERE id = 1").run(),
      /CHECK constraint failed/,
      'stages still checked',
    );
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    t.same(db.pragma('foreign_key_check'), []);
    t.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys back on');
  },
);

t.test('drawings (and their foreign keys) survive the rebuild of the enquiries table', async (t) => {
  const { path, db: before } = olderDatabase(t, 5);
  before
    .prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at, product, quantity, unit) VALUES ('A', '1', 'S', 'M', '2026-01-01T00:00:00.000Z', 'flanges', 20, 'kg')`,
    )
    .run();
  before
    .prepare(
      `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (1, 'abc', 'd.pdf', 10, 'pdf', 'h')`,
    )
    .run();
  before.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.match(db.prepare('SELECT product, quantity, unit FROM enquiries').get(), {
    product: 'flanges',
    quantity: 20,
    unit: 'kg',
  });
  t.equal(db.prepare('SELECT count(*) FROM enquiry_files').pluck().get(), 1);
  db.prepare('DELETE FROM enquiries WHERE id = 1').run();
  t.equal(
    db.prepare('SELECT count(*) FROM enquiry_files').pluck().get(),
    0,
    'ON DELETE CASCADE still refers to the rebuilt table',
  );
});

t.test(
  'a database from the previous release (migration 8) upgrades: rows, notes and files kept, numbers never reused',
  async (t) => {
    const { path, db: before } = olderDatabase(t, 8);
    const insert = before.prepare(
      `INSERT INTO enquiries (id, name, phone, subject, message, created_at, status, read_at, starred, trashed_at)
     VALUES (?, ?, '+91 98250 12345', ?, 'M', '2026-05-01T00:00:00.000Z', ?, ?, ?, ?)`,
    );
    insert.run(3, 'Jürgen Größmann', 'Flanges', 'quoted', '2026-05-02T00:00:00.000Z', 1, null);
    insert.run(7, 'કિરણ દેસાઈ', 'Valves', 'new', null, 0, '2026-05-03T00:00:00.000Z');
    before
      .prepare(
        "INSERT INTO enquiry_notes (enquiry_id, body, created_at) VALUES (3, 'Called.', '2026-05-02T00:00:00.000Z')",
      )
      .run();
    before
      .prepare(
        "INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (7, 'abc', 'd.pdf', 10, 'pdf', 'h')",
      )
      .run();
    // Enquiry 12 was the newest, and was deleted permanently: only the audit log remembers it.
    before
      .prepare(
        "INSERT INTO audit_log (at, actor, action, enquiry_id) VALUES ('2026-05-04T00:00:00.000Z', 'a@b.c', 'deleted permanently', 12)",
      )
      .run();
    before.close();

    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.same(
      db
        .prepare(
          'SELECT id, name, status, read_at IS NOT NULL AS read, starred, trashed_at IS NOT NULL AS trashed, spam_at FROM enquiries ORDER BY id',
        )
        .all(),
      [
        { id: 3, name: 'Jürgen Größmann', status: 'quoted', read: 1, starred: 1, trashed: 0, spam_at: null },
        { id: 7, name: 'કિરણ દેસાઈ', status: 'new', read: 0, starred: 0, trashed: 1, spam_at: null },
      ],
      'every row and its desk state kept',
    );
    t.equal(db.prepare('SELECT count(*) FROM enquiry_notes WHERE enquiry_id = 3').pluck().get(), 1, 'notes kept');
    const next = db
      .prepare("INSERT INTO enquiries (name, phone, subject, message, created_at) VALUES ('N', '1', 'S', 'M', 'now')")
      .run();
    t.equal(Number(next.lastInsertRowid), 13, 'the next enquiry is #13, not #8 or #12 again');
    db.prepare('DELETE FROM enquiries WHERE id = 13').run();
    const after = db
      .prepare("INSERT INTO enquiries (name, phone, subject, message, created_at) VALUES ('N', '1', 'S', 'M', 'now')")
      .run();
    t.equal(Number(after.lastInsertRowid), 14, 'nor is a deleted newest number given again');
    db.prepare('DELETE FROM enquiries WHERE id = 7').run();
    t.equal(
      db.prepare('SELECT count(*) FROM enquiry_files').pluck().get(),
      0,
      'ON DELETE CASCADE refers to the rebuilt table',
    );
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    t.same(db.pragma('foreign_key_check'), []);
  },
);

t.test(
  'a database from the release before the site editor (migration 10) gets its first content revision from the configuration',
  async (t) => {
    const { path, db: before } = olderDatabase(t, 10);
    before
      .prepare(
        `INSERT INTO enquiries (name, phone, subject, message, created_at) VALUES ('Jürgen', '1', 'S', 'M', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    before.close();
    const siteFile = join(dirname(path), 'site.json');
    writeFileSync(
      siteFile,
      JSON.stringify({ phones: ['+91 281 000 0001'], address: ['Plot 7, GIDC', 'Gondal 360311, Gujarat, India'] }),
    );
    const server = await withServer(t, {
      env: {
        COMPANY_NAME: 'Upgraded Forge Pvt. Ltd.',
        CONTACT_EMAIL: 'sales@upgraded.test',
        SITE_CONFIG_FILE: siteFile,
      },
      dataDir: dirname(path),
    });
    const rows = server.app.db.prepare('SELECT actor, note, content FROM site_revisions').all() as {
      actor: string;
      note: string;
      content: string;
    }[];
    t.equal(rows.length, 1, 'one revision');
    t.match(rows[0], { actor: 'system', note: 'First version, from the server’s configuration' });
    const company = (JSON.parse(rows[0]!.content) as SiteContent).company;
    t.match(company, {
      name: 'Upgraded Forge Pvt. Ltd.',
      email: 'sales@upgraded.test',
      phones: ['+91 281 000 0001'],
      address: ['Plot 7, GIDC', 'Gondal 360311, Gujarat, India'],
    });
    t.equal(
      company.grievance.email,
      'sales@upgraded.test',
      'privacy requests go to the contact e-mail unless the file names someone',
    );
    const home = await (await fetch(server.url + '/')).text();
    t.ok(
      home.includes('Upgraded Forge Pvt. Ltd.') && home.includes('+91 281 000 0001'),
      'the site shows the configured details',
    );
    t.equal(server.app.db.prepare('SELECT name FROM enquiries').pluck().get(), 'Jürgen', 'enquiries kept');
    t.equal(server.app.db.pragma('integrity_check', { simple: true }), 'ok');
  },
);

t.test(
  'a database from before the search index (migration 13) upgrades: its enquiries are found by the index and counted by view',
  async (t) => {
    const { path, db: before } = olderDatabase(t, 13);
    const insert = before.prepare(
      `INSERT INTO enquiries (name, email, phone, subject, message, created_at, product, company, trashed_at, spam_reason, read_at, starred, status)
     VALUES (?, ?, '+91 98250 12345', ?, 'M', '2026-05-01T00:00:00.000Z', ?, ?, ?, ?, ?, ?, ?)`,
    );
    insert.run(
      'Jürgen Größmann',
      'j@forge.de',
      'Schmiedeteile',
      'flanges',
      'Größmann GmbH',
      null,
      null,
      null,
      1,
      'new',
    );
    insert.run('કિરણ દેસાઈ', null, 'ફ્લેન્જ', null, null, null, null, '2026-05-02T00:00:00.000Z', 0, 'quoted');
    insert.run('अनिल शर्मा', null, 'फोर्जिंग', 'flanges', null, '2026-05-03T00:00:00.000Z', null, null, 0, 'new');
    insert.run('محمد العلي', 'm@example.ae', 'قطع مطروقة', null, null, null, 'Spam by rule', null, 0, 'new');
    before.close();

    const db = openDatabase(path);
    t.teardown(() => db.close());
    const found = (term: string) =>
      db
        .prepare('SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ? ORDER BY rowid')
        .pluck()
        .all(`"${term}"`);
    t.same(found('GROSSMANN'), [], 'ß is not ss (folding, not transliteration)');
    t.same(found('größMANN'), [1], 'Latin: any case');
    t.same(found('jurgen'), [1], 'Latin: without accents');
    t.same(found('કિરણ'), [2], 'Gujarati');
    t.same(found('ફ્લે'), [2], 'Gujarati, in the subject');
    t.same(found('शर्मा'), [3], 'Devanagari');
    t.same(found('مطروقة'), [4], 'Arabic');
    t.same(found('98250 12'), [1, 2, 3, 4], 'phone numbers as typed');
    const counts = (view: string) =>
      db.prepare('SELECT coalesce(sum(n), 0) FROM enquiry_counts WHERE view = ?').pluck().get(view);
    t.same(
      ['inbox', 'unread', 'starred', 'spam', 'trash'].map(counts),
      [2, 1, 1, 1, 1],
      'the counts of each view, from the rows there were',
    );
    t.equal(
      db
        .prepare("SELECT n FROM enquiry_counts WHERE view = 'inbox' AND product = 'flanges' AND stage = 'new'")
        .pluck()
        .get(),
      1,
      'by product and stage',
    );

    // The triggers keep both in step with every change.
    db.prepare("UPDATE enquiries SET trashed_at = NULL, name = 'Anil Sharma', product = NULL WHERE id = 3").run();
    db.prepare("UPDATE enquiries SET read_at = 'now', starred = 0 WHERE id = 1").run();
    db.prepare('DELETE FROM enquiries WHERE id = 4').run();
    db.prepare(
      "INSERT INTO enquiries (name, phone, subject, message, created_at) VALUES ('Zoë', '1', 'S', 'M', 'now')",
    ).run();
    t.same(found('शर्मा'), [], 'a changed name is no longer found by its old text');
    t.same(found('SHARMA'), [3], 'but by its new one');
    t.same(found('مطروقة'), [], 'a deleted enquiry is gone from the index');
    t.same(['inbox', 'unread', 'starred', 'spam', 'trash'].map(counts), [4, 2, 0, 0, 0]);
    const plain = db
      .prepare(
        `SELECT count(*) FROM enquiries WHERE trashed_at IS NULL AND spam_reason IS NULL AND coalesce(product, '') = '' AND status = 'new'`,
      )
      .pluck()
      .get();
    t.equal(
      db.prepare("SELECT n FROM enquiry_counts WHERE view = 'inbox' AND product = '' AND stage = 'new'").pluck().get(),
      plain,
    );
    db.exec("INSERT INTO enquiry_search (enquiry_search, rank) VALUES ('integrity-check', 1)");
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok');
  },
);

t.test(
  'a database from before the message was searched (migration 16) upgrades: its old enquiries are found by message words and country',
  async (t) => {
    const { path, db: before } = olderDatabase(t, 16);
    const insert = before.prepare(
      `INSERT INTO enquiries (name, phone, subject, message, country, created_at) VALUES (?, '+91 98250 12345', 'RFQ', ?, ?, '2026-05-01T00:00:00.000Z')`,
    );
    insert.run(
      'Jürgen Größmann',
      'Bitte ein Angebot für Ventilkörper, Größe DN 50.\nLieferung CIF Jebel Ali.',
      'Deutschland',
    );
    insert.run('કિરણ દેસાઈ', 'અમને ફોર્જ કરેલા ફ્લેન્જની જરૂર છે.', 'India');
    insert.run('अनिल शर्मा', 'कृपया ट्रांसमिशन शाफ्ट के लिए कोटेशन भेजें।', null);
    insert.run('Fatima', 'نحتاج إلى شفاه مطروقة', 'UAE');
    before.close();

    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.equal(db.pragma('user_version', { simple: true }), migrations.at(-1)!.version, 'every migration applied');
    const found = (term: string) =>
      db
        .prepare('SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ? ORDER BY rowid')
        .pluck()
        .all(`"${term}"`);
    t.same(found('jebel ali'), [1], 'a word only in the message, any case');
    t.same(found('VENTILKORPER'), [1], 'umlauts in the message, without accents');
    t.same(found('deutschland'), [1], 'the country');
    t.same(found('uae'), [4], 'a three-letter country');
    t.same(found('ફ્લેન્જ'), [2], 'Gujarati in the message');
    t.same(found('ट्रांसमिशन'), [3], 'Devanagari in the message');
    t.same(found('مطروقة'), [4], 'Arabic in the message');
    t.same(found('größmann'), [1], 'the fields searched before are still found');
    t.same(found('98250 12'), [1, 2, 3, 4]);

    // The rebuilt triggers keep the index with every change, the message and country included.
    db.prepare("UPDATE enquiries SET message = 'Delivery FOB Mundra', country = 'Oman' WHERE id = 1").run();
    db.prepare('DELETE FROM enquiries WHERE id = 4').run();
    db.prepare(
      "INSERT INTO enquiries (name, phone, subject, message, country, created_at) VALUES ('Zoë', '1', 'S', 'Hafen Hamburg', 'Österreich', 'now')",
    ).run();
    t.same(found('jebel'), [], 'a changed message is no longer found by its old text');
    t.same(found('mundra'), [1], 'but by its new one');
    t.same(found('oman'), [1], 'and its new country');
    t.same(found('مطروقة'), [], 'a deleted enquiry is gone from the index');
    t.same(found('osterreich'), [5], 'a new enquiry is indexed with its country');
    t.same(found('hamburg'), [5], 'and its message');
    db.exec("INSERT INTO enquiry_search (enquiry_search, rank) VALUES ('integrity-check', 1)");
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    t.same(
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'enquiry_search%' ORDER BY name")
        .pluck()
        .all(),
      ['enquiry_search_delete', 'enquiry_search_insert', 'enquiry_search_update'],
      'one set of triggers',
    );
  },
);

t.test(
  'an account from before the second factor (migration 14) signs in with its password alone until a factor is turned on',
  async (t) => {
    const { path, db: before } = olderDatabase(t, 14);
    before
      .prepare(
        "INSERT INTO admin_users (email, password_hash, created_at, updated_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
      )
      .run(TEST_ADMIN.email, await hashPassword(TEST_ADMIN.password));
    before.close();

    const server = await withServer(t, { dataDir: dirname(path) });
    const admin = new AdminClient(server.url);
    await admin.openPanel();
    const response = await admin.login(TEST_ADMIN.email, TEST_ADMIN.password);
    t.same(await response.json(), { ok: true }, 'the password alone signs in: no code step');
    t.equal((await admin.request('/admin/security')).status, 200, 'and reaches the screens');
    t.equal(
      server.app.db.prepare('SELECT count(*) FROM admin_recovery_codes').pluck().get(),
      0,
      'no recovery codes until a factor is on',
    );
  },
);

t.test('migration 18: enquiries from before it keep every value, with no source known', async (t) => {
  // Only 16 is assumed below it (17 is another change's).
  const { path, db: old } = olderDatabase(t, 16);
  old
    .prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at, product, country)
       VALUES ('Arjun Rao', '+91 98250 11111', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z', 'flanges', 'India')`,
    )
    .run();
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.ok((db.pragma('user_version', { simple: true }) as number) >= 18);
  t.same(
    db
      .prepare(
        'SELECT name, product, country, source_landing, source_referrer, utm_source, utm_medium, utm_campaign FROM enquiries',
      )
      .all(),
    [
      {
        name: 'Arjun Rao',
        product: 'flanges',
        country: 'India',
        source_landing: null,
        source_referrer: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
      },
    ],
  );
  t.equal(
    db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'enquiries_report'").pluck().get(),
    1,
    "the report's index",
  );
});

t.test(
  'migrations 22–24: older threads are ordered, counted in Awaiting us and searched; old answers are not mailed',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 21);
    const enquiry = old.prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at, awaiting, last_message_at)
       VALUES (?, '+91 98250 11111', 'Flanges', 'Please quote.', ?, ?, ?)`,
    );
    enquiry.run('Answered', '2026-01-01T00:00:00.000Z', 'us', '2026-01-05T00:00:00.000Z');
    enquiry.run('Newer, never listed by its thread', '2026-01-02T00:00:00.000Z', 'buyer', null);
    old
      .prepare(
        `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
         VALUES (1, 'received', 'old@buyer.example', 'b@buyer.example', 'sales@forge.test', 'Re: Flanges',
           'Please revise item 2.', '2026-01-05T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare("INSERT INTO enquiry_notes (enquiry_id, body, created_at) VALUES (2, 'Wants a sample first', 'x')")
      .run();
    old
      .prepare(
        "INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (2, 's', 'Flansch_RevC.pdf', 1, 'pdf', 'h')",
      )
      .run();
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.same(
      db
        .prepare(
          'SELECT id FROM enquiries INDEXED BY enquiries_inbox_latest WHERE trashed_at IS NULL AND spam_reason IS NULL ORDER BY last_message_at DESC',
        )
        .pluck()
        .all(),
      [1, 2],
      "by each thread's last message (an enquiry without one: its own time)",
    );
    t.equal(
      db.prepare("SELECT sum(n) FROM enquiry_counts WHERE view = 'awaiting'").pluck().get(),
      1,
      'Awaiting us counted',
    );
    const found = (term: string) =>
      db.prepare('SELECT rowid >> 32 FROM thread_search WHERE thread_search MATCH ?').pluck().all(`"${term}"`);
    t.same(found('REVISE ITEM'), [1], "a buyer's answer");
    t.same(found('sample first'), [2], 'a note');
    t.same(found('flansch_revc'), [2], "a file's name");
    t.equal(
      db.prepare('SELECT count(*) FROM enquiry_messages WHERE announced_at IS NULL').pluck().get(),
      0,
      'answers taken before the upgrade are not mailed now',
    );
    db.prepare('DELETE FROM enquiries WHERE id = 2').run();
    t.same(found('sample first'), [], 'a deleted enquiry leaves nothing in the index');
  },
);

t.test(
  'migration 25: enquiries from before it resend nothing; deleting the earlier one unlinks its resend',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 21);
    const insert = old.prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at, quantity)
     VALUES ('Jürgen Größmann', '+49 221 9876543', 'Flansch DN150', 'Angebot bitte.', ?, ?)`,
    );
    insert.run('2026-01-01T00:00:00.000Z', 100);
    insert.run('2026-01-01T00:00:01.000Z', 400);
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.same(db.prepare('SELECT quantity, resent_of FROM enquiries ORDER BY id').all(), [
      { quantity: 100, resent_of: null },
      { quantity: 400, resent_of: null },
    ]);
    db.prepare('UPDATE enquiries SET resent_of = 1 WHERE id = 2').run();
    db.prepare('DELETE FROM enquiries WHERE id = 1').run();
    t.same(db.prepare('SELECT id, resent_of FROM enquiries').all(), [{ id: 2, resent_of: null }], 'kept, unlinked');
  },
);

t.test('describeMigrations: one line for a start, its count, range and any unused number', async (t) => {
  const numbered = (...versions: number[]) => versions.map((version) => ({ version, name: `m${version}`, sql: '' }));
  t.equal(describeMigrations([]), undefined, 'nothing applied: no line');
  t.equal(describeMigrations(numbered(21)), 'database: 1 migration applied (21)');
  t.equal(describeMigrations(numbered(20, 21)), 'database: 2 migrations applied (20 to 21)');
  t.equal(describeMigrations(numbered(5, 7)), 'database: 2 migrations applied (5 to 7; number 6 was never used)');
  t.equal(
    describeMigrations(numbered(1, 4, 7)),
    'database: 3 migrations applied (1 to 7; numbers 2, 3, 5 and 6 were never used)',
  );
});

t.test('migration 28: an enquiry keeps the state of its replies not yet accepted by the mail server', async (t) => {
  const { path, db: old } = olderDatabase(t, 21);
  const enquiry = old.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at)
     VALUES ('Li Wei', '+86 138 0000 0000', ?, 'Please quote.', '2026-01-01T00:00:00.000Z')`,
  );
  const [failed, pending, sent] = ['Failed', 'Pending', 'Sent'].map((subject) =>
    Number(enquiry.run(subject).lastInsertRowid),
  );
  const reply = old.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at,
       send_status, send_error)
     VALUES (?, 'sent', ?, 'a@forge.test', 'li@buyer.example', 'Re', 'Offer', '2026-01-02T00:00:00.000Z', ?, ?)`,
  );
  reply.run(failed, 'f1@forge.test', 'sent', null);
  reply.run(failed, 'f2@forge.test', 'failed', 'connect ECONNREFUSED 127.0.0.1:25');
  reply.run(pending, 'p1@forge.test', 'pending', '451 Mailbox busy');
  reply.run(sent, 's1@forge.test', 'sent', null);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.same(db.prepare('SELECT subject, reply_status, reply_error FROM enquiries ORDER BY id').all(), [
    { subject: 'Failed', reply_status: 'failed', reply_error: 'connect ECONNREFUSED 127.0.0.1:25' },
    { subject: 'Pending', reply_status: 'pending', reply_error: '451 Mailbox busy' },
    { subject: 'Sent', reply_status: null, reply_error: null },
  ]);
});

t.test(
  'migration 30: old enquiries get the code of the country they name; unknown or ambiguous text stays as written',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 29);
    const insert = old.prepare(
      `INSERT INTO enquiries (name, phone, subject, message, country, created_at)
     VALUES ('Buyer', '+971 50 000 0000', 'RFQ', 'Please quote.', ?, '2026-01-01T00:00:00.000Z')`,
    );
    const written = ['UAE', 'United Arab Emirates', 'Emirates', 'U.A.E.', 'Deutschland', 'germany', 'Italia', 'KSA'];
    const unmapped = ['Congo', 'Europe', null];
    for (const country of [...written, ...unmapped]) insert.run(country);
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    t.same(
      db.prepare('SELECT country, country_code AS code FROM enquiries ORDER BY id').all(),
      [
        ...['AE', 'AE', 'AE', 'AE', 'DE', 'DE', 'IT', 'SA'].map((code, i) => ({ country: written[i], code })),
        ...unmapped.map((country) => ({ country, code: null })),
      ],
      "each keeps the buyer's text beside its code",
    );
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM enquiries INDEXED BY enquiries_country_code WHERE country_code = 'AE'",
      )
      .all() as { detail: string }[];
    t.match(plan[0]?.detail, /USING COVERING INDEX enquiries_country_code/, 'a country is found by its index');
  },
);

t.test('migration 32: whether a network sent enquiries outside Spam is found through an index', async (t) => {
  const { path, db: old } = olderDatabase(t, 29);
  const enquiry = old.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at, client_ip_hash, spam_reason)
     VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z', ?, ?)`,
  );
  enquiry.run('buyer', null);
  enquiry.run('spammer', 'The form was filled in 0.2 s, faster than a person can.');
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  const query = 'SELECT 1 FROM enquiries WHERE client_ip_hash = ? AND spam_reason IS NULL LIMIT 1';
  t.match(JSON.stringify(db.prepare(`EXPLAIN QUERY PLAN ${query}`).all('buyer')), 'USING INDEX enquiries_by_network');
  t.same(
    ['buyer', 'spammer', 'stranger'].map((network) => db.prepare(query).get(network) !== undefined),
    [true, false, false],
  );
  t.doesNotThrow(() => db.exec(migrations.find((migration) => migration.version === 32)!.sql), 'safe to run again');
});

t.test('migrations 36 and 37: the public languages and the translations, safe to run again', async (t) => {
  const { path, db: old } = olderDatabase(t, 35);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  db.prepare("INSERT INTO site_languages (code, published_at) VALUES ('de', '2026-11-28T08:00:00.000Z')").run();
  const translation = db.prepare(
    `INSERT INTO site_translations (lang, path, state, text, source, saved_at, actor)
     VALUES ('de', 'products.flanges.name', ?, 'Flansche', 'Flanges', '2026-11-28T08:00:00.000Z', 'owner@example.com')`,
  );
  translation.run('draft');
  translation.run('published');
  t.throws(() => translation.run('draft'), /UNIQUE/, 'one draft per language and field');
  t.throws(() => translation.run('old'), /CHECK/, 'a draft or published, nothing else');
  for (const version of [36, 37])
    t.doesNotThrow(
      () => db.exec(migrations.find((migration) => migration.version === version)!.sql),
      `${version} again`,
    );
  t.equal(db.prepare('SELECT count(*) AS n FROM site_translations').pluck().get(), 2, 'nothing lost');
});

t.test('migration 36: English is always public, another language once its row is in site_languages', async (t) => {
  const { db } = olderDatabase(t, 35);
  t.teardown(() => db.close());
  migrate(db, migrations);
  t.same(publishedLanguages(db), ['en']);
  db.prepare(
    "INSERT INTO site_languages (code, published_at) VALUES ('ar', 'now'), ('de', 'now'), ('xx', 'now')",
  ).run();
  t.same(publishedLanguages(db), ['en', 'de', 'ar'], 'in the site order, unknown codes ignored');
});

t.test('migration 39: mail kept aside belongs to its enquiry and goes with it; safe to run again', async (t) => {
  const { path, db: old } = olderDatabase(t, 35);
  old
    .prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at)
       VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
    )
    .run();
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  const keep = db.prepare(
    `INSERT OR IGNORE INTO mail_kept_aside (enquiry_id, message_id, sender, subject, kept_at, body)
     VALUES (1, 'c@x', 'colleague@buyer.example', 'Re [#1]', '2026-01-02T00:00:00.000Z', 'Me too.')`,
  );
  t.equal(keep.run().changes, 1);
  t.equal(keep.run().changes, 0, 'once per Message-ID');
  t.same(db.prepare('SELECT attachments FROM mail_kept_aside').pluck().all(), ['[]']);
  t.doesNotThrow(() => db.exec(migrations.find((migration) => migration.version === 39)!.sql), 'safe to run again');
  db.prepare('DELETE FROM enquiries WHERE id = 1').run();
  t.equal(db.prepare('SELECT count(*) FROM mail_kept_aside').pluck().get(), 0, 'removed with its enquiry');
});

t.test('migrations 40 and 41: deliveries go with their enquiry and their endpoint; safe to run again', async (t) => {
  const { path, db: old } = olderDatabase(t, 39);
  old
    .prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at)
       VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
    )
    .run();
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  db.prepare(
    `INSERT INTO webhook_endpoints (url, events, secret, created_at)
     VALUES ('https://hooks.example/in', '["enquiry.received"]', 'whsec_x', '2026-01-02T00:00:00.000Z')`,
  ).run();
  const deliver = db.prepare(
    `INSERT INTO deliveries (enquiry_id, channel, endpoint_id, event, next_at, created_at)
     VALUES (1, 'webhook', 1, 'enquiry.received', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
  );
  deliver.run();
  t.match(db.prepare('SELECT status, tries, data FROM deliveries').get(), { status: 'pending', tries: 0, data: '{}' });
  for (const version of [40, 41])
    t.doesNotThrow(
      () => db.exec(migrations.find((migration) => migration.version === version)!.sql),
      `${version} again`,
    );
  db.prepare('DELETE FROM webhook_endpoints').run();
  t.equal(db.prepare('SELECT count(*) FROM deliveries').pluck().get(), 0, 'removed with its endpoint');
  db.prepare(
    `INSERT INTO webhook_endpoints (id, url, secret, created_at) VALUES (1, 'https://h.example', 's', 'x')`,
  ).run();
  deliver.run();
  db.prepare('DELETE FROM enquiries WHERE id = 1').run();
  t.equal(db.prepare('SELECT count(*) FROM deliveries').pluck().get(), 0, 'removed with its enquiry');
});
t.test(
  'migrations 42 and 43: quotations go with their enquiry, their numbers stay counted; safe to run again',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 39);
    old
      .prepare(
        `INSERT INTO enquiries (name, phone, subject, message, created_at)
       VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    db.prepare('INSERT INTO quotation_numbers (year, last) VALUES (2026, 58)').run();
    db.prepare("INSERT INTO quotations (enquiry_id, number) VALUES (1, 'Q-2026-0058')").run();
    db.prepare(
      `INSERT INTO quotation_revisions (quotation_id, revision, draft, currency, subtotal, tax, total, saved_at, saved_by)
     VALUES (1, 1, '{}', 'USD', 100, 0, 100, '2026-01-02T00:00:00.000Z', 'owner')`,
    ).run();
    for (const version of [42, 43])
      t.doesNotThrow(
        () => db.exec(migrations.find((migration) => migration.version === version)!.sql),
        `${version} again`,
      );
    db.prepare('DELETE FROM enquiries WHERE id = 1').run();
    t.equal(db.prepare('SELECT count(*) FROM quotation_revisions').pluck().get(), 0, 'removed with its enquiry');
    t.equal(db.prepare('SELECT last FROM quotation_numbers').pluck().get(), 58, 'its number is never given again');
  },
);

t.test(
  'migration 46: what else a request tells, searched with its terms for enquiries from before it; rates above 0',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 43);
    old
      .prepare(
        `INSERT INTO enquiries (name, phone, subject, message, created_at, treatment, place)
       VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z', 'Normalised', 'Ningbo')`,
      )
      .run();
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    const found = (term: string) =>
      db.prepare('SELECT rowid FROM enquiry_search WHERE enquiry_search MATCH ?').pluck().all(`"${term}"`);
    t.same(found('normalised'), [1], 'an older enquiry is found by its delivery condition');
    db.prepare(
      "UPDATE enquiries SET inspector = 'Bureau Veritas', annual = 24000, price = 125050, currency = 'EUR' WHERE id = 1",
    ).run();
    t.same(found('veritas'), [1], 'and by the inspector once given');
    const rate = db.prepare("INSERT INTO report_rates (currency, rate, set_at) VALUES ('USD', ?, 'now')");
    t.throws(() => rate.run(0), /CHECK/, 'a rate is above 0');
    t.equal(rate.run(831250).changes, 1);
  },
);
t.test('migration 44: every enquiry before it was written in English', async (t) => {
  const { path, db: old } = olderDatabase(t, 43);
  old
    .prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at)
       VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
    )
    .run();
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.same(db.prepare('SELECT language FROM enquiries').pluck().all(), ['en']);
});
t.test("migration 50: the desk's covering index holds the language; safe to run again", async (t) => {
  const { path, db: old } = olderDatabase(t, 49);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.doesNotThrow(() => db.exec(migrations.find((migration) => migration.version === 50)!.sql), 'safe to run again');
  const columns = db.prepare("SELECT name FROM pragma_index_info('enquiries_desk')").pluck().all();
  t.equal(columns.at(-1), 'language');
  const plan = db
    .prepare("EXPLAIN QUERY PLAN SELECT id FROM enquiries INDEXED BY enquiries_desk WHERE language = 'de'")
    .all() as { detail: string }[];
  t.match(plan[0]!.detail, /COVERING INDEX enquiries_desk/, 'the language read from the index alone');
});
t.test('migration 48: a sign-in’s browser and network go with its audit row; safe to run again', async (t) => {
  const { path, db: old } = olderDatabase(t, 43);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  t.doesNotThrow(() => db.exec(migrations.find((migration) => migration.version === 48)!.sql), 'safe to run again');
  const { lastInsertRowid } = db
    .prepare("INSERT INTO audit_log (at, actor, action) VALUES ('2026-01-01T00:00:00.000Z', 'a@x', 'sign-in')")
    .run();
  db.prepare("INSERT INTO audit_seen_from VALUES (?, 'Chrome on Android', '203.0.113.0/24')").run(lastInsertRowid);
  db.prepare('DELETE FROM audit_log').run();
  t.equal(db.prepare('SELECT count(*) FROM audit_seen_from').pluck().get(), 0, 'pruned with its row');
});
t.test("migration 45: a revision's reply and the buyer's answer, checked, on an older database", async (t) => {
  const { db } = olderDatabase(t, 43);
  t.teardown(() => db.close());
  db.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at)
     VALUES ('Li Wei', '+86 138 0000 0000', 'Flanges', 'Please quote.', '2026-01-01T00:00:00.000Z')`,
  ).run();
  db.prepare("INSERT INTO quotations (enquiry_id, number) VALUES (1, 'Q-2026-0058')").run();
  db.prepare(
    `INSERT INTO quotation_revisions (quotation_id, revision, draft, currency, subtotal, tax, total, saved_at, saved_by)
     VALUES (1, 1, '{}', 'USD', 100, 0, 100, '2026-01-02T00:00:00.000Z', 'owner')`,
  ).run();
  migrate(db, migrations);
  t.match(db.prepare('SELECT reply_id, answer, po_number FROM quotation_revisions').get(), {
    reply_id: null,
    answer: null,
    po_number: null,
  });
  const answer = db.prepare('UPDATE quotation_revisions SET answer = ?, answered_at = ?, po_number = ?');
  t.doesNotThrow(() => answer.run('accepted', '2026-01-03T00:00:00.000Z', 'PO-1'), 'accepted');
  t.throws(() => answer.run('maybe', null, null), /CHECK/, 'accepted or declined, nothing else');
});

t.test(
  'migration 49: each notification and acknowledgement moves to the outbox with its state; safe to run again',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 43);
    const enquiry = old.prepare(
      `INSERT INTO enquiries (name, phone, subject, message, created_at, notify_status, notify_error, notify_tries,
       notify_next_at)
     VALUES ('Li Wei', '+86 138 0000 0000', ?, 'Please quote.', '2026-01-01T00:00:00.000Z', ?, ?, ?, ?)`,
    );
    enquiry.run('Pending', 'pending', '451 Mailbox busy', 2, '2026-01-01T00:05:00.000Z');
    enquiry.run('Failed', 'failed', 'connect ECONNREFUSED 127.0.0.1:25', 6, null);
    enquiry.run('Sent', 'sent', null, 1, null);
    enquiry.run('None', null, null, 0, null);
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    const moved = db.prepare(
      `SELECT e.subject, d.status, d.error, d.tries, d.next_at, d.event FROM deliveries d
     JOIN enquiries e ON e.id = d.enquiry_id WHERE d.channel = 'notification' ORDER BY e.id`,
    );
    const expected = [
      {
        subject: 'Pending',
        status: 'pending',
        error: '451 Mailbox busy',
        tries: 2,
        next_at: '2026-01-01T00:05:00.000Z',
        event: 'enquiry.received',
      },
      {
        subject: 'Failed',
        status: 'failed',
        error: 'connect ECONNREFUSED 127.0.0.1:25',
        tries: 6,
        next_at: null,
        event: 'enquiry.received',
      },
      { subject: 'Sent', status: 'sent', error: null, tries: 1, next_at: null, event: 'enquiry.received' },
    ];
    t.same(moved.all(), expected, 'the pending one keeps its next attempt; none made for an enquiry without');
    t.doesNotThrow(() => db.exec(migrations.find((migration) => migration.version === 49)!.sql), 'again');
    t.same(moved.all(), expected, 'run again: nothing doubled');
  },
);

t.test('migration 49: a pending acknowledgement keeps its next attempt; a sent one its time', async (t) => {
  const { path, db: old } = olderDatabase(t, 43);
  const enquiry = old.prepare(
    `INSERT INTO enquiries (name, phone, email, subject, message, created_at, ack_status, ack_error, ack_tries,
       ack_next_at, ack_sent_at)
     VALUES ('Li Wei', '+86 138 0000 0000', 'li@buyer.example', ?, 'Please quote.', '2026-01-01T00:00:00.000Z',
       ?, ?, ?, ?, ?)`,
  );
  enquiry.run('Pending', 'pending', '451 Mailbox busy', 1, '2026-01-01T00:01:00.000Z', null);
  enquiry.run('Sent', 'sent', null, 1, null, '2026-01-01T00:00:05.000Z');
  enquiry.run('None', null, null, 0, null, null);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  const moved = db.prepare(
    `SELECT e.subject, d.status, d.error, d.tries, d.next_at, d.sent_at FROM deliveries d
     JOIN enquiries e ON e.id = d.enquiry_id WHERE d.channel = 'acknowledgement' ORDER BY e.id`,
  );
  const expected = [
    {
      subject: 'Pending',
      status: 'pending',
      error: '451 Mailbox busy',
      tries: 1,
      next_at: '2026-01-01T00:01:00.000Z',
      sent_at: null,
    },
    { subject: 'Sent', status: 'sent', error: null, tries: 1, next_at: null, sent_at: '2026-01-01T00:00:05.000Z' },
  ];
  t.same(moved.all(), expected);
  db.exec(migrations.find((migration) => migration.version === 49)!.sql);
  t.same(moved.all(), expected, 'run again: nothing doubled');
});

t.test(
  'migration 52: our files are those only replies carried; drafts go with their enquiry; safe to run again',
  async (t) => {
    const { path, db: old } = olderDatabase(t, 49);
    const enquiry = oneEnquiry(old);
    const file = old.prepare(
      `INSERT INTO enquiry_files (enquiry_id, stored_name, name, size, type, sha256) VALUES (?, ?, ?, 1, 'pdf', 'x')`,
    );
    const [drawing, offer, answer] = ['drawing', 'offer', 'answer'].map((name) =>
      Number(file.run(enquiry, `${name}.pdf`, `${name}.pdf`).lastInsertRowid),
    );
    const message = old.prepare(
      `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at)
     VALUES (?, ?, ?, 'a@x', 'b@x', 'Re', 'Text', '2026-01-02T00:00:00.000Z')`,
    );
    const sent = Number(message.run(enquiry, 'sent', 'sent@x').lastInsertRowid);
    const received = Number(message.run(enquiry, 'received', 'received@x').lastInsertRowid);
    const link = old.prepare('INSERT INTO enquiry_message_files (message_id, file_id) VALUES (?, ?)');
    link.run(sent, offer!);
    link.run(received, answer!);
    old.close();
    const db = openDatabase(path);
    t.teardown(() => db.close());
    const ours = () => db.prepare('SELECT file_id FROM files_sent_by_us ORDER BY file_id').pluck().all();
    t.same(ours(), [offer], "the file only a reply carried is ours; the buyer's are not");
    t.notOk(ours().includes(drawing), 'nor the enquiry’s drawing');
    db.exec(migrations.find((migration) => migration.version === 52)!.sql);
    t.same(ours(), [offer], 'run again: nothing doubled');
    db.prepare(
      "INSERT INTO reply_drafts (enquiry_id, body, saved_by, saved_at) VALUES (?, 'Dear Li', 'a@x', 'now')",
    ).run(enquiry);
    db.prepare('DELETE FROM enquiries WHERE id = ?').run(enquiry);
    t.equal(db.prepare('SELECT count(*) FROM reply_drafts').pluck().get(), 0, 'the draft goes with its enquiry');
  },
);

t.test('migration 53: each reply keeps its delivery in the outbox; it goes with its reply', async (t) => {
  const { path, db: old } = olderDatabase(t, 52);
  const enquiry = oneEnquiry(old);
  const message = old.prepare(
    `INSERT INTO enquiry_messages (enquiry_id, direction, message_id, sender, recipient, subject, body, created_at,
       send_status, send_error, send_tries, send_next_at, sent_at)
     VALUES (?, ?, ?, 'a@x', 'b@x', 'Re', 'Text', '2026-01-02T00:00:00.000Z', ?, ?, ?, ?, ?)`,
  );
  const pending = message.run(
    enquiry,
    'sent',
    'p@x',
    'pending',
    '451 Mailbox busy',
    1,
    '2026-01-02T00:01:00.000Z',
    null,
  );
  message.run(enquiry, 'sent', 's@x', 'sent', null, 1, null, '2026-01-02T00:00:05.000Z');
  message.run(enquiry, 'sent', 'f@x', 'failed', '550 No such user', 6, null, null);
  message.run(enquiry, 'received', 'r@x', null, null, 0, null, null);
  old.close();
  const db = openDatabase(path);
  t.teardown(() => db.close());
  const moved = () =>
    db
      .prepare(
        `SELECT m.message_id, d.enquiry_id, d.event, d.status, d.error, d.tries, d.next_at, d.sent_at
         FROM deliveries d JOIN enquiry_messages m ON m.id = d.reply_id WHERE d.channel = 'reply' ORDER BY d.id`,
      )
      .all();
  t.same(moved(), [
    {
      message_id: 'p@x',
      enquiry_id: enquiry,
      event: 'reply.sent',
      status: 'pending',
      error: '451 Mailbox busy',
      tries: 1,
      next_at: '2026-01-02T00:01:00.000Z',
      sent_at: null,
    },
    {
      message_id: 's@x',
      enquiry_id: enquiry,
      event: 'reply.sent',
      status: 'sent',
      error: null,
      tries: 1,
      next_at: null,
      sent_at: '2026-01-02T00:00:05.000Z',
    },
    {
      message_id: 'f@x',
      enquiry_id: enquiry,
      event: 'reply.sent',
      status: 'failed',
      error: '550 No such user',
      tries: 6,
      next_at: null,
      sent_at: null,
    },
  ]);
  db.prepare('DELETE FROM enquiry_messages WHERE id = ?').run(pending.lastInsertRowid);
  t.equal(db.prepare('SELECT count(*) FROM deliveries').pluck().get(), 2, 'a delivery goes with its reply');
  t.throws(
    () =>
      db
        .prepare(
          "INSERT INTO deliveries (enquiry_id, reply_id, channel, event, created_at) SELECT enquiry_id, reply_id, 'reply', 'reply.sent', 'now' FROM deliveries LIMIT 1",
        )
        .run(),
    /UNIQUE/,
    'one delivery per reply',
  );
});
