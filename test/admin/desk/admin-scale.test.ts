import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import { ADMIN_PAGE_SIZE, type EnquiryList } from '../../../shared/admin/desk.js';
import { AdminClient, TEST_ADMIN } from '../../helpers/admin-client.js';
import { withDataDir, withServer, type TestServer } from '../../helpers/server.js';

const ROWS = 50_000;
const ADMIN = TEST_ADMIN;

// Fill the database before the server starts: 50,000 enquiries, one in ten about flanges.
const dataDir = withDataDir(t);
let server: TestServer;
const client = () => {
  const admin = new AdminClient(server.url);
  return admin.signIn(ADMIN.email, ADMIN.password).then(() => admin);
};

t.before(async () => {
  server = await withServer(t, { env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, dataDir });
  const db = new Database(join(dataDir, 'forge.db'));
  const insert = db.prepare(
    `INSERT INTO enquiries (name, email, phone, subject, message, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const start = Date.parse('2025-01-01T00:00:00Z');
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) {
      insert.run(
        `Buyer ${i}`,
        `buyer${i}@example.com`,
        `+91 98${String(i).padStart(8, '0')}`,
        i % 10 === 0 ? `Flanges lot ${i}` : `Gear blanks lot ${i}`,
        `Message ${i}`,
        new Date(start + i * 60_000).toISOString(),
      );
    }
  })();
  db.close();
});

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await work();
  t.comment(`${label}: ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)} ms`);
  return result;
}

t.test(`the list stays usable with ${ROWS} enquiries`, async (t) => {
  const admin = await client();
  const first = await timed(
    'first page',
    async () => (await admin.request('/admin/api/enquiries')).json() as Promise<EnquiryList>,
  );
  t.equal(first.total, ROWS);
  t.equal(first.enquiries.length, ADMIN_PAGE_SIZE);
  t.equal(first.enquiries[0]!.name, `Buyer ${ROWS - 1}`, 'newest first');
  const second = (await (await admin.request(`/admin/api/enquiries?after=${first.next}`)).json()) as EnquiryList;
  t.equal(second.enquiries[0]!.name, `Buyer ${ROWS - 1 - ADMIN_PAGE_SIZE}`, 'the next page follows on');

  const search = await timed(
    'search "FLANGES"',
    async () => (await admin.request('/admin/api/enquiries?q=FLANGES')).json() as Promise<EnquiryList>,
  );
  t.equal(search.filtered, ROWS / 10);
  const html = await timed('panel page', async () => (await admin.request('/admin')).text());
  t.ok(html.includes(`Export to CSV (${ROWS})`));
});

t.test(`CSV export of ${ROWS} enquiries streams every row`, async (t) => {
  const admin = await client();
  const csv = await timed('full export', async () => (await admin.request('/admin/export.csv')).text());
  t.equal(csv.split('\r\n').filter(Boolean).length, ROWS + 1);
  const filtered = await timed('filtered export', async () =>
    (await admin.request('/admin/export.csv?q=flanges')).text(),
  );
  t.equal(filtered.split('\r\n').filter(Boolean).length, ROWS / 10 + 1);
});
