/**
 * Proof of capability as the server renders it: with nothing filled in, the Infrastructure page
 * still makes sense and shows no empty part, Home and About no strip, the footer no registration;
 * with every record filled in through the site editor, each shows where it belongs, with its
 * JSON-LD; an expired certificate is hidden from the site (on its day, without a new publish) and
 * flagged on the desk, as is one that expires within 30 days.
 */
import t from 'tap';
import { formatDay } from '../../shared/capability/certificates.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  CASE_STUDY,
  CERTIFICATES,
  dayFrom,
  fillCapability,
  MACHINES,
  MARKETS,
  REGISTRATION,
} from '../helpers/capability.js';
import { DAY_MS, testClock } from '../helpers/clock.js';
import { jsonLdGraph, metaContent, type JsonLdNode } from '../helpers/head.js';
import { reusedPhotoVariants } from '../helpers/photo-variants.js';
import { withServer } from '../helpers/server.js';

const clock = testClock();
const server = await withServer(t, {
  env: { ...TEST_ADMIN_ENV, SITE_URL: 'https://www.forge.example' },
  clock,
  hooks: { processPhoto: reusedPhotoVariants },
});
const html = async (path: string) => {
  const response = await server.fetch(path);
  t.equal(response.status, 200, `${path} answers`);
  return (await response.text())
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
};
/** The page's main content, without the header and footer. */
const main = (page: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(page)![1]!;
const organization = (page: string) => jsonLdGraph(page).find((node) => node['@type'] === 'Organization')!;
const registrationValues = Object.values(REGISTRATION);

t.test('nothing filled in: the page says what the plant does and links to Contact, with no empty part', async (t) => {
  const page = await html('/infrastructure');
  const content = main(page);
  t.match(content, /<h1>Infrastructure and Quality<\/h1>/);
  t.match(content, /forges and machines parts to buyers’ drawings/);
  t.match(content, /href="\/contact"[^>]*>Contact Us</);
  const headings = [...content.matchAll(/<h2[^>]*>([^<]*)</g)].map((match) => match[1]);
  t.same(headings, ['Have a drawing or a requirement?'], 'only the call to action has a heading');
  t.notMatch(page, /capability-statement\.pdf/, 'no capability statement without records');
  for (const path of ['/', '/about']) t.notMatch(await html(path), /proof-strip/, `${path}: no strip`);
  for (const path of ['/', '/contact', '/about', '/infrastructure'])
    t.notMatch(await html(path), /class="registration/, `${path}: no registration numbers`);
  const org = organization(page);
  for (const key of ['legalName', 'taxID', 'identifier', 'hasCredential', 'knowsAbout', 'areaServed', 'foundingDate'])
    t.notOk(key in org, `no ${key} in the JSON-LD`);
  t.match(await html('/'), /href="\/infrastructure"[^>]*>Infrastructure</, 'the menu links it');
});

t.test('every record filled in through the site editor', async (t) => {
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await fillCapability(owner, clock.now());

  const page = await html('/infrastructure');
  const content = main(page);
  for (const heading of [
    'Capacity',
    'Plant and Machines',
    'Certificates',
    'Materials and Standards',
    'Export Markets',
    'Case Studies',
    'Company Registration',
  ])
    t.match(content, new RegExp(`<h2[^>]*>${heading}</h2>`), heading);
  t.match(content, /<dt>Tonnes per month<\/dt><dd>1,200<\/dd>/);
  t.match(content, /<dd>0\.2 kg to 150 kg<\/dd>/);
  for (const machine of MACHINES) t.ok(content.includes(`<h3>${machine.name}</h3>`), machine.name);
  t.match(content, /<dt>Capacity<\/dt><dd>1,600 tonnes<\/dd>/);
  t.match(content, /<dt>How many<\/dt><dd>6<\/dd>/);
  t.match(content, /<source type="image\/avif" srcSet="\/media\/[0-9a-f]{20}\/160\.avif 160w, [^"]*1600\.avif 1600w"/);
  t.equal(content.match(/<picture>/g)?.length, 3 + 2 + 1, 'a photo per machine, valid certificate and case study');

  const [valid, expiring, expired] = CERTIFICATES;
  t.ok(content.includes(valid.number) && content.includes(valid.scope) && content.includes(valid.accreditation));
  t.ok(content.includes(formatDay(dayFrom(valid.validFor, clock.now()))), 'its expiry');
  t.ok(content.includes(expiring.number), 'a certificate expiring in 12 days is still shown');
  t.notOk(page.includes(expired.number), 'the expired certificate is nowhere on the page (nor in its data)');
  t.notOk(page.includes(expired.name), 'nor its name');

  for (const market of MARKETS) t.ok(content.includes(market), market);
  t.match(content, /<span class="markets__flag" aria-hidden="true">🇩🇪<\/span>Germany/);
  t.ok(content.includes(CASE_STUDY.title) && content.includes(CASE_STUDY.made));
  for (const value of registrationValues) t.ok(content.includes(value), `registration: ${value}`);
  t.match(content, /href="\/capability-statement\.pdf"[^>]*>.*Download the capability statement \(PDF\)/);
  t.match(
    metaContent(page, 'og:image:alt'),
    /Friction screw press .* in the forge shop/,
    'its link preview shows a machine',
  );

  // JSON-LD: the Organization on every page, the WebPage here.
  const org = organization(page) as JsonLdNode & Record<string, unknown>;
  t.match(org, {
    legalName: REGISTRATION['registration.legalName'],
    foundingDate: '2015',
    taxID: REGISTRATION['registration.gstin'],
    identifier: [
      { '@type': 'PropertyValue', propertyID: 'IEC', value: 'AAACB1234C' },
      { '@type': 'PropertyValue', propertyID: 'CIN', value: 'U28910GJ2021PTC123456' },
    ],
    knowsAbout: ['Carbon steel (C22, C45, EN8, SA105)'],
  });
  const credentials = org.hasCredential as Record<string, unknown>[];
  t.same(
    credentials.map((credential) => credential.identifier),
    [valid.number, expiring.number],
    'the valid certificates only',
  );
  t.match(credentials[0], {
    '@type': 'EducationalOccupationalCredential',
    credentialCategory: 'certificate',
    name: valid.name,
    recognizedBy: { '@type': 'Organization', name: valid.certifier },
    expires: dayFrom(valid.validFor, clock.now()),
  });
  t.same((org.areaServed as Record<string, unknown>[])[0], { '@type': 'Country', name: 'Germany', identifier: 'DE' });
  t.match(
    jsonLdGraph(page).find((node) => node['@type'] === 'WebPage'),
    { url: 'https://www.forge.example/infrastructure', about: { '@id': org['@id'] } },
  );
  t.match(organization(await html('/products')), { taxID: REGISTRATION['registration.gstin'] }, 'on every page');

  // The strip on Home and About; the registration numbers in the footer, on Contact and About.
  for (const path of ['/', '/about']) {
    const strip = /<section class="section section--tight proof-strip"[\s\S]*?<\/section>/.exec(await html(path))?.[0];
    t.ok(strip, `${path}: the strip`);
    t.match(strip, /<dd>1,200<\/dd>/);
    t.match(strip, /ISO 9001:2015, PED 2014\/68\/EU/);
    t.notMatch(strip, /IATF/, 'not the expired certificate');
    t.match(strip, /<dd>8 countries<\/dd>/);
    t.match(strip, /href="\/infrastructure"[^>]*>See our plant and quality/);
  }
  for (const path of ['/', '/products/flanges', '/contact']) {
    const footer = /<footer[\s\S]*<\/footer>/.exec(await html(path))![0];
    for (const value of registrationValues.slice(0, 4)) t.ok(footer.includes(value), `${path} footer: ${value}`);
    t.notOk(footer.includes('<dt>Established</dt>'), `${path} footer: not the year`);
  }
  t.match(main(await html('/contact')), /<dt>GSTIN<\/dt><dd>24AAACB1234C1ZL<\/dd>/);
  t.match(main(await html('/about')), /<dt>Established<\/dt><dd>2015<\/dd>/);

  // The desk flags the certificate that expires within 30 days and the one that has expired.
  const desk = await (await owner.request('/admin')).text();
  t.ok(
    desk.includes(
      `Certificate ${expiring.name} (${expiring.number}) expires on ${formatDay(dayFrom(12, clock.now()))}.`,
    ),
    'expires soon',
  );
  t.ok(desk.includes(`Certificate ${expired.name} (${expired.number}) has expired`), 'has expired');
  t.notOk(desk.includes(`Certificate ${valid.name} (`), 'not the one valid for two years');
});

t.test('a certificate goes from the site on the day after its last valid day, with no new publish', async (t) => {
  const [, expiring] = CERTIFICATES;
  t.ok((await html('/infrastructure')).includes(expiring.number), 'shown today');
  clock.advance(12 * DAY_MS);
  t.ok((await html('/infrastructure')).includes(expiring.number), 'shown on its last valid day');
  clock.advance(DAY_MS);
  const page = await html('/infrastructure');
  t.notOk(page.includes(expiring.number), 'gone the next day');
  t.notMatch(/<section class="section section--tight proof-strip"[\s\S]*?<\/section>/.exec(await html('/'))![0], /PED/);
});
