import t, { type Test } from 'tap';
import {
  CURRENCY_CODES,
  formatMoney,
  lineTotal,
  parseScaled,
  taxOn,
  type Currency,
} from '../../shared/quotations/money.js';
import { priceQuotation, type QuotationDraft } from '../../shared/quotations/quotation.js';
import { revisionChanges, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { amountInWords } from '../../shared/quotations/amount-in-words.js';
import { openQuotationLink, sealQuotationLink } from '../../server/quotations/quotation-link.js';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { SUCCESS_MESSAGE } from '../../shared/enquiry/messages.js';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { createQuotationStore } from '../../server/quotations/quotation-store.js';
import { openDatabase } from '../../server/platform/db/open-database.js';
import type { StorageMonitor } from '../../server/platform/storage/storage-monitor.js';
import { readPdf } from '../helpers/pdf.js';
import { launchBrowser, signInWithBrowser, waitForHydration, waitForStage, watchConsole } from '../helpers/browser.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { A_PERSONS_PACE_MS, DAY_MS, testClock } from '../helpers/clock.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS } from '../helpers/drawings.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { withServer, type TestServer } from '../helpers/server.js';
import { repliesTo, testSmtp } from '../helpers/smtp.js';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { violations } from '../helpers/axe.js';
import { publishLanguage } from '../helpers/languages.js';
import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';

const ARABIC_SCRIPT = /\p{Script=Arabic}/u;

const draft = (overrides: Partial<QuotationDraft> = {}): QuotationDraft => ({
  currency: 'USD',
  incoterm: 'FOB',
  place: 'Mundra',
  validUntil: '2099-12-31',
  paymentTerms: '30% advance, 70% against documents',
  leadTime: '8 weeks',
  packing: 'Wooden cases',
  inspection: 'EN 10204 3.1',
  notes: '',
  tax: 'export-lut',
  gstRate: '',
  lines: [
    {
      description: 'Weld neck flange 6"',
      drawing: 'DRG-114',
      material: 'ASTM A105',
      hsCode: '7307.91',
      quantity: '500',
      unit: 'pieces',
      unitPrice: '42.50',
    },
  ],
  ...overrides,
});

t.test('money: typed decimals to minor units, rounded half up once, in each currency', async (t) => {
  for (const currency of CURRENCY_CODES) {
    t.equal(parseScaled('1,250.5', 2), 125050n, `${currency}: "1,250.5" is 125050 minor units`);
    t.equal(parseScaled('0.125', 2), null, `${currency}: a third decimal is refused, not rounded away`);
    t.equal(parseScaled('-1', 2), null, `${currency}: no negative price`);
    // 0.005 kg at 1.00 is 0.005: half a minor unit rounds up; 0.004 rounds down.
    t.equal(lineTotal(parseScaled('0.005', 3)!, parseScaled('1.00', 2)!), 1n, `${currency}: half up`);
    t.equal(lineTotal(parseScaled('0.004', 3)!, parseScaled('1.00', 2)!), 0n, `${currency}: below half, down`);
    // 12.345 × 10.01 = 123.57345 (a float gives 123.57344999999999).
    t.equal(lineTotal(parseScaled('12.345', 3)!, parseScaled('10.01', 2)!), 12357n, `${currency}: 12.345 × 10.01`);
    // 1.005 as a float is 1.00499…: 1 × 1.005 rounded to cents is 1.01 here, never 1.00.
    t.equal(lineTotal(parseScaled('1.005', 3)!, 100n), 101n, `${currency}: 1.005 rounds to 1.01`);
  }
  t.equal(taxOn(25n, 1800n), 5n, 'GST 18% of 0.25 is 0.045: 0.05');
  t.equal(taxOn(1999n, 1250n), 250n, 'GST 12.5% of 19.99 is 2.49875: 2.50');
  t.equal(formatMoney(12345678n, 'INR'), 'INR 1,23,456.78', 'INR in lakhs');
  t.equal(formatMoney(12345678n, 'USD'), 'USD 123,456.78', 'USD in thousands');
  t.equal(formatMoney(5, 'AED'), 'AED 0.05');
  t.equal(formatMoney(100000000n, 'EUR'), 'EUR 1,000,000.00');
  t.equal(formatMoney(100000000n, 'GBP'), 'GBP 1,000,000.00');
});

t.test('a total in words: lakhs and crores for INR, millions for the others, with its minor units', async (t) => {
  t.equal(amountInWords(2125000, 'USD'), 'US Dollars Twenty-One Thousand Two Hundred Fifty only');
  t.equal(
    amountInWords(1234567899, 'INR'),
    'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety-Nine Paise only',
  );
  t.equal(amountInWords(100000005, 'GBP'), 'Pounds Sterling One Million and Five Pence only');
  t.equal(amountInWords(5, 'AED'), 'UAE Dirhams Zero and Five Fils only');
  t.equal(amountInWords(11011, 'EUR'), 'Euros One Hundred Ten and Eleven Cents only');
});

t.test('a quotation is priced on its lines and its tax, or refused by field', async (t) => {
  const exported = priceQuotation(draft(), '2026-11-28');
  t.same(exported, { ok: true, totals: { lines: [2125000], subtotal: 2125000, tax: 0, total: 2125000 } });
  const gst = draft({
    currency: 'INR',
    tax: 'gst',
    gstRate: '18',
    lines: [
      { ...draft().lines[0]!, quantity: '3', unitPrice: '333.33' },
      { ...draft().lines[0]!, quantity: '12.5', unitPrice: '80.07' },
    ],
  });
  // 999.99 + 1000.875 (1000.88) = 2000.87; 18% = 360.1566 (360.16); 2361.03.
  t.same(priceQuotation(gst, '2026-11-28'), {
    ok: true,
    totals: { lines: [99999, 100088], subtotal: 200087, tax: 36016, total: 236103 },
  });
  const refused = priceQuotation(
    draft({
      validUntil: '2026-11-27',
      tax: 'gst',
      gstRate: '40',
      lines: [{ ...draft().lines[0]!, description: '', quantity: '0', unitPrice: '1.999', hsCode: '73' }],
    }),
    '2026-11-28',
  );
  t.same(Object.keys(refused.ok ? {} : refused.errors).sort(), [
    'gstRate',
    'line-0-description',
    'line-0-hsCode',
    'line-0-quantity',
    'line-0-unitPrice',
    'validUntil',
  ]);
});

t.test("the buyer's link: any changed character of its signature is refused", async (t) => {
  const token = sealQuotationLink('secret', { revisionId: 58, validUntil: '2026-12-31' });
  t.same(openQuotationLink('secret', token), { revisionId: 58, validUntil: '2026-12-31' });
  t.equal(openQuotationLink('other secret', token), null, 'signed by another server');
  const signatureStart = token.lastIndexOf('.') + 1;
  const accepted: string[] = [];
  for (let at = signatureStart; at < token.length; at++)
    for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') {
      if (letter === token[at]) continue;
      const changed = token.slice(0, at) + letter + token.slice(at + 1);
      if (openQuotationLink('secret', changed)) accepted.push(changed);
    }
  t.same(accepted, [], 'the last character too, whose spare bits decode to the same bytes');
  t.equal(openQuotationLink('secret', token.replace('58.', '59.')), null, 'another revision');
  t.equal(openQuotationLink('secret', token.replace('2026-12-31', '2027-12-31')), null, 'a later date');
});

t.test('what changed between two revisions: lines, prices, terms and the total', async (t) => {
  const revision = (n: number, d: QuotationDraft): QuotationRevision => {
    const priced = priceQuotation(d);
    if (!priced.ok) throw new Error('unpriced');
    return {
      number: 'Q-2026-0001',
      revision: n,
      draft: d,
      totals: priced.totals,
      savedAt: '',
      savedBy: '',
      sentAt: null,
    };
  };
  const first = revision(1, draft());
  const second = revision(
    2,
    draft({
      validUntil: '2099-12-15',
      lines: [
        { ...draft().lines[0]!, unitPrice: '41.00' },
        { ...draft().lines[0]!, description: 'Blind flange 6"' },
      ],
    }),
  );
  t.same(revisionChanges(first, second), [
    'Line 1, Unit price: 42.50 → 41.00',
    'Line 2 added: Blind flange 6"',
    'Valid until: 2099-12-31 → 2099-12-15',
    'Total: USD 21,250.00 → USD 41,750.00',
  ]);
  t.same(revisionChanges(first, revision(2, draft())), [], 'the same draft: nothing changed');
  t.same(revisionChanges(first, revision(2, draft({ tax: 'gst', gstRate: '18' }))), [
    'Tax: Export, zero-rated under LUT → Domestic sale with GST',
    'GST rate (%): — → 18',
    'Total: USD 21,250.00 → USD 25,075.00',
  ]);
});

/** The desk, signed in, with one enquiry from a buyer who asked for flanges with terms. */
async function deskWithEnquiry(t: Test) {
  const smtp = await testSmtp();
  t.teardown(smtp.close);
  const clock = testClock();
  const server = await withServer(t, {
    env: { SITE_URL: 'https://www.forge.test', ...TEST_ADMIN_ENV, SMTP_URL: smtp.url, NOTIFY_TO: 'owner@forge.test' },
    clock,
  });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const fields = makeEnquiry({
    product: 'flanges',
    quantity: '500',
    unit: 'pieces',
    material: 'ASTM A105',
    incoterm: 'CIF',
    place: 'Hamburg',
    certificate: 'EN 10204 3.1',
    country: 'Germany',
  });
  t.equal((await postQuote(server.url, quoteForm(fields))).status, 303, 'the enquiry is stored');
  const id = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
  return { server, admin, id, smtp, clock, buyer: fields.email };
}

type Form = Record<string, string>;
const postQuotation = (admin: AdminClient, id: number, form: Form) =>
  admin.request(`/admin/enquiries/${id}/quotation`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken, ...form }).toString(),
  });

/** The form as a browser without JavaScript would send it back: every field's value as shown. */
function formOf(html: string): Form {
  const form: Form = {};
  const unescape = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const [, name, value] of html.matchAll(
    /<input[^>]*?name="(line-[^"]+|place|validUntil|leadTime|gstRate)"[^>]*?value="([^"]*)"/g,
  ))
    form[name!] = unescape(value!);
  for (const [, name, value] of html.matchAll(/<textarea[^>]*?name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g))
    form[name!] = unescape(value!);
  for (const [, name, body] of html.matchAll(/<select[^>]*?name="([^"]+)"[^>]*>(.*?)<\/select>/g))
    form[name!] =
      /<option[^>]*value="([^"]*)"[^>]*selected/.exec(body!)?.[1] ??
      /<option(?: value="([^"]*)")?[^>]*selected[^>]*>([^<]*)/.exec(body!)?.[2] ??
      '';
  return form;
}

const revisionsOf = (server: TestServer, id: number) =>
  server.app.db
    .prepare(
      `SELECT q.number, r.revision, r.currency, r.subtotal, r.tax, r.total, r.draft, r.sent_at
       FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id WHERE q.enquiry_id = ? ORDER BY r.revision`,
    )
    .all(id) as {
    number: string;
    revision: number;
    currency: string;
    total: number;
    draft: string;
    sent_at: string | null;
  }[];

/** The buyer's link in the newest reply to them: in the text part, and a link in the HTML part. */
async function linkInMail(t: Test, smtp: Awaited<ReturnType<typeof testSmtp>>, buyer: string) {
  const mail = await simpleParser(repliesTo(smtp, buyer).at(-1)!.raw);
  const path = /https:\/\/www\.forge\.test(\/quotation\/\S+)/.exec(mail.text ?? '')?.[1];
  t.ok(path, 'the mail carries the link');
  t.match(String(mail.html), `href="https://www.forge.test${path}"`, 'its HTML part links it');
  return path!;
}

/** Posts one of the buyer's forms, with the form token of `page` (none when the page has none). */
function answer(server: TestServer, link: string, action: 'accept' | 'decline' | 'ask', form: Form, page: string) {
  const formToken = /name="formToken" value="([^"]+)"/.exec(page)?.[1] ?? '';
  return server.fetch(`${link}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ formToken, ...form }).toString(),
  });
}

/** What an answer changes: the revisions' answers, the stage, whose turn, the thread's received messages. */
function answerState(server: TestServer, id: number) {
  const { db } = server.app;
  const answers = db
    .prepare(
      `SELECT r.revision, r.answer, r.answered_at, r.po_number, r.answer_note, r.decline_reason FROM quotation_revisions r
       JOIN quotations q ON q.id = r.quotation_id WHERE q.enquiry_id = ? AND r.answer IS NOT NULL`,
    )
    .all(id) as Record<string, unknown>[];
  const enquiry = db.prepare('SELECT status, awaiting FROM enquiries WHERE id = ?').get(id) as {
    status: string;
    awaiting: string;
  };
  const thread = db
    .prepare(
      "SELECT group_concat(body, '\n---\n') FROM enquiry_messages WHERE enquiry_id = ? AND direction = 'received'",
    )
    .pluck()
    .get(id) as string | null;
  const deliveries = db.prepare("SELECT count(*) FROM deliveries WHERE event = 'quotation.answered'").pluck().get();
  return { ...answers.at(-1), ...enquiry, thread: thread ?? '', deliveries, revisions: answers.length };
}

/** How many quotations Reports counts as won in its default period (its summary line). */
function wonInReports(html: string): number {
  const won = / sent, (\d+) won \(win rate/.exec(html)?.[1];
  if (won === undefined) throw new Error('Reports shows no summary of quotations');
  return Number(won);
}

/** Saves the form as the next revision and sends it; resolves once the mail server took it. */
async function saveAndSend(admin: AdminClient, server: TestServer, id: number) {
  const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
  await postQuotation(admin, id, { ...form, action: 'save' });
  const sent = await admin.request(`/admin/enquiries/${id}/quotation/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: admin.csrfToken, message: 'Our revised quotation.' }).toString(),
  });
  if (sent.status !== 303) throw new Error(`the quotation was not sent: ${sent.status}`);
  await server.app.replies!.queue.run();
}

t.test("a quotation's number takes its year from the site's time zone, not UTC", async (t) => {
  const db = openDatabase(join(t.testdir(), 'forge.db'));
  t.teardown(() => db.close());
  db.pragma('foreign_keys = OFF'); // quotations without enquiries: the numbering alone is checked
  const storage = { write: (work: () => unknown) => work() } as unknown as StorageMonitor;
  // 31 December 2026, 20:00 UTC is 1 January 2027, 01:30 in India.
  const store = createQuotationStore(db, storage, () => Date.parse('2026-12-31T20:00:00Z'), 'Asia/Kolkata');
  const priced = priceQuotation(draft());
  if (!priced.ok) throw new Error('the draft is priced');
  store.save(1, draft(), priced.totals, 'owner');
  t.equal(store.revisions(1)[0]?.number, 'Q-2027-0001', "India's new year");
  const utc = createQuotationStore(db, storage, () => Date.parse('2026-12-31T20:00:00Z'), 'UTC');
  utc.save(2, draft(), priced.totals, 'owner');
  t.equal(utc.revisions(2)[0]?.number, 'Q-2026-0001', "and in UTC, still 2026's");
});

t.test('the desk prepares and revises a quotation without JavaScript', async (t) => {
  const { server, admin, id, smtp, clock, buyer } = await deskWithEnquiry(t);
  const opened = await admin.request(`/admin/enquiries/${id}`);
  t.match(await opened.text(), 'Prepare quotation', 'the enquiry offers to prepare a quotation');

  await t.test('the form is filled in from the request', async (t) => {
    const page = await (await admin.request(`/admin/enquiries/${id}/quotation`)).text();
    const form = formOf(page);
    t.match(form, {
      'line-0-material': 'ASTM A105',
      'line-0-quantity': '500',
      place: 'Hamburg',
      inspection: 'EN 10204 3.1',
    });
    t.match(form, { incoterm: 'CIF', currency: 'USD', tax: 'export-lut' });
    t.match(form['line-0-description'], /\S/, 'the product names the first line');
  });

  await t.test('lines are added and removed by buttons that keep what was typed; nothing is stored', async (t) => {
    const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    const typed = { ...form, 'line-0-unitPrice': '42.50', paymentTerms: '100% against documents' };
    const added = await postQuotation(admin, id, { ...typed, action: 'add-line' });
    t.equal(added.status, 200);
    const withTwo = formOf(await added.text());
    t.match(withTwo, { 'line-0-unitPrice': '42.50', 'line-1-description': '', paymentTerms: '100% against documents' });
    const removed = formOf(await (await postQuotation(admin, id, { ...withTwo, action: 'remove-line-0' })).text());
    t.equal(removed['line-0-description'], '', 'the second line is now the first');
    t.equal(removed['line-1-description'], undefined, 'one line left');
    t.same(revisionsOf(server, id), [], 'no revision saved');
  });

  await t.test('a refused save says why beside the field and stores nothing', async (t) => {
    const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    const refused = await postQuotation(admin, id, { ...form, 'line-0-unitPrice': '42.555', action: 'save' });
    t.equal(refused.status, 400);
    const html = await refused.text();
    t.match(html, 'with at most 2 decimals');
    t.match(formOf(html), { 'line-0-unitPrice': '42.555' }, 'the price as typed');
    t.same(revisionsOf(server, id), []);
  });

  await t.test('Save stores R1 priced on the server, then a change is R2 with what changed', async (t) => {
    const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    const saved = await postQuotation(admin, id, { ...form, 'line-0-unitPrice': '42.50', action: 'save' });
    t.equal(saved.status, 303);
    t.equal(saved.headers.get('location'), `/admin/enquiries/${id}#quotations`);
    const year = new Date().getUTCFullYear();
    t.match(revisionsOf(server, id), [{ number: `Q-${year}-0001`, revision: 1, currency: 'USD', total: 2125000 }]);
    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(page, `Quotation Q-${year}-0001 R1 saved.`);
    t.match(page, 'USD 21,250.00');

    const again = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    t.equal(again['line-0-unitPrice'], '42.50', 'the next revision starts as a copy of the last');
    t.equal((await postQuotation(admin, id, { ...again, 'line-0-unitPrice': '41', action: 'save' })).status, 303);
    const revisions = revisionsOf(server, id);
    t.match(
      revisions,
      [
        { revision: 1, total: 2125000 },
        { revision: 2, total: 2050000 },
      ],
      'R1 kept as it was',
    );
    const listed = await (await admin.request(`/admin/enquiries/${id}`)).text();
    t.match(listed, `Q-${year}-0001 R2`);
    t.match(listed, 'Unit price: 42.50 → 41');
    t.match(listed, 'Total: USD 21,250.00 → USD 20,500.00');
  });

  await t.test(
    "a revision's PDF: A4, the letterhead, the buyer, lines, totals in words, terms and validity",
    async (t) => {
      const response = await admin.request(`/admin/enquiries/${id}/quotation/2/pdf`);
      t.equal(response.status, 200);
      t.equal(response.headers.get('content-type'), 'application/pdf');
      t.match(response.headers.get('content-disposition'), /attachment; filename="Quotation Q-\d{4}-0001 R2.pdf"/);
      const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
      const text = pdf.text.join(' ');
      const company = /<title>([^<|]+?) \|/.exec(await (await server.fetch('/')).text())![1]!;
      t.equal(pdf.title, `${company}: Quotation Q-${new Date().getUTCFullYear()}-0001 R2`);
      for (const expected of [
        company,
        'QUOTATION',
        'R2',
        'ASTM A105',
        '500 pieces',
        'USD 41.00',
        'USD 20,500.00',
        'US Dollars Twenty Thousand Five Hundred only',
        'CIF Hamburg',
        'EN 10204 3.1',
        'Authorised signatory',
      ])
        t.ok(text.includes(expected), `the PDF says "${expected}"`);
      t.match(text, /Valid until \d{4}-\d\d-\d\d/);
      t.equal((await admin.request(`/admin/enquiries/${id}/quotation/3/pdf`)).status, 404, 'no R3: 404');
    },
  );

  await t.test('a line kept in the price list is offered to later quotations', async (t) => {
    const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    const kept = await postQuotation(admin, id, { ...form, action: 'save-line-0' });
    t.equal(kept.status, 200);
    t.match(await kept.text(), 'is in the price list now.');
    const item = server.app.db.prepare('SELECT id, unit_price, currency FROM price_list').get() as { id: number };
    t.match(item, { unit_price: '41', currency: 'USD' });
    const picked = formOf(
      await (await postQuotation(admin, id, { ...form, action: 'pick', priceItem: String(item.id) })).text(),
    );
    t.match(picked, { 'line-1-unitPrice': '41', 'line-1-material': 'ASTM A105', 'line-1-quantity': '' });
  });

  // One Chromium for the file, the desk signed in once.
  let desk: Promise<{ browser: Browser; page: Page }> | undefined;
  const chromium = () =>
    (desk ??= launchBrowser().then(async (browser) => {
      t.teardown(() => browser.close());
      const page = await browser.newPage();
      await signInWithBrowser(page, server.url, TEST_ADMIN);
      return { browser, page };
    }));

  await t.test('in Chromium the totals follow what is typed, and Save makes the next revision', async (t) => {
    const { page } = await chromium();
    const problems = watchConsole(page);
    await page.goto(`${server.url}/admin/enquiries/${id}/quotation`);
    await waitForHydration(page);
    const total = page.locator('.quotation__totals dd').last();
    await page.getByLabel('Unit price', { exact: true }).fill('40');
    await page.locator('.quotation__line-total output', { hasText: 'USD 20,000.00' }).waitFor();
    await total.filter({ hasText: 'USD 20,000.00' }).waitFor();
    await page.getByLabel('Tax', { exact: true }).selectOption('gst');
    await page.getByLabel('GST rate (%)').fill('18');
    await total.filter({ hasText: 'USD 23,600.00' }).waitFor();
    await page.getByRole('button', { name: 'Save quotation' }).click();
    await page.getByText(/Quotation Q-\d{4}-0001 R3 saved\./).waitFor();
    t.match(revisionsOf(server, id).at(-1), { revision: 3, total: 2360000 }, 'R3 as the server priced it');
    t.same(problems, [], 'no console errors');
  });

  await t.test('without the CSRF token nothing is stored', async (t) => {
    const form = formOf(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text());
    const forged = await admin.request(`/admin/enquiries/${id}/quotation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, action: 'save' }).toString(),
    });
    t.equal(forged.status, 403);
    t.equal(revisionsOf(server, id).length, 3);
    t.equal((await admin.request('/admin/enquiries/999999/quotation')).status, 404, 'no such enquiry: 404');
  });

  await t.test(
    'Send quotation: R3 as a reply with its PDF, sent and Quoted only once the mail server took it',
    async (t) => {
      const page = await (await admin.request(`/admin/enquiries/${id}/quotation`)).text();
      t.match(page, 'Send quotation R3');
      const message = /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(page)?.[1] ?? '';
      t.match(message, /Please find attached our quotation Q-\d{4}-0001 R3, valid until \d{4}-\d\d-\d\d\./);
      const send = (text: string) =>
        admin.request(`/admin/enquiries/${id}/quotation/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: admin.csrfToken, message: text }).toString(),
        });
      const sentMessages = () =>
        server.app.db.prepare("SELECT count(*) FROM enquiry_messages WHERE direction = 'sent'").pluck().get();
      t.equal((await send('  ')).status, 400, 'an empty message is refused');
      t.equal(sentMessages(), 0, 'and nothing is stored');

      const sent = await send('Dear buyer,\nour quotation R3 is attached.');
      t.equal(sent.status, 303);
      t.equal(sent.headers.get('location'), `/admin/enquiries/${id}#quotations`);
      const stateOf = () =>
        server.app.db.prepare('SELECT status, follow_up_on FROM enquiries WHERE id = ?').get(id) as {
          status: string;
          follow_up_on: string | null;
        };
      t.match(revisionsOf(server, id).at(-1), { revision: 3, sent_at: null }, 'not shown as sent before it is');
      t.not(stateOf().status, 'quoted');
      t.match(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text(), 'R3 is being sent');

      await server.app.replies!.queue.run();
      const mail = await simpleParser(repliesTo(smtp, buyer)[0]!.raw);
      t.match(mail.text, 'our quotation R3 is attached.');
      const [attached] = mail.attachments;
      t.match(attached?.filename, /^Quotation Q-\d{4}-0001 R3\.pdf$/);
      const text = (await readPdf(new Uint8Array(attached!.content))).text.join(' ');
      for (const expected of ['ASTM A105', 'USD 40.00', 'USD 23,600.00', 'CIF Hamburg', 'Valid until'])
        t.ok(text.includes(expected), `the attached PDF says "${expected}"`);
      const r3 = revisionsOf(server, id).at(-1)!;
      t.match(r3.sent_at, /^\d{4}-/, 'R3 is sent once the mail server accepted it');
      const { validUntil } = JSON.parse(r3.draft) as { validUntil: string };
      const dayBefore = new Date(Date.parse(`${validUntil}T00:00:00Z`) - 3 * 86_400_000).toISOString().slice(0, 10);
      t.same(stateOf(), { status: 'quoted', follow_up_on: dayBefore }, 'Quoted, a follow-up 3 days before it expires');
      t.match(await (await admin.request(`/admin/enquiries/${id}/quotation`)).text(), /R3 sent on \d{4}-/);
      t.equal((await send('Again')).status, 409, 'a sent revision is not sent twice');
      t.equal(sentMessages(), 1);
    },
  );

  await t.test("the buyer's link: the page and its PDF, a refused form, Decline → Lost, once", async (t) => {
    const link = await linkInMail(t, smtp, buyer);
    const opened = await server.fetch(link);
    t.equal(opened.status, 200);
    t.equal(opened.headers.get('cache-control'), 'private, no-store');
    t.equal(opened.headers.get('referrer-policy'), 'no-referrer');
    const page = await opened.text();
    t.match(page, /<meta name="robots" content="noindex/);
    for (const expected of [
      /Quotation Q-\d{4}-0001 R3/,
      'ASTM A105',
      'USD 40.00',
      'USD 23,600.00',
      'CIF Hamburg',
      'Valid until',
    ])
      t.match(page, expected);
    const pdf = await server.fetch(`${link}/pdf`);
    t.match(pdf.headers.get('content-disposition'), /^attachment; filename="Quotation Q-\d{4}-0001 R3\.pdf"/);
    t.equal(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );

    const before = answerState(server, id);
    const tampered = link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const refused = await server.fetch(tampered);
    t.equal(refused.status, 404, 'a tampered link is a 404');
    t.match(await refused.text(), 'This quotation link is not valid');
    t.equal((await answer(server, tampered, 'accept', {}, page)).status, 404);
    t.equal((await answer(server, link, 'accept', { poNumber: '1' }, '')).status, 403, 'no form token: refused');
    t.equal((await answer(server, link, 'decline', { reason: 'cheap' }, page)).status, 400, 'an unknown reason');
    t.same(answerState(server, id), before, 'nothing changed');

    const declined = await answer(
      server,
      link,
      'decline',
      { reason: 'lead-time', details: 'We need it in 4 weeks.' },
      page,
    );
    t.equal(declined.status, 303);
    t.equal(declined.headers.get('location'), link);
    const after = answerState(server, id);
    t.match(after, {
      answer: 'declined',
      decline_reason: 'lead-time',
      answer_note: 'We need it in 4 weeks.',
      status: 'lost',
    });
    t.match(after.thread, /Declined R3: lead time\n\nWe need it in 4 weeks\./, 'in the thread as the buyer wrote it');
    await server.app.notifications!.run();
    const owner = smtp.state.received.filter((mail) => mail.to.includes('owner@forge.test')).at(-1)!;
    t.match((await simpleParser(owner.raw)).subject, `Quotation answer [#${id}]: Declined R3: lead time`);
    t.match(await (await server.fetch(link)).text(), /You declined R3 on \d{4}-/);
    t.equal((await answer(server, link, 'accept', { poNumber: '99' }, page)).status, 303, 'a second answer');
    t.same(answerState(server, id), after, 'changes nothing');
  });

  await t.test('a superseded and an expired link say so, change nothing, and ask for a new quotation', async (t) => {
    await saveAndSend(admin, server, id);
    const r4 = await linkInMail(t, smtp, buyer);
    await saveAndSend(admin, server, id);
    const r5 = await linkInMail(t, smtp, buyer);
    const before = answerState(server, id);
    const superseded = await server.fetch(r4);
    t.equal(superseded.status, 410);
    const page = await superseded.text();
    t.match(page, 'replaced by a newer revision');
    t.equal((await answer(server, r4, 'accept', { poNumber: '7' }, page)).status, 410);
    t.same(answerState(server, id), before, 'a superseded revision takes no answer');
    const asked = await answer(server, r4, 'ask', { message: 'Please quote again for 600 pieces.' }, page);
    t.equal(asked.status, 303);
    t.match(await (await server.fetch(asked.headers.get('location')!)).text(), 'We have your request');
    const thread = answerState(server, id);
    t.match(thread.thread, /Asked for a new quotation \(R4 was replaced by a newer revision\)\n\nPlease quote again/);
    t.equal(thread.awaiting, 'us', 'awaiting us again');

    clock.advance(40 * DAY_MS);
    const expired = await server.fetch(r5);
    t.equal(expired.status, 410);
    const expiredPage = await expired.text();
    t.match(expiredPage, /This quotation has expired: it was valid until \d{4}-/);
    t.equal((await answer(server, r5, 'accept', { poNumber: '8' }, expiredPage)).status, 410);
    t.same(answerState(server, id), thread, 'an expired revision takes no answer');
  });

  await t.test(
    'in Chromium: the admin sends R2, the buyer accepts it at 375 px with a PO number, the desk shows Won',
    async (t) => {
      const fields = makeEnquiry({ product: 'flanges', quantity: '100', unit: 'pieces', country: 'Germany' });
      t.equal((await postQuote(server.url, quoteForm(fields))).status, 303);
      const second = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
      for (const price of ['12', '11.50']) {
        const form = formOf(await (await admin.request(`/admin/enquiries/${second}/quotation`)).text());
        await postQuotation(admin, second, { ...form, 'line-0-unitPrice': price, action: 'save' });
      }
      server.app.db
        .prepare(
          `INSERT INTO webhook_endpoints (url, events, secret, created_at)
         VALUES ('http://127.0.0.1:9/hook', '["quotation.accepted"]', 'secret', datetime())`,
        )
        .run();
      const { browser, page: deskPage } = await chromium();
      await deskPage.goto(`${server.url}/admin/enquiries/${second}/quotation`);
      await waitForHydration(deskPage);
      await deskPage.getByRole('button', { name: /^Send quotation/ }).click();
      await deskPage.waitForURL(`**/admin/enquiries/${second}#quotations`);
      await server.app.replies!.queue.run();
      const link = await linkInMail(t, smtp, fields.email);

      const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
      t.teardown(() => phone.close());
      const page = await phone.newPage();
      const problems = watchConsole(page);
      await page.goto(`${server.url}${link}`);
      await waitForHydration(page);
      t.same(await violations(page), [], 'axe finds nothing on the buyer’s page');
      await page.getByLabel('Purchase order number (optional)').fill('4500012345');
      await page.getByRole('button', { name: 'Accept the quotation' }).click();
      await page.getByText(/Thank you: you accepted R2 on \d{4}-/).waitFor();
      await page.getByText('Your purchase order number: 4500012345.').waitFor();
      t.same(problems, [], 'no console errors');

      await deskPage.goto(`${server.url}/admin/enquiries/${second}`);
      await waitForStage(deskPage, 'won');
      await deskPage.getByText('Accepted R2, PO 4500012345').first().waitFor();
      t.match(answerState(server, second), { revision: 2, answer: 'accepted', po_number: '4500012345', status: 'won' });
      const hook = server.app.db
        .prepare("SELECT data FROM deliveries WHERE event = 'quotation.accepted' AND enquiry_id = ?")
        .pluck()
        .get(second) as string;
      t.match(JSON.parse(hook), { quotation: { revision: 'R2', poNumber: '4500012345' } }, 'the webhook is queued');
    },
  );
  await t.test(
    "the issue's journey: a product page's Request a Quote with a STEP drawing, R1 without JavaScript, R2 with it, accepted, Won in Reports",
    async (t) => {
      const { browser, page: deskPage } = await chromium();
      const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
      t.teardown(() => phone.close());
      const buyerPage = await phone.newPage();
      const problems = watchConsole(buyerPage);
      await buyerPage.goto(`${server.url}/products/flanges`);
      await waitForHydration(buyerPage);
      await buyerPage.getByRole('link', { name: 'Request a Quote' }).last().click();
      await buyerPage.waitForURL((url) => url.pathname === '/contact');
      await buyerPage.waitForFunction(
        (name) => !!document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value,
        FORM_TOKEN_FIELD,
      );
      const field = (name: string) => buyerPage.locator(`#enquiry-${name}`);
      const email = 'einkauf@stahlhandel-rhein.example';
      for (const [name, value] of Object.entries({
        name: 'Jürgen Größmann',
        email,
        phone: '+49 211 555 0199',
        message: 'Bitte Angebot für Vorschweißflansche nach Zeichnung, 3.1 Zeugnis.',
        company: 'Stahlhandel Rhein-Ruhr Großhandelsgesellschaft mbH',
        country: 'Germany',
        quantity: '800',
        material: 'ASTM A105N',
        place: 'Hamburg',
        annual: '9600',
        price: '10.50',
        inspector: 'TÜV Rheinland',
        deadline: '2027-03-31',
      }))
        await field(name).fill(value);
      await field('incoterm').selectOption('CIF');
      await field('certificate').selectOption('EN 10204 3.1');
      await field('currency').selectOption('EUR');
      await field('inspection').selectOption('UT + MPI');
      await field('drawings').setInputFiles({
        name: SAMPLE_DRAWINGS.step.name,
        mimeType: 'model/step',
        buffer: SAMPLE_DRAWINGS.step.bytes,
      });
      clock.advance(A_PERSONS_PACE_MS);
      await buyerPage.getByRole('button', { name: 'Send Message' }).click();
      await buyerPage.getByText(SUCCESS_MESSAGE).waitFor();
      const enquiry = server.app.db
        .prepare('SELECT id, product, annual, price, currency, inspector FROM enquiries WHERE email = ?')
        .get(email) as { id: number };
      t.match(enquiry, { product: 'flanges', annual: 9600, price: 1050, currency: 'EUR', inspector: 'TÜV Rheinland' });
      const drawing = server.app.db
        .prepare('SELECT stored_name, type FROM enquiry_files WHERE enquiry_id = ?')
        .get(enquiry.id) as { stored_name: string; type: string };
      t.equal(drawing.type, 'step', 'its STEP drawing, checked by its content');
      t.same(
        readFileSync(join(server.dataDir, 'uploads', drawing.stored_name)),
        SAMPLE_DRAWINGS.step.bytes,
        'its bytes',
      );

      // R1 without JavaScript: the form as the server sent it, with a price typed in.
      const form = formOf(await (await admin.request(`/admin/enquiries/${enquiry.id}/quotation`)).text());
      t.match(form, { 'line-0-material': 'ASTM A105N', 'line-0-quantity': '800', incoterm: 'CIF', place: 'Hamburg' });
      t.equal(
        (await postQuotation(admin, enquiry.id, { ...form, 'line-0-unitPrice': '11', action: 'save' })).status,
        303,
      );
      // R2 with JavaScript, sent from the desk in Chromium.
      await deskPage.goto(`${server.url}/admin/enquiries/${enquiry.id}/quotation`);
      await waitForHydration(deskPage);
      await deskPage.getByLabel('Unit price', { exact: true }).fill('10.75');
      await deskPage.getByRole('button', { name: 'Save quotation' }).click();
      await deskPage.getByText(/Quotation Q-\d{4}-\d{4} R2 saved\./).waitFor();
      // Saved, the enquiry's page lists R2 and offers to send it.
      await deskPage.getByRole('link', { name: 'Send quotation', exact: true }).click();
      await deskPage.getByRole('heading', { name: 'Send quotation R2' }).waitFor();
      await deskPage.getByRole('button', { name: 'Send quotation', exact: true }).click();
      await deskPage.waitForURL(`**/admin/enquiries/${enquiry.id}#quotations`);
      const wonBefore = wonInReports(await (await admin.request('/admin/reports')).text());
      await server.app.replies!.queue.run();

      const mail = await simpleParser(repliesTo(smtp, email).at(-1)!.raw);
      const pdf = (await readPdf(new Uint8Array(mail.attachments[0]!.content))).text.join(' ');
      const r2 = revisionsOf(server, enquiry.id).at(-1)!;
      t.equal(r2.revision, 2);
      for (const expected of [
        'R2',
        'ASTM A105N',
        formatMoney(1075, r2.currency as Currency),
        formatMoney(r2.total, r2.currency as Currency),
      ])
        t.ok(pdf.includes(expected), `the PDF in the mail says "${expected}"`);
      const link = await linkInMail(t, smtp, email);

      await buyerPage.goto(`${server.url}${link}`);
      await waitForHydration(buyerPage);
      await buyerPage.getByLabel('Purchase order number (optional)').fill('PO-77123');
      await buyerPage.getByRole('button', { name: 'Accept the quotation' }).click();
      await buyerPage.getByText(/Thank you: you accepted R2 on \d{4}-/).waitFor();
      t.same(problems, [], 'no console errors on the buyer’s side');

      await deskPage.goto(`${server.url}/admin/enquiries/${enquiry.id}`);
      await waitForStage(deskPage, 'won');
      await deskPage.getByText('Accepted R2, PO PO-77123').first().waitFor();
      t.match(answerState(server, enquiry.id), {
        revision: 2,
        answer: 'accepted',
        po_number: 'PO-77123',
        status: 'won',
      });
      t.equal(
        wonInReports(await (await admin.request('/admin/reports')).text()),
        wonBefore + 1,
        'one more won in Reports',
      );
    },
  );
  await t.test("the PDF in the buyer's language: German, and Arabic right to left", async (t) => {
    await publishLanguage(admin, 'de');
    await publishLanguage(admin, 'ar');
    const pdfIn = async (language: 'de' | 'ar', price: string) => {
      const fields = makeEnquiry({ product: 'flanges', quantity: '200', unit: 'pieces', material: 'ASTM A105' });
      t.equal((await postQuote(server.url, quoteForm(fields))).status, 303);
      const enquiry = server.app.db.prepare('SELECT max(id) FROM enquiries').pluck().get() as number;
      // The language of the page the buyer wrote from (/de/kontakt, /ar/…).
      server.app.db.prepare('UPDATE enquiries SET language = ? WHERE id = ?').run(language, enquiry);
      const form = formOf(await (await admin.request(`/admin/enquiries/${enquiry}/quotation`)).text());
      const currency = { ...form, currency: 'EUR', tax: 'export-lut', 'line-0-unitPrice': price, action: 'save' };
      t.equal((await postQuotation(admin, enquiry, currency)).status, 303);
      const response = await admin.request(pathTo(ADMIN_PATHS.quotationPdf, { id: enquiry, revision: 1 }));
      t.equal(response.status, 200);
      return readPdf(new Uint8Array(await response.arrayBuffer()));
    };

    const german = (await pdfIn('de', '118.25')).text.join(' ');
    for (const expected of [
      'ANGEBOT',
      'Ihre Anfrage',
      'Beschreibung',
      'Einzelpreis',
      'Zwischensumme',
      'Gültig bis',
      '200 Stück',
    ])
      t.ok(german.includes(expected), `German: "${expected}"`);
    t.ok(
      german.includes('Gesamtbetrag in Worten: dreiundzwanzigtausendsechshundertfünfzig Euro'),
      'the total in German words (200 × EUR 118.25 = EUR 23,650.00)',
    );
    t.notOk(/Total in words|Unit price|Valid until|pieces/.test(german), 'no English label left');

    const arabic = await pdfIn('ar', '118.25');
    const text = arabic.text.join(' ');
    t.ok(ARABIC_SCRIPT.test(text), 'Arabic text');
    t.ok(text.includes('EUR 23,650.00'), 'the total, left to right inside the Arabic page');
    const total = arabic.runs.find((run) => run.text.includes('EUR 23,650.00'))!;
    const title = arabic.runs.find((run) => /Q-\d{4}-\d{4} R1/.test(run.text))!;
    t.ok(title.x < 200 && total.x < 200, 'the title and the figures stand at the page’s left: its end, right to left');
  });
});
