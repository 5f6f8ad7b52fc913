import Database from 'better-sqlite3';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { telHref, waMeHref } from '../../shared/content/company.js';
import { DRAWING_LIMITS, type DrawingType } from '../../shared/enquiry/quote.js';
import { cleanFileName } from '../../server/platform/storage/file-name.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { postQuote, quoteForm, SAMPLE_DRAWINGS, sha256, type Upload } from '../helpers/drawings.js';
import { withDataDir, withServer } from '../helpers/server.js';

// Generous limits for the main server: the limits themselves are tested on servers of their own.
const server = await withServer(t, {
  env: { ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000', ENQUIRY_DRAWINGS_MB: '10000' },
});

const uploads = join(server.dataDir, 'uploads');
const storedFiles = () => readdirSync(uploads).filter((name) => name !== '.tmp');
const temporaryFiles = () => readdirSync(join(uploads, '.tmp'));

function rows<T>(sql: string, ...params: unknown[]): T[] {
  return rowsIn(server.dataDir, sql, ...params);
}

function rowsIn<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir, 'forge.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

let n = 0;
/** A valid quote request with a unique subject. */
function fields(extra: Record<string, string> = {}) {
  n += 1;
  return {
    name: 'Jürgen Größmann',
    email: 'einkauf@schmiede.example',
    phone: '+49 (0)221 9876543',
    subject: `RFQ ${n}: Vorschweißflansche`,
    message: 'Bitte Angebot für 2.000 Stück, Werkstoff P250GH.',
    'form-name': 'contact',
    'bot-field': '',
    product: 'flanges',
    company: 'Müller-Lüdenscheidt Schmiedetechnik und Armaturenbau GmbH & Co. KG',
    country: 'Germany',
    quantity: '2000',
    unit: 'pieces',
    material: 'P250GH / 1.0460',
    ...extra,
  };
}

t.test('/contact?product=<slug> opens the form with the product chosen and the subject prefilled', async (t) => {
  const page = await fetch(`${server.url}/contact?product=flanges`);
  t.equal(page.status, 200);
  const html = await page.text();
  t.match(html, /<option value="flanges" selected="">Flanges<\/option>/);
  t.match(html, /name="subject"[^>]*value="Quote request: Flanges"/);
  t.match(html, /<link rel="canonical" href="http:\/\/localhost:3000\/contact">/, 'the canonical page stays /contact');
  t.equal(page.headers.get('cache-control'), 'no-store', 'the form carries a token issued for this request');
  const plain = await fetch(`${server.url}/contact`);
  t.notMatch(await plain.text(), /<option value="flanges" selected/, 'the plain form chooses no product');

  for (const query of [
    '?product=unknown',
    '?product=',
    '?product=flanges&product=auto-parts',
    '?product=%3Cscript%3E',
  ]) {
    const ignored = await fetch(`${server.url}/contact${query}`);
    t.equal(ignored.status, 200, `${query}: not an error`);
    const text = await ignored.text();
    t.notMatch(text, /value="Quote request:/, `${query}: the plain form (no product, no subject)`);
    t.notMatch(text, /%3Cscript|<script>/i, `${query}: not echoed`);
  }
});

t.test('a quote request with drawings of every accepted format is stored with its details and files', async (t) => {
  const drawings = Object.values(SAMPLE_DRAWINGS).slice(0, 5);
  const response = await postQuote(server.url, quoteForm(fields(), drawings));
  t.equal(response.status, 303);
  t.match(response.headers.get('location'), /^\/contact\/thank-you\?ref=\d+$/, 'with the reference number');
  const [enquiry] = rows<Record<string, unknown>>(
    'SELECT * FROM enquiries WHERE subject = ?',
    `RFQ ${n}: Vorschweißflansche`,
  );
  t.match(enquiry, {
    product: 'flanges',
    company: /^Müller-Lüdenscheidt/,
    country: 'Germany',
    quantity: 2000,
    unit: 'pieces',
    material: 'P250GH / 1.0460',
  });
  const files = rows<{ stored_name: string; name: string; size: number; type: string; sha256: string }>(
    'SELECT * FROM enquiry_files WHERE enquiry_id = ? ORDER BY id',
    enquiry!.id,
  );
  t.same(
    files.map((file) => file.name),
    drawings.map((drawing) => drawing.name),
    'original names kept, in order',
  );
  for (const [i, file] of files.entries()) {
    const path = join(uploads, file.stored_name);
    t.match(file.stored_name, /^[0-9a-f]{32}$/, 'stored under a random name');
    t.equal(sha256(readFileSync(path)), file.sha256, `${file.name}: SHA-256 recorded`);
    t.equal(file.sha256, sha256(drawings[i]!.bytes), `${file.name}: the bytes sent`);
    t.equal(file.size, drawings[i]!.bytes.length);
    t.equal((statSync(path).mode & 0o777).toString(8), '600', `${file.name}: mode 0600`);
  }
  t.same(temporaryFiles(), [], 'no temporary file left');

  const rest = Object.values(SAMPLE_DRAWINGS).slice(5);
  const json = await postQuote(server.url, quoteForm(fields(), rest), true);
  t.equal(json.status, 201, 'the same form asking for JSON (the enhanced form)');
  t.match(await json.json(), { ok: true, formToken: String });
});

t.test('quote details are validated by the shared schema, with the values kept', async (t) => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ company: 'x'.repeat(151) }, /Company must be 150 characters or fewer\./],
    [{ material: 'x'.repeat(101) }, /Material grade must be 100 characters or fewer\./],
    [{ quantity: '0' }, /Please enter a quantity greater than 0 and up to 1,00,00,000, or leave it empty\./],
    [{ quantity: '-5' }, /Please enter a quantity greater than 0/],
    [{ quantity: '10000001' }, /Please enter a quantity greater than 0/],
    [{ quantity: 'a lot' }, /Please enter a quantity greater than 0/],
    [{ product: 'spaceships' }, /Please choose a product from the list\./],
    [{ unit: 'barrels' }, /Please choose pieces, kg or tonnes\./],
  ];
  for (const [extra, message] of cases) {
    const response = await postQuote(server.url, quoteForm(fields(extra)));
    t.equal(response.status, 400, JSON.stringify(extra).slice(0, 60));
    const html = await response.text();
    t.match(html, message);
    t.ok(html.includes(`RFQ ${n}: Vorschweißflansche`), 'the values are kept');
  }
  const optional = await postQuote(
    server.url,
    quoteForm(fields({ product: '', company: '', country: '', quantity: '', material: '' })),
  );
  t.equal(optional.status, 303, 'every quote detail is optional');
  const [row] = rows<{ product: null; quantity: null; unit: null }>(
    'SELECT product, quantity, unit FROM enquiries WHERE subject = ?',
    `RFQ ${n}: Vorschweißflansche`,
  );
  t.same(row, { product: null, quantity: null, unit: null }, 'no quantity, no unit');
});

t.test('the delivery and inspection terms are optional, validated, stored and shown on the enquiry', async (t) => {
  const form = await (await fetch(`${server.url}/contact?product=flanges`)).text();
  t.match(form, /<details class="request-terms" open="">/, "open on a product's request");
  t.match(await (await fetch(`${server.url}/contact`)).text(), /<details class="request-terms">/, 'folded otherwise');

  for (const [extra, message] of [
    [{ incoterm: 'FOB Mumbai' }, /Please choose an Incoterm from the list\./],
    [{ certificate: 'EN 10204 9.9' }, /Please choose a certificate from the list\./],
    [{ deadline: '2026-02-30' }, /Please enter a date, or leave it empty\./],
  ] as const) {
    const refused = await postQuote(server.url, quoteForm(fields(extra)));
    t.equal(refused.status, 400, JSON.stringify(extra));
    t.match(await refused.text(), message);
  }

  const terms = {
    treatment: 'Normalised',
    incoterm: 'CIF',
    place: 'Hamburg',
    deadline: '2027-03-31',
    certificate: 'EN 10204 3.1',
  };
  const response = await postQuote(server.url, quoteForm(fields(terms)));
  t.equal(response.status, 303);
  const [row] = rows<Record<string, unknown>>(
    'SELECT id, treatment, incoterm, place, deadline, certificate FROM enquiries WHERE subject = ?',
    `RFQ ${n}: Vorschweißflansche`,
  );
  t.match(row, terms, 'stored as given');
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const page = await (await admin.request(`/admin/enquiries/${row!.id as number}`)).text();
  for (const text of ['Normalised', 'CIF Hamburg', '2027-03-31', 'EN 10204 3.1'])
    t.ok(page.includes(text), `the enquiry's page shows ${text}`);
});

t.test(
  "what a quotation needs, with a STEP drawing through a product's request: stored, shown, searched, exported",
  async (t) => {
    const form = await (await fetch(`${server.url}/contact?product=flanges`)).text();
    const terms = /<details class="request-terms" open="">[^]*?<\/details>/.exec(form)?.[0] ?? '';
    for (const name of ['annual', 'price', 'currency', 'inspection', 'inspector'])
      t.ok(terms.includes(`name="${name}"`), `${name}: in the open section of a product's request`);
    t.match(terms, /<option value="USD" selected="">USD<\/option>/, 'the currency offers INR, USD, EUR, GBP, AED');

    for (const [extra, message] of [
      [{ price: '12.345' }, /Please enter the target price as a number with up to 2 decimals, or leave it empty\./],
      [{ price: '12', currency: 'XYZ' }, /Please choose INR, USD, EUR, GBP or AED\./],
      [{ inspection: 'X-ray' }, /Please choose an inspection from the list\./],
      [{ annual: '0' }, /Please enter a quantity greater than 0/],
    ] as const) {
      const refused = await postQuote(server.url, quoteForm(fields(extra)));
      t.equal(refused.status, 400, JSON.stringify(extra));
      t.match(await refused.text(), message);
    }
    const exe = { name: 'valve body.step', bytes: Buffer.from('MZ\x90\0\x03\0\0\0This program', 'latin1') };
    const renamed = await postQuote(server.url, quoteForm(fields(), [exe]));
    t.equal(renamed.status, 400, 'an executable renamed .step');
    t.match(await renamed.text(), /valve body\.step is not a STEP file/);

    const needs = {
      annual: '24000',
      price: '1,250.50',
      currency: 'EUR',
      inspection: 'UT + MPI',
      inspector: 'Bureau Veritas',
    };
    const sent = await postQuote(server.url, quoteForm(fields(needs), [SAMPLE_DRAWINGS.step]));
    t.equal(sent.status, 303, 'accepted with its STEP drawing');
    const [row] = rows<Record<string, unknown>>(
      'SELECT id, annual, price, currency, inspection, inspector, unit FROM enquiries WHERE subject = ?',
      `RFQ ${n}: Vorschweißflansche`,
    );
    t.same(
      { ...row, id: undefined },
      {
        id: undefined,
        annual: 24000,
        price: 125050,
        currency: 'EUR',
        inspection: 'UT + MPI',
        inspector: 'Bureau Veritas',
        unit: 'pieces',
      },
      'stored; the price in cents',
    );
    const id = row!.id as number;
    t.same(rows('SELECT name, type FROM enquiry_files WHERE enquiry_id = ?', id), [
      { name: 'valve body.step', type: 'step' },
    ]);

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await (await admin.request(`/admin/enquiries/${id}`)).text();
    for (const text of ['24,000 pieces', 'EUR 1,250.50', 'UT + MPI', 'Bureau Veritas', 'valve body.step'])
      t.ok(page.includes(text), `the enquiry's page shows ${text}`);
    t.ok((await admin.openPanel('?q=veritas')).includes(`id="enquiry-${id}"`), 'the desk search finds the inspector');
    const csv = await (await admin.request('/admin/export.csv?q=veritas')).text();
    t.match(csv, /"","24000","1250\.50","EUR","UT \+ MPI","Bureau Veritas","valve body\.step",/, 'in the CSV');
  },
);

t.test('every bad drawing is refused with a message naming it; nothing is stored; the values come back', async (t) => {
  const pdf = SAMPLE_DRAWINGS.pdf.bytes;
  const big = (size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
  const cases: [string, Upload[], number, RegExp][] = [
    [
      'wrong magic bytes',
      [{ name: 'drawing.pdf', bytes: SAMPLE_DRAWINGS.png.bytes }],
      400,
      /drawing\.pdf is not a PDF file: its content does not match its name\./,
    ],
    [
      'a renamed executable',
      [{ name: 'invoice.pdf', bytes: Buffer.from('\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0', 'latin1') }],
      400,
      /invoice\.pdf is not a PDF file/,
    ],
    [
      'an executable',
      [{ name: 'setup.exe', bytes: Buffer.from('MZ\x90\0', 'latin1') }],
      400,
      /setup\.exe: this kind of file is not accepted\. Please attach PDF, DWG, DXF, STEP, IGES, JPEG, PNG files\./,
    ],
    [
      'a STEP file that is not',
      [{ name: 'part.stp', bytes: Buffer.from('solid part\nendsolid\n') }],
      400,
      /part\.stp is not a STEP file/,
    ],
    ['an empty file', [{ name: 'empty.dxf', bytes: Buffer.alloc(0) }], 400, /empty\.dxf is empty\./],
    [
      '10 MB + 1 byte',
      [{ name: 'huge.pdf', bytes: big(DRAWING_LIMITS.fileBytes + 1) }],
      413,
      /huge\.pdf is larger than 10 MB; each file may be at most 10 MB\./,
    ],
    [
      'six files',
      Array.from({ length: 6 }, (_, i) => ({ name: `sheet-${i}.pdf`, bytes: pdf })),
      413,
      /Please attach at most 5 drawings\./,
    ],
    [
      'more than 25 MB together',
      Array.from({ length: 3 }, (_, i) => ({ name: `part-${i}.pdf`, bytes: big(9 * 1024 * 1024) })),
      413,
      /Your drawings together are larger than 25 MB/,
    ],
    [
      'a good file, then a bad one',
      [
        { name: 'good.pdf', bytes: pdf },
        { name: 'bad.png', bytes: pdf },
      ],
      400,
      /bad\.png is not a PNG file/,
    ],
  ];
  for (const [what, drawings, status, message] of cases) {
    const before = rows<{ n: number }>('SELECT count(*) AS n FROM enquiries')[0]!.n;
    const storedBefore = storedFiles().length;
    const response = await postQuote(server.url, quoteForm(fields(), drawings));
    t.equal(response.status, status, `${what}: ${status}`);
    const html = await response.text();
    t.match(html, message, `${what}: the message names the file`);
    t.match(html, /Please choose your drawings again/, `${what}: says to choose the files again`);
    t.ok(html.includes(`RFQ ${n}: Vorschweißflansche`) && html.includes('P250GH / 1.0460'), `${what}: values kept`);
    t.equal(rows<{ n: number }>('SELECT count(*) AS n FROM enquiries')[0]!.n, before, `${what}: no enquiry stored`);
    t.equal(storedFiles().length, storedBefore, `${what}: no file kept`);
    t.same(temporaryFiles(), [], `${what}: no temporary file left`);
  }

  const json = await postQuote(
    server.url,
    quoteForm(fields(), [{ name: 'x.pdf', bytes: SAMPLE_DRAWINGS.jpeg.bytes }]),
    true,
  );
  t.equal(json.status, 400);
  t.match(
    await json.json(),
    { errors: { drawings: /x\.pdf is not a PDF file/ } },
    'the enhanced form gets the same message as JSON',
  );
});

t.test('file names are cleaned of folders and control characters; the content still counts', async (t) => {
  t.equal(cleanFileName('../../etc/passwd.pdf'), 'passwd.pdf');
  t.equal(cleanFileName('C:\\Users\\Asha\\Desktop\\flange.dwg'), 'flange.dwg');
  t.equal(cleanFileName('evil\u202Efdp.exe'), 'evilfdp.exe', 'no right-to-left override');
  t.equal(cleanFileName('a\r\nb\u0000.pdf'), 'ab.pdf');
  t.equal(cleanFileName('...'), 'drawing');
  t.equal(cleanFileName(`${'x'.repeat(300)}.step`).length, 150);
  const response = await postQuote(
    server.url,
    quoteForm(fields(), [{ name: '../../../etc/cron.d/job.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes }]),
  );
  t.equal(response.status, 303);
  const [file] = rows<{ name: string; stored_name: string }>(
    'SELECT name, stored_name FROM enquiry_files ORDER BY id DESC LIMIT 1',
  );
  t.equal(file!.name, 'job.pdf');
  t.ok(existsSync(join(uploads, file!.stored_name)), 'stored inside uploads/ under its random name');
});

t.test('storage fails mid-request (a write lock held elsewhere): 503, values kept, no orphan file', async (t) => {
  const other = new Database(join(server.dataDir, 'forge.db'));
  other.exec('BEGIN IMMEDIATE');
  t.teardown(() => other.close());
  const storedBefore = storedFiles();
  const response = await postQuote(server.url, quoteForm(fields(), [SAMPLE_DRAWINGS.pdf, SAMPLE_DRAWINGS.dwg]));
  other.exec('ROLLBACK');
  t.equal(response.status, 503);
  t.equal(response.headers.get('retry-after'), '60');
  const html = await response.text();
  t.match(html, /We could not save your enquiry just now/);
  t.ok(html.includes(`RFQ ${n}: Vorschweißflansche`), 'values kept');
  t.same(storedFiles(), storedBefore, 'the drawings moved in were removed again');
  t.same(temporaryFiles(), []);
});

t.test(
  'drawings are downloaded only by the signed-in admin, as attachments; deleting permanently removes them',
  async (t) => {
    const drawing = { name: 'Zeichnung Flansch – Größe.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
    t.equal((await postQuote(server.url, quoteForm(fields({ company: 'Download GmbH' }), [drawing]))).status, 303);
    const [file] = rows<{ id: number; enquiry_id: number; stored_name: string }>(
      'SELECT id, enquiry_id, stored_name FROM enquiry_files ORDER BY id DESC LIMIT 1',
    );
    const url = `/admin/enquiries/${file!.enquiry_id}/drawings/${file!.id}`;

    const anonymous = await fetch(server.url + url);
    t.equal(anonymous.status, 401, 'signed out: 401');

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const panel = await admin.openPanel('?q=Download%20GmbH');
    const row = new RegExp(`<li id="enquiry-${file!.enquiry_id}" class="inbox-row[^]*?</li>`).exec(panel)?.[0] ?? '';
    for (const text of ['Download GmbH', 'Germany', '<span class="visually-hidden">1 drawing</span>'])
      t.ok(row.includes(text), `the row shows ${text}`);
    const page = await (await admin.request(`/admin/enquiries/${file!.enquiry_id}?q=Download%20GmbH`)).text();
    t.ok(page.includes(`href="${url}"`), "the enquiry's page links the drawing");
    t.match(page, /Zeichnung Flansch – Größe\.pdf<\/a> <span class="enquiry-page__size">\(1 KB\)<\/span>/);
    for (const text of ['Flanges', 'Download GmbH', 'Germany', '2,000 pieces', 'P250GH / 1.0460'])
      t.ok(page.includes(text), `the enquiry's page shows ${text}`);

    const download = await admin.request(url);
    t.equal(download.status, 200);
    t.equal(download.headers.get('content-type'), 'application/pdf');
    t.equal(
      download.headers.get('content-disposition'),
      `attachment; filename="Zeichnung Flansch ? Gr??e.pdf"; filename*=UTF-8''Zeichnung%20Flansch%20%E2%80%93%20Gr%C3%B6%C3%9Fe.pdf`,
    );
    t.equal(download.headers.get('x-content-type-options'), 'nosniff');
    t.equal(download.headers.get('content-security-policy'), 'sandbox');
    t.equal(download.headers.get('cache-control'), 'no-store');
    t.equal(sha256(Buffer.from(await download.arrayBuffer())), sha256(drawing.bytes), 'the same bytes');
    t.equal((await admin.request(`/admin/enquiries/${file!.enquiry_id}/drawings/${file!.id + 1000}`)).status, 404);

    const csv = await (await admin.request('/admin/export.csv?q=Download%20GmbH')).text();
    t.match(
      csv,
      /"Flanges","Download GmbH","Germany","English","2000","pieces","P250GH \/ 1\.0460","","","","","","","","","","","Zeichnung Flansch – Größe\.pdf","","awaiting us",""\r\n$/,
    );
    const byMaterial = await admin.openPanel('?q=p250gh');
    t.ok(byMaterial.includes('Download GmbH'), 'search matches the material grade (and the company)');

    const deleted = await admin.request(`/admin/api/enquiries/${file!.enquiry_id}`, {
      method: 'DELETE',
      headers: { 'x-csrf-token': admin.csrfToken },
    });
    t.equal(deleted.status, 204);
    t.ok(existsSync(join(uploads, file!.stored_name)), 'in Trash, the file is kept (it can be restored)');
    const purged = await admin.request(`/admin/enquiries/${file!.enquiry_id}/purge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': admin.csrfToken },
      body: '{}',
    });
    t.equal(purged.status, 200);
    t.notOk(
      existsSync(join(uploads, file!.stored_name)),
      'deleted permanently: the file is removed from disk with the enquiry',
    );
    t.same(rows('SELECT id FROM enquiry_files WHERE id = ?', file!.id), []);
  },
);

t.test('a restart sweeps leftovers: temporary files and files no enquiry refers to', async (t) => {
  // A data directory of its own: one server per data directory (the file's server keeps its own).
  const dataDir = withDataDir(t);
  const uploads = join(dataDir, 'uploads');
  const storedFiles = () => readdirSync(uploads).filter((name) => name !== '.tmp');
  const first = await withServer(t, { dataDir });
  t.equal((await postQuote(first.url, quoteForm(fields(), [SAMPLE_DRAWINGS.pdf]))).status, 303);
  const kept = storedFiles();
  t.equal(kept.length, 1);
  writeFileSync(join(uploads, '.tmp', 'cut-short'), 'partial upload');
  writeFileSync(join(uploads, 'f'.repeat(32)), 'moved in, never committed');
  await first.close();
  await withServer(t, { dataDir });
  t.same(readdirSync(join(uploads, '.tmp')), []);
  t.same(storedFiles().sort(), kept.sort(), 'only files that enquiries refer to remain');
});

t.test('phone links drop the trunk (0) after a country code', async (t) => {
  t.equal(telHref('+49 (0)221 9876543'), 'tel:+492219876543');
  t.equal(telHref('+44 (0) 20 7946 0958'), 'tel:+442079460958');
  t.equal(telHref('(033) 1234-5678'), 'tel:03312345678', 'a national number keeps its leading 0');
  t.equal(telHref('+91 98765 43210'), 'tel:+919876543210');
  t.equal(waMeHref('+49 (0)221 9876543', 'Hallo'), 'https://wa.me/492219876543?text=Hallo');
});

import { typeFromContent } from '../../server/enquiries/drawings/drawing-type.js';
const drawingTypes = Object.keys(SAMPLE_DRAWINGS) as DrawingType[];
t.test(`each accepted format is recognised by its content (${drawingTypes.join(', ')})`, async (t) => {
  for (const type of drawingTypes) t.equal(typeFromContent(SAMPLE_DRAWINGS[type].bytes), type, type);
  t.equal(typeFromContent(Buffer.from('plain text, nothing more')), null);
});

t.test('Trash is emptied after TRASH_RETENTION_DAYS: the enquiry and its drawings go', async (t) => {
  // A data directory of its own: one server per data directory (the file's server keeps its own).
  const dataDir = withDataDir(t);
  const first = await withServer(t, { dataDir });
  t.equal(
    (await postQuote(first.url, quoteForm(fields({ company: 'Old Trash Ltd' }), [SAMPLE_DRAWINGS.png]))).status,
    303,
  );
  t.equal((await postQuote(first.url, quoteForm(fields({ company: 'Recent Trash Ltd' })))).status, 303);
  await first.close();
  const [recent] = rowsIn<{ id: number }>(dataDir, "SELECT id FROM enquiries WHERE company = 'Recent Trash Ltd'");
  const [old] = rowsIn<{ id: number; stored_name: string }>(
    dataDir,
    "SELECT e.id, f.stored_name FROM enquiries e JOIN enquiry_files f ON f.enquiry_id = e.id WHERE e.company = 'Old Trash Ltd'",
  );
  const db = new Database(join(dataDir, 'forge.db'));
  db.prepare('UPDATE enquiries SET trashed_at = ? WHERE id = ?').run(
    new Date(Date.now() - 31 * 86_400_000).toISOString(),
    old!.id,
  );
  db.prepare('UPDATE enquiries SET trashed_at = ? WHERE id = ?').run(
    new Date(Date.now() - 29 * 86_400_000).toISOString(),
    recent!.id,
  );
  db.close();
  await withServer(t, { env: { TRASH_RETENTION_DAYS: '30' }, dataDir });
  t.same(rowsIn(dataDir, 'SELECT id FROM enquiries WHERE id = ?', old!.id), [], 'in Trash for 31 days: deleted');
  t.notOk(existsSync(join(dataDir, 'uploads', old!.stored_name)), 'with its drawing');
  t.equal(rowsIn(dataDir, 'SELECT id FROM enquiries WHERE id = ?', recent!.id).length, 1, 'in Trash for 29 days: kept');
});

t.test('a repeated quote request (the same, sent twice) keeps one enquiry and one copy of its drawing', async (t) => {
  const once = fields({ company: 'Twice Sent GmbH' });
  const before = storedFiles().length;
  t.equal((await postQuote(server.url, quoteForm(once, [SAMPLE_DRAWINGS.dxf]))).status, 303);
  t.equal(
    (await postQuote(server.url, quoteForm(once, [SAMPLE_DRAWINGS.dxf]))).status,
    303,
    'the repeat is answered as accepted',
  );
  t.same(
    rows("SELECT repeats FROM enquiries WHERE company = 'Twice Sent GmbH'"),
    [{ repeats: 1 }],
    'one enquiry, one repeat',
  );
  t.equal(storedFiles().length, before + 1, 'the repeat’s drawing was not kept');
  t.same(temporaryFiles(), []);
});

t.test(
  'a resend with changes (quantity 100, then 400 with a drawing) is kept as its own enquiry, linked, its drawing byte for byte',
  async (t) => {
    const buyer = fields({ company: 'Resent Flansch AG', subject: 'Anfrage Flansch DN150' });
    const drawing = { name: 'Flansch_DN150_Zeichnung_RevC.pdf', bytes: SAMPLE_DRAWINGS.pdf.bytes };
    t.equal((await postQuote(server.url, quoteForm({ ...buyer, quantity: '100' }))).status, 303, 'the first thanked');
    t.equal(
      (await postQuote(server.url, quoteForm({ ...buyer, quantity: '400' }, [drawing]))).status,
      303,
      'the resend thanked',
    );
    const stored = rows<{ id: number; quantity: number; repeats: number; resent_of: number | null }>(
      "SELECT id, quantity, repeats, resent_of FROM enquiries WHERE company = 'Resent Flansch AG' ORDER BY id",
    );
    t.same(
      stored.map(({ quantity, repeats }) => ({ quantity, repeats })),
      [
        { quantity: 100, repeats: 0 },
        { quantity: 400, repeats: 0 },
      ],
      'both kept, neither counted as a repeat',
    );
    const [first, resend] = stored;
    t.equal(resend!.resent_of, first!.id, 'the resend names the enquiry it resends');
    const files = rows<{ id: number; enquiry_id: number; name: string }>(
      'SELECT id, enquiry_id, name FROM enquiry_files WHERE enquiry_id IN (?, ?)',
      first!.id,
      resend!.id,
    );
    t.same(
      files.map(({ enquiry_id, name }) => ({ enquiry_id, name })),
      [{ enquiry_id: resend!.id, name: drawing.name }],
      'the drawing is kept with the resend',
    );

    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    const page = await (await admin.request(`/admin/enquiries/${resend!.id}`)).text();
    t.match(page, /Resent with changes of <a href="\/admin\/enquiries\/\d+[^"]*">enquiry #\d+<\/a>/);
    t.ok(page.includes(`enquiry #${first!.id}</a>`), 'the page links the earlier enquiry');
    t.ok(page.includes('400 pieces'), 'with the quantity of the resend');
    t.notMatch(page, /Sent 2 times/);
    const download = await admin.request(`/admin/enquiries/${resend!.id}/drawings/${files[0]!.id}`);
    t.equal(download.status, 200);
    t.equal(sha256(Buffer.from(await download.arrayBuffer())), sha256(drawing.bytes), 'the same bytes from the desk');
  },
);
