import t, { type Test } from 'tap';
import { sectionPath } from '../../shared/content/sections.js';
import { CAPABILITY_STATEMENT_PATH } from '../../shared/routes.js';
import { dayInZone } from '../../shared/time/time-zone.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { DAY_MS, testClock, type TestClock } from '../helpers/clock.js';
import { readPdf } from '../helpers/pdf.js';
import { makePhoto, typeOf, uploadPhotos } from '../helpers/photos.js';
import { whenLogged } from '../helpers/server-log.js';
import { reusedPhotoVariants } from '../helpers/photo-variants.js';
import { withServer, type TestServer } from '../helpers/server.js';
import { editSection } from '../helpers/site-editor.js';

const TIME_ZONE = 'Asia/Kolkata';

async function fresh(t: Test): Promise<{ server: TestServer; admin: AdminClient; clock: TestClock; log: string[] }> {
  const clock = testClock();
  const log: string[] = [];
  const server = await withServer(t, {
    env: { ...TEST_ADMIN_ENV, LOG_LEVEL: 'info', SITE_TIME_ZONE: TIME_ZONE, SITE_URL: 'https://www.forge.test' },
    listen: false,
    clock,
    hooks: { logStream: { write: (line: string) => void log.push(line) }, processPhoto: reusedPhotoVariants },
  });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin, clock, log };
}

/** The day `days` from now, in the site's time zone ("2026-12-05"). */
const dayFromNow = (clock: TestClock, days: number) => dayInZone(new Date(clock.now() + days * DAY_MS), TIME_ZONE);

const download = async (server: TestServer, headers: Record<string, string> = {}) => {
  const response = await server.fetch(CAPABILITY_STATEMENT_PATH, { headers });
  return { response, body: new Uint8Array(await response.arrayBuffer()) };
};

/** The records an owner fills in, as the site editor's form posts them. */
function capabilityForm(clock: TestClock): Record<string, string> {
  return {
    'certificates.0.name': 'ISO 9001:2015',
    'certificates.0.number': 'QMS-44871-IN',
    'certificates.0.scope': 'Design and manufacture of closed-die forgings and machined flanges',
    'certificates.0.certifier': 'TÜV SÜD South Asia',
    'certificates.0.accreditation': 'Accredited by NABCB',
    'certificates.0.validUntil': dayFromNow(clock, 10),
    'certificates.1.name': 'ISO 14001:2015',
    'certificates.1.number': 'EMS-EXPIRED-0042',
    'certificates.1.scope': 'Environmental management of the forge shop',
    'certificates.1.certifier': 'Bureau Veritas',
    'certificates.1.accreditation': '',
    'certificates.1.validUntil': dayFromNow(clock, -1),
    'machines.0.name': 'Friction screw press',
    'machines.0.make': 'Lasco',
    'machines.0.capacity': '1,600',
    'machines.0.unit': 'tonnes',
    'machines.0.count': '2',
    'machines.1.name': 'CNC turning centre',
    'machines.1.make': 'Mazak',
    'machines.1.capacity': '400',
    'machines.1.unit': 'mm Ø',
    'machines.1.count': '6',
    'capacity.tonnesPerMonth': '2,400',
    'capacity.weightRange': '0.2 kg to 150 kg',
    'capacity.largestDiameter': '650 mm',
    materials: 'Carbon steel (C22, C45, EN8)\nAlloy steel (42CrMo4)\nStainless steel (F316L)',
    standards: 'ASME B16.5\nDIN 2633\nEN 10204 3.1',
    markets: 'Germany\nTürkiye\nUnited States',
    'caseStudies.0.title': 'Weld-neck flanges for a North Sea platform',
    'caseStudies.0.industry': 'Oil and gas',
    'caseStudies.0.country': 'Norway',
    'caseStudies.0.made': '1,200 weld-neck flanges in F316L to ASME B16.5, with EN 10204 3.1 certificates.',
  };
}

t.test('the records fill the statement: one or two A4 pages, the valid certificate, a photo, accents', async (t) => {
  const { server, admin, clock, log } = await fresh(t);

  const empty = await download(server);
  t.equal(empty.response.status, 404, 'nothing in the records: not found');

  const named = await editSection(admin, sectionPath('company'), {
    name: 'Müller & Söhne Schmiede',
    'registration.gstin': '24AAACB1234C1ZL',
    'registration.iec': 'AAACB1234C',
    'registration.established': '1998',
  });
  t.equal(named.status, 303, 'the company is saved');
  const photo = await makePhoto({ width: 4000, height: 3000, texture: true });
  const saved = await uploadPhotos(
    admin,
    sectionPath('capability'),
    [{ field: 'machines.0.photo', data: photo, fileName: 'IMG_2041.jpg', alt: 'The 1,600-tonne friction screw press' }],
    capabilityForm(clock),
  );
  t.equal(saved.status, 303, 'the records and the machine photo are saved and published');

  const { response, body } = await download(server);
  t.equal(response.status, 200);
  t.equal(response.headers.get('content-type'), 'application/pdf');
  t.equal(
    response.headers.get('content-disposition'),
    'attachment; filename="muller-sohne-schmiede-capability-statement.pdf"',
    'saved under the company’s name',
  );
  t.equal(response.headers.get('cache-control'), 'public, no-cache', 'revalidated like the public pages');
  t.equal(response.headers.get('x-content-type-options'), 'nosniff');
  const etag = response.headers.get('etag');
  t.match(etag, /^"capability-\d+-[0-9a-f]{8}-\w+"$/, 'an ETag of the revision');
  t.equal(response.headers.get('content-length'), String(body.length));
  t.equal(Buffer.from(body.subarray(0, 5)).toString(), '%PDF-', 'a PDF');

  const pdf = await readPdf(body);
  t.ok(pdf.pages >= 1 && pdf.pages <= 2, `one or two pages (${pdf.pages})`);
  const text = pdf.text.join(' ');
  t.ok(text.includes('QMS-44871-IN'), 'the valid certificate’s number');
  t.notOk(text.includes('EMS-EXPIRED-0042'), 'not the expired certificate');
  t.notOk(text.includes('ISO 14001'), 'nor its name');
  for (const expected of [
    'Müller & Söhne Schmiede',
    'TÜV SÜD South Asia',
    'Friction screw press',
    '1,600 tonnes',
    '2,400 tonnes a month',
    '24AAACB1234C1ZL',
    'AAACB1234C',
    'Established 1998',
    'Türkiye',
    'ASME B16.5',
    'Weld-neck flanges for a North Sea platform',
    'www.forge.test',
    'info@example.com',
  ])
    t.ok(text.includes(expected), `shows “${expected}”`);
  t.equal(pdf.title, 'Müller & Söhne Schmiede: capability statement', 'its title names the company');
  const photos = pdf.images.filter((image) => image.width === 960 && image.height === 720);
  t.equal(photos.length, 1, 'the machine’s photo, from its 960-pixel JPEG');
  t.ok(
    pdf.images.some((image) => image.width === image.height),
    'and the logo (the site’s drawing, square)',
  );
  await whenLogged(log, 0, (line) => line.msg === 'capability statement made');

  const unchanged = await download(server, { 'if-none-match': etag! });
  t.equal(unchanged.response.status, 304, 'unchanged: 304');
  t.equal(unchanged.body.length, 0);
  t.equal(unchanged.response.headers.get('etag'), etag);
  const again = await download(server);
  t.same(again.body, body, 'the same file, not made again');
  t.equal(log.filter((line) => line.includes('"capability statement made"')).length, 1, 'made once');

  // The next publish changes it; the requests that come together share one build.
  const edited = await editSection(admin, sectionPath('capability'), { 'certificates.0.number': 'QMS-50000-IN' });
  t.equal(edited.status, 303);
  const together = await Promise.all([download(server), download(server), download(server)]);
  for (const { response: answer } of together) t.not(answer.headers.get('etag'), etag, 'a new ETag');
  t.same(together[1].body, together[0].body);
  t.same(together[2].body, together[0].body);
  t.equal(
    log.filter((line) => line.includes('"capability statement made"')).length,
    2,
    'made once more, for the three requests',
  );
  const after = await readPdf(together[0].body);
  t.ok(after.text.join(' ').includes('QMS-50000-IN'), 'the new number');
  t.notOk(after.text.join(' ').includes('QMS-44871-IN'), 'not the old one');
  const stale = await download(server, { 'if-none-match': etag! });
  t.equal(stale.response.status, 200, 'the old ETag gets the new file');

  // The day after a certificate's last day, it is gone from the statement (in the site's time zone).
  const before = together[0].response.headers.get('etag');
  clock.advance(11 * DAY_MS);
  const expired = await download(server);
  t.equal(expired.response.status, 200, 'the machines and the rest are still shown');
  t.not(expired.response.headers.get('etag'), before, 'a new ETag once the certificate expired');
  t.notOk((await readPdf(expired.body)).text.join(' ').includes('QMS-50000-IN'), 'the expired certificate is gone');
});

t.test('only expired certificates: nothing to show, not found', async (t) => {
  const { server, admin, clock } = await fresh(t);
  const saved = await editSection(admin, sectionPath('capability'), {
    'certificates.0.name': 'ISO 9001:2008',
    'certificates.0.number': 'OLD-1',
    'certificates.0.scope': 'Forgings',
    'certificates.0.certifier': 'TÜV',
    'certificates.0.accreditation': '',
    'certificates.0.validUntil': dayFromNow(clock, -30),
  });
  t.equal(saved.status, 303);
  const { response } = await download(server);
  t.equal(response.status, 404);
  t.match(response.headers.get('content-type'), /^text\/html/, 'the site’s page for not found');
});

t.test('full records, as many as the editor takes, still fit on two pages with "and N more"', async (t) => {
  const { server, admin, clock } = await fresh(t);
  const form: Record<string, string> = {};
  const rows = (name: string, count: number, row: (index: number) => Record<string, string>) => {
    for (let index = 0; index < count; index++)
      for (const [column, value] of Object.entries(row(index))) form[`${name}.${index}.${column}`] = value;
  };
  rows('certificates', 12, (index) => ({
    name: index % 2 ? 'IATF 16949:2016' : 'ISO 9001:2015',
    number: `CERT-${1000 + index}`,
    scope:
      'Manufacture and supply of closed-die and open-die forgings, flanges, hubs and precision-machined components in carbon, alloy and stainless steel',
    certifier: 'TÜV SÜD South Asia Private Limited',
    accreditation: 'Accredited by NABCB',
    validUntil: dayFromNow(clock, 400),
  }));
  rows('machines', 20, (index) => ({
    name: `Friction screw press with automatic manipulator, line ${index + 1}`,
    make: 'Schuler Müller Weingarten',
    capacity: '1,600',
    unit: 'tonnes',
    count: '2',
  }));
  rows('caseStudies', 6, (index) => ({
    title: `Weld-neck flanges for an offshore platform, order ${index + 1}`,
    industry: 'Oil and gas',
    country: 'Norway',
    made: 'We forged and machined 1,200 weld-neck flanges in F316L to ASME B16.5, with EN 10204 3.1 certificates, third-party inspection and delivery in six weeks. '.repeat(
      3,
    ),
  }));
  form.materials = Array.from({ length: 60 }, (_, index) => `Alloy steel grade ${index + 1} (42CrMo4)`).join('\n');
  form.standards = Array.from({ length: 60 }, (_, index) => `ASME B16.${index + 1}`).join('\n');
  form.markets = [
    'Germany',
    'France',
    'Italy',
    'Spain',
    'Netherlands',
    'Belgium',
    'Sweden',
    'Norway',
    'Finland',
    'Denmark',
    'Poland',
    'Czechia',
    'Austria',
    'Switzerland',
    'United Kingdom',
    'Ireland',
    'Canada',
    'Mexico',
    'Brazil',
    'Chile',
    'Argentina',
    'South Africa',
    'Nigeria',
    'Kenya',
    'Egypt',
    'Saudi Arabia',
    'United Arab Emirates',
    'Qatar',
    'Oman',
    'Kuwait',
    'Japan',
    'South Korea',
    'Australia',
    'New Zealand',
    'Singapore',
    'Malaysia',
    'Thailand',
    'Vietnam',
    'Indonesia',
    'Philippines',
    'Türkiye',
    'United States',
  ].join('\n');
  const saved = await uploadPhotos(
    admin,
    sectionPath('capability'),
    [
      {
        field: 'machines.0.photo',
        data: await makePhoto({ width: 4000, height: 3000 }),
        fileName: 'a.jpg',
        alt: 'Press line 1',
      },
      {
        field: 'caseStudies.0.photo',
        data: await makePhoto({ width: 4000, height: 3000, hue: 30 }),
        fileName: 'b.jpg',
        alt: 'Flanges ready for dispatch',
      },
    ],
    form,
  );
  t.equal(saved.status, 303, 'saved');
  const logo = await uploadPhotos(admin, sectionPath('company'), [
    {
      field: 'logo',
      data: await makePhoto({ width: 512, height: 512, format: 'png', hue: 20 }),
      fileName: 'logo.png',
      type: typeOf('png'),
      alt: 'Company logo',
    },
  ]);
  t.equal(logo.status, 303, 'a logo uploaded');
  const { response, body } = await download(server);
  t.equal(response.status, 200);
  const pdf = await readPdf(body);
  t.equal(pdf.pages, 2, 'two pages');
  const text = pdf.text.join(' ');
  t.match(text, /and \d+ more certificates/, 'the certificates that do not fit are counted');
  t.match(text, /and \d+ more machines/);
  t.match(text, /and \d+ more case studies/);
  t.match(text, /ASME B16\.1, ASME B16\.2, .* and \d+ more/, 'long lists end with "and N more"');
  for (const heading of [
    'Certificates',
    'Plant and machines',
    'Materials',
    'Standards',
    'Export markets',
    'Case studies',
  ])
    t.ok(text.includes(heading), `${heading} are on the two pages`);
  t.equal(pdf.images.filter((image) => image.width === 960).length, 2, 'the machine’s and the case study’s photos');
  t.ok(
    pdf.images.some((image) => image.width === 480 && image.height === 480),
    'the uploaded logo (its 480-pixel variant)',
  );
});
