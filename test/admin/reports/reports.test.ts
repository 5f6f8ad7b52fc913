import Database from 'better-sqlite3';
import { join } from 'node:path';
import t from 'tap';
import type { AdminReportsPage } from '../../../shared/admin/reports.js';
import { reportPeriod } from '../../../shared/admin/reports.js';
import { reportSql } from '../../../server/admin/desk/report-reads.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { testClock } from '../../helpers/clock.js';
import { withServer } from '../../helpers/server.js';
import { postQuote, quoteForm } from '../../helpers/drawings.js';
import { makeEnquiry } from '../../helpers/enquiry.js';
import type { EnquiryList } from '../../../shared/admin/desk.js';

/**
 * The Reports page (issue #23): a period's enquiries by source, product and country, with how many
 * reached Quoted (stage Quoted or Won) and Won, Spam and Trash left out; the days are the site's
 * (Asia/Kolkata); the grouping reads one covering index.
 */

type Seed = [
  createdAt: string,
  status: string,
  utmSource: string | null,
  referrer: string | null,
  product: string | null,
  country: string | null,
  where?: 'spam' | 'trash',
];
const SEEDS: Seed[] = [
  ['2026-03-01T00:00:00Z', 'new', 'LinkedIn', null, 'flanges', 'India'],
  ['2026-03-05T10:00:00Z', 'quoted', 'linkedin', null, 'flanges', 'india'],
  ['2026-03-10T10:00:00Z', 'won', 'linkedin', 'www.linkedin.com', 'auto-parts', 'Germany'],
  // 23:59:59 on 31 March in India: in March.
  ['2026-03-31T18:29:59Z', 'lost', 'linkedin', null, null, null],
  ['2026-03-12T10:00:00Z', 'won', null, 'www.google.com', 'flanges', 'Germany'],
  ['2026-03-13T10:00:00Z', 'open', null, 'www.google.com', null, 'India'],
  ['2026-03-14T10:00:00Z', 'new', null, null, 'flanges', 'India'],
  ['2026-03-15T10:00:00Z', 'new', null, null, null, null],
  ['2026-03-16T10:00:00Z', 'quoted', null, null, 'flanges', 'UAE'],
  // Not counted: Spam, Trash, and the minutes either side of March in India.
  ['2026-03-17T10:00:00Z', 'won', 'linkedin', null, 'flanges', 'India', 'spam'],
  ['2026-03-18T10:00:00Z', 'quoted', null, 'www.google.com', 'flanges', 'India', 'trash'],
  ['2026-03-31T18:30:00Z', 'new', 'linkedin', null, 'flanges', 'India'],
  ['2026-02-28T18:29:59Z', 'new', 'linkedin', null, 'flanges', 'India'],
];

function seed(databasePath: string, seeds: Seed[]) {
  const db = new Database(databasePath);
  const insert = db.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at, status, utm_source, source_referrer, product, country,
       spam_reason, spam_at, trashed_at)
     VALUES ('Buyer', '+91 98250 12345', 'Flanges', 'Please quote.', @createdAt, @status, @utmSource, @referrer, @product,
       @country, @spam, @spamAt, @trashedAt)`,
  );
  db.transaction(() => {
    for (const [createdAt, status, utmSource, referrer, product, country, where] of seeds)
      insert.run({
        createdAt,
        status,
        utmSource,
        referrer,
        product,
        country,
        spam: where === 'spam' ? 'test' : null,
        spamAt: where === 'spam' ? createdAt : null,
        trashedAt: where === 'trash' ? createdAt : null,
      });
  })();
  db.close();
}

/** The page data of /admin/reports with this query. */
async function reportPage(admin: AdminClient, query: string) {
  const response = await admin.request(`/admin/reports${query}`);
  const html = await response.text();
  const json = /<script id="bootstrap-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return { response, html, page: (JSON.parse(json!) as { pageData: { admin: AdminReportsPage } }).pageData.admin };
}

const row = (label: string, enquiries: number, quoted: number, won: number) => ({ label, enquiries, quoted, won });

t.test('signed out, the Reports page sends to the sign-in form', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const answer = await server.fetch('/admin/reports?from=2026-03-01&to=2026-03-31');
  t.equal(answer.status, 303);
  t.equal(answer.headers.get('location'), '/admin');
  t.equal((await server.fetch('/admin/reports', { headers: { accept: 'application/json' } })).status, 303);
});

t.test("a period's enquiries by source, product and country, with exact counts and rates", async (t) => {
  const clock = testClock();
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false, clock });
  seed(join(server.dataDir, 'forge.db'), SEEDS);
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const { response, html, page } = await reportPage(admin, '?from=2026-03-01&to=2026-03-31');
  t.equal(response.status, 200);
  t.equal(response.headers.get('cache-control'), 'no-store');
  t.same(page.period, { from: '2026-03-01', to: '2026-03-31' });
  t.same(page.report.total, row('All enquiries', 9, 4, 2), 'Spam, Trash and the days outside are left out');
  t.same(page.report.bySource, [
    row('linkedin', 4, 2, 1),
    row('Direct or unknown', 3, 1, 0),
    row('www.google.com', 2, 1, 1),
  ]);
  t.same(page.report.byProduct, [row('Flanges', 5, 3, 1), row('Not given', 3, 0, 0), row('Auto Parts', 1, 1, 1)]);
  t.same(page.report.byCountry, [
    row('India', 4, 1, 0),
    row('Germany', 2, 2, 2),
    row('Not given', 2, 0, 0),
    row('UAE', 1, 1, 0),
  ]);
  // The rates beside the counts, in a real table, and each report as an image with a text alternative.
  const has = (text: string, what: string) => t.ok(html.includes(text), what);
  has(
    '<th scope="row">linkedin</th><td>4</td><td>2 <span class="report-rate">(50%)</span></td><td>1 <span class="report-rate">(25%)</span></td>',
    'a row: its counts, each with its rate',
  );
  has(
    '<th scope="row">www.google.com</th><td>2</td><td>1 <span class="report-rate">(50%)</span></td><td>1 <span class="report-rate">(50%)</span></td>',
    'another row',
  );
  t.equal(html.match(/<svg[^>]* role="img"/g)?.length, 4, 'three reports and the weekly chart, each an image');
  has('linkedin: 4 enquiries, 2 (50%) reached Quoted, 1 (25%) won;', "the chart's text alternative");
  has(
    '<strong>1 Mar 2026 to 31 Mar 2026: 9 enquiries</strong>, of which 4 (44%) reached Quoted and 2 (22%) were won.',
    'the summary',
  );
  has('Enquiries per week, last 12 weeks', "the desk's charts are here");
  has('<a href="/admin/reports" aria-current="page">Reports</a>', 'Reports is the current screen');

  const day = await reportPage(admin, '?from=2026-03-31&to=2026-03-31');
  t.same(day.page.report.total, row('All enquiries', 1, 0, 0), 'one day: to its last second in India');
  const reversed = await reportPage(admin, '?from=2026-03-31&to=2026-03-01');
  t.same(reversed.page.period, { from: '2026-03-01', to: '2026-03-31' }, 'days the wrong way round are put in order');
  t.equal((await admin.request('/admin/reports?from=2026-02-30')).status, 400, 'a day that does not exist');

  const empty = await reportPage(admin, '?from=2025-01-01&to=2025-01-31');
  t.same(empty.page.report.bySource, []);
  t.ok(empty.html.includes('No enquiries in this period.'));
});

t.test('the last 90 days by default, in the site time zone, with the presets', async (t) => {
  const clock = testClock();
  // 00:30 on 1 April in India is still 31 March in UTC.
  clock.advance(Date.parse('2026-03-31T19:00:00Z') - clock.now());
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false, clock });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page, html } = await reportPage(admin, '');
  t.same(page.period, { from: '2026-01-02', to: '2026-04-01' });
  t.same(page.presets, [
    { label: 'Last 30 days', from: '2026-03-03', to: '2026-04-01' },
    { label: 'Last 90 days', from: '2026-01-02', to: '2026-04-01' },
    { label: 'Last 12 months', from: '2025-04-02', to: '2026-04-01' },
  ]);
  t.match(html, /<a href="\/admin\/reports\?from=2026-01-02&amp;to=2026-04-01" aria-current="true">Last 90 days<\/a>/);
  t.match(html, /<legend>Period<\/legend><p[^>]*>Whole days, midnight to midnight by the time in Kolkata\.<\/p>/);
  t.same(reportPeriod({ from: '2026-03-01' }, '2026-04-01'), { from: '2026-03-01', to: '2026-04-01' });
  t.same(reportPeriod({ to: '2026-03-01' }, '2026-04-01'), { from: '2025-12-02', to: '2026-03-01' });
});

t.test('at 100,000 enquiries each report reads the covering index alone (EXPLAIN QUERY PLAN)', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const databasePath = join(server.dataDir, 'forge.db');
  const db = new Database(databasePath);
  t.teardown(() => db.close());
  const insert = db.prepare(
    `INSERT INTO enquiries (name, phone, subject, message, created_at, status, utm_source, source_referrer, product, country)
     VALUES ('B', '+91 98250 12345', 'S', 'M', ?, ?, ?, ?, ?, ?)`,
  );
  const stages = ['new', 'open', 'quoted', 'won', 'lost'];
  // The same sources counted here, one by one.
  const counted = new Map<string, ReturnType<typeof row>>();
  for (let i = 0; i < 100_000; i++) {
    const label = i % 3 === 0 ? 'linkedin' : i % 4 === 0 ? 'www.google.com' : 'Direct or unknown';
    const sum = counted.get(label) ?? row(label, 0, 0, 0);
    sum.enquiries++;
    if (stages[i % 5] === 'quoted' || stages[i % 5] === 'won') sum.quoted++;
    if (stages[i % 5] === 'won') sum.won++;
    counted.set(label, sum);
  }
  const expected = [...counted.values()].sort((a, b) => b.enquiries - a.enquiries);
  const start = Date.parse('2025-06-01T00:00:00Z');
  // Without the search index's trigger while filling (it triples the time; nothing here searches).
  const searchTrigger = db
    .prepare<[], string>("SELECT sql FROM sqlite_master WHERE name = 'enquiry_search_insert'")
    .pluck()
    .get()!;
  db.exec('DROP TRIGGER enquiry_search_insert');
  let started = performance.now();
  db.transaction(() => {
    for (let i = 0; i < 100_000; i++)
      insert.run(
        new Date(start + i * 5 * 60_000).toISOString(),
        stages[i % 5],
        i % 3 === 0 ? 'linkedin' : null,
        i % 4 === 0 ? 'www.google.com' : null,
        i % 2 ? 'flanges' : null,
        ['India', 'Germany', 'UAE', null][i % 4],
      );
  })();
  t.comment(`100,000 enquiries inserted in ${Math.round(performance.now() - started)} ms`);
  db.exec(searchTrigger);
  db.exec('ANALYZE');
  // As SQLite does over time: the bulk insert's WAL copied into the file.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const params = { since: '2025-09-01T00:00:00.000Z', until: '2025-12-01T00:00:00.000Z' };
  for (const group of ['bySource', 'byProduct', 'byCountry'] as const) {
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${reportSql(group)}`).all(params) as { detail: string }[]).map(
      (step) => step.detail,
    );
    t.ok(
      plan.some((step) =>
        /^SEARCH enquiries USING COVERING INDEX enquiries_report \(created_at>\? AND created_at<\?\)$/.test(step),
      ),
      `${group}: ${plan.join(' / ')}`,
    );
    t.notOk(
      plan.some((step) => /^SCAN enquiries\b/.test(step)),
      `${group}: no scan of the table`,
    );
    const read = performance.now();
    db.prepare(reportSql(group)).all(params);
    t.comment(`${group}, three months of 100,000: ${Math.round(performance.now() - read)} ms`);
  }
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await reportPage(admin, '?from=2025-06-01&to=2025-06-01'); // the reader thread started
  started = performance.now();
  const { page } = await reportPage(admin, '?from=2025-06-01&to=2026-05-31');
  t.comment(`the Reports page over 100,000 enquiries (the whole year): ${Math.round(performance.now() - started)} ms`);
  t.equal(page.report.total.enquiries, 100_000);
  t.same(page.report.bySource, expected);
});

t.test(
  'one country, one name (issue #35): as buyers write it, found by any of its names, one line in Reports',
  async (t) => {
    const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '100000' }, listen: false });
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const written = [
      ...['UAE', 'United Arab Emirates', 'Emirates', 'U.A.E.'],
      ...['Germany', 'Germany', 'germany', 'Germany', 'Deutschland'],
      ...['Italy', 'Italia', 'KSA', 'Saudi Arabia', 'USA', 'United States', 'Europe'],
    ];
    // The form as a browser without JavaScript sends it: the country is free text.
    for (const country of written)
      t.equal((await postQuote(server.url, quoteForm(makeEnquiry({ country })))).status, 303, `sent: ${country}`);

    const found = async (query: string) =>
      ((await (await admin.request(`/admin/api/enquiries?q=${encodeURIComponent(query)}`)).json()) as EnquiryList)
        .enquiries;
    const emirati = await found('UAE');
    t.same(
      emirati.map(({ country }) => country).sort(),
      ['Emirates', 'U.A.E.', 'UAE', 'United Arab Emirates'],
      '"UAE" finds the 4 Emirati buyers, whatever they wrote, and keeps what they wrote',
    );
    t.ok(
      emirati.every(({ countryCode }) => countryCode === 'AE'),
      'each stored with its code',
    );
    t.equal((await found('Deutschland')).length, 5, 'any name of a country finds all its buyers');
    t.equal((await found('ksa')).length, 2, 'in any case');

    const { page } = await reportPage(admin, '');
    t.same(
      page.report.byCountry,
      [
        row('Germany', 5, 0, 0),
        row('United Arab Emirates', 4, 0, 0),
        row('Italy', 2, 0, 0),
        row('Saudi Arabia', 2, 0, 0),
        row('United States', 2, 0, 0),
        row('Europe', 1, 0, 0),
      ],
      'one line per country; text that names no one country is counted as written',
    );

    const german = (await found('Deutschland')).find(({ country }) => country === 'Deutschland')!;
    const desk = await (await admin.request('/admin?q=Deutschland')).text();
    t.match(desk, /<span class="inbox-row__country">(<mark>)?Germany/, 'the desk row shows the display name');
    const enquiryPage = await (await admin.request(`/admin/enquiries/${german.id}`)).text();
    t.ok(
      enquiryPage.includes('Germany (written “Deutschland”)'),
      'the enquiry page shows it, with what the buyer wrote',
    );
    const csv = await (await admin.request('/admin/export.csv?q=Deutschland')).text();
    t.equal(csv.match(/,"Germany",/g)?.length, 5, 'the CSV shows the display name');
  },
);

/** Quotations as the desk sends them: [enquiry, number, revision, currency, total in minor units, sent at, answer, answered at]. */
type SentSeed = [number, string, number, string, number, string | null, string | null, string | null];

function seedQuotations(databasePath: string, revisions: SentSeed[]) {
  const db = new Database(databasePath);
  // Migration 45 (Accept/Decline online) adds the buyer's answer; until it lands here, the test adds its columns.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(quotation_revisions)').all();
  if (!columns.some((column) => column.name === 'answer'))
    db.exec(
      'ALTER TABLE quotation_revisions ADD COLUMN answer TEXT; ALTER TABLE quotation_revisions ADD COLUMN answered_at TEXT',
    );
  const quotation = db.prepare('INSERT OR IGNORE INTO quotations (enquiry_id, number) VALUES (?, ?)');
  const revision = db.prepare(
    `INSERT INTO quotation_revisions (quotation_id, revision, draft, currency, subtotal, tax, total, saved_at, saved_by,
       sent_at, answer, answered_at)
     VALUES ((SELECT id FROM quotations WHERE number = ?), ?, '{}', ?, ?, 0, ?, '2026-03-01T00:00:00Z', 'owner', ?, ?, ?)`,
  );
  for (const [enquiry, number, n, currency, total, sentAt, answer, answeredAt] of revisions) {
    quotation.run(enquiry, number);
    revision.run(number, n, currency, total, total, sentAt, answer, answeredAt);
  }
  db.close();
}

t.test(
  'Reports follow the money: quoted and won by month, in each currency and in INR at the rates entered; the CSV',
  async (t) => {
    const server = await withServer(t, { env: TEST_ADMIN_ENV, listen: false, clock: testClock() });
    const path = join(server.dataDir, 'forge.db');
    seed(path, [
      ['2026-03-01T04:30:00Z', 'won', 'LinkedIn', null, 'flanges', 'Germany'],
      ['2026-03-02T04:30:00Z', 'quoted', null, 'www.google.com', 'auto-parts', 'India'],
      ['2026-03-03T04:30:00Z', 'lost', null, null, 'flanges', 'UAE'],
      ['2026-03-03T04:30:00Z', 'won', null, null, 'flanges', 'UAE', 'spam'],
    ]);
    seedQuotations(path, [
      [1, 'Q-2026-0001', 1, 'USD', 100000, '2026-03-02T04:30:00Z', null, null],
      // The latest sent revision counts, once; the enquiry's stage is Won: won with it.
      [1, 'Q-2026-0001', 2, 'USD', 120050, '2026-03-05T04:30:00Z', null, null],
      // Accepted online: won in the month of the answer, whatever the stage; its draft R2 was never sent.
      [2, 'Q-2026-0002', 1, 'EUR', 50000, '2026-03-04T04:30:00Z', 'accepted', '2026-04-02T04:30:00Z'],
      [2, 'Q-2026-0002', 2, 'EUR', 45000, null, null, null],
      [3, 'Q-2026-0003', 1, 'INR', 9999999, '2026-04-01T04:30:00Z', null, null],
      [4, 'Q-2026-0004', 1, 'USD', 500000, '2026-03-04T04:30:00Z', null, null],
    ]);
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await admin.openPanel();
    const postRates = (rates: Record<string, string>) =>
      admin.request('/admin/reports/rates', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          _csrf: admin.csrfToken,
          from: '2026-03-01',
          to: '2026-04-30',
          ...rates,
        }).toString(),
      });

    const refused = await postRates({ 'rate-USD': '83.33', 'rate-AED': '22.5x' });
    t.equal(refused.status, 400, 'a rate that is not a number is refused');
    t.match(await refused.text(), /The rate for AED must be a number greater than 0 with up to 4 decimals/);
    const saved = await postRates({ 'rate-USD': '83.33', 'rate-EUR': '90.125', 'rate-GBP': '', 'rate-AED': '' });
    t.equal(saved.status, 303);
    t.equal(saved.headers.get('location'), '/admin/reports?from=2026-03-01&to=2026-04-30&done=rates#report-money');
    const stored = new Database(path, { readonly: true });
    t.same(
      stored.prepare('SELECT currency, rate FROM report_rates ORDER BY currency').all(),
      [
        { currency: 'EUR', rate: 901250 },
        { currency: 'USD', rate: 833300 },
      ],
      'stored in ten-thousandths; the refused form changed nothing',
    );
    stored.close();

    const { page, html } = await reportPage(admin, '?from=2026-03-01&to=2026-04-30&done=rates');
    t.ok(html.includes('Rates saved.'));
    t.same(page.money.byCurrency, [
      { month: '2026-03', currency: 'EUR', quoted: 50000, won: 0 },
      { month: '2026-03', currency: 'USD', quoted: 120050, won: 120050 },
      { month: '2026-04', currency: 'EUR', quoted: 0, won: 50000 },
      { month: '2026-04', currency: 'INR', quoted: 9999999, won: 0 },
    ]);
    // USD 1,200.50 × 83.33 = INR 1,00,037.665: half a paisa, rounded up once.
    t.same(page.money.inr, [
      { month: '2026-03', quoted: 10003767 + 4506250, won: 10003767, unrated: [] },
      { month: '2026-04', quoted: 9999999, won: 4506250, unrated: [] },
    ]);
    const day = 86_400_000;
    t.same(page.money.total, {
      label: 'total',
      quoted: 3,
      won: 2,
      quotedInr: 10003767 + 4506250 + 9999999,
      wonInr: 10003767 + 4506250,
      medianToQuote: 2 * day,
    });
    const money = (label: string, quoted: number, won: number, quotedInr: number, wonInr: number, days: number) => ({
      label,
      quoted,
      won,
      quotedInr,
      wonInr,
      medianToQuote: days * day,
    });
    t.same(page.money.byProduct, [
      money('Flanges', 2, 1, 10003767 + 9999999, 10003767, 15),
      money('Auto Parts', 1, 1, 4506250, 4506250, 2),
    ]);
    t.same(page.money.byCountry, [
      money('Germany', 1, 1, 10003767, 10003767, 1),
      money('India', 1, 1, 4506250, 4506250, 2),
      money('UAE', 1, 0, 9999999, 0, 29),
    ]);
    t.same(
      page.money.bySource.map((row) => row.label),
      ['linkedin', 'www.google.com', 'Direct or unknown'],
    );
    t.ok(
      html.includes('3 quotations sent, 2 won (win rate 67%); median time from enquiry to first quotation: 2 days.'),
    );
    t.ok(html.includes('<td>INR 1,45,100.17</td>'), 'March quoted in INR, in lakhs');

    const csv = await admin.request('/admin/reports/quotations.csv?from=2026-03-01&to=2026-04-30');
    t.equal(csv.status, 200);
    t.equal(csv.headers.get('content-disposition'), 'attachment; filename="quotations_2026-03-01_2026-04-30.csv"');
    t.same(
      (await csv.text()).split('\r\n'),
      [
        '"Number","Revision","Enquiry","Buyer","Country","Currency","Total","Sent","Answer"',
        '"Q-2026-0001","R1","#1","Buyer","Germany","USD","1000.00","2026-03-02 10:00",""',
        '"Q-2026-0001","R2","#1","Buyer","Germany","USD","1200.50","2026-03-05 10:00","won"',
        '"Q-2026-0002","R1","#2","Buyer","India","EUR","500.00","2026-03-04 10:00","accepted"',
        '"Q-2026-0003","R1","#3","Buyer","UAE","INR","99999.99","2026-04-01 10:00",""',
        '',
      ],
      'each revision sent in the period, Spam left out',
    );
  },
);
