import t, { type Test } from 'tap';
import { CURRENCY_CODES, formatMoney, lineTotal, parseScaled, taxOn } from '../../shared/quotations/money.js';
import { priceQuotation, type QuotationDraft } from '../../shared/quotations/quotation.js';
import { revisionChanges, type QuotationRevision } from '../../shared/quotations/revisions.js';
import { amountInWords } from '../../shared/quotations/amount-in-words.js';
import { readPdf } from '../helpers/pdf.js';
import { launchBrowser, signInWithBrowser, waitForHydration, watchConsole } from '../helpers/browser.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { testClock } from '../helpers/clock.js';
import { postQuote, quoteForm } from '../helpers/drawings.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { withServer, type TestServer } from '../helpers/server.js';

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
  const server = await withServer(t, {
    env: { SITE_URL: 'https://www.forge.test', ...TEST_ADMIN_ENV },
    clock: testClock(),
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
  return { server, admin, id };
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
    .all(id) as { number: string; revision: number; currency: string; total: number; draft: string }[];

t.test('the desk prepares and revises a quotation without JavaScript', async (t) => {
  const { server, admin, id } = await deskWithEnquiry(t);
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

  await t.test('in Chromium the totals follow what is typed, and Save makes the next revision', async (t) => {
    const browser = await launchBrowser();
    t.teardown(() => browser.close());
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await signInWithBrowser(page, server.url, TEST_ADMIN);
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
});
