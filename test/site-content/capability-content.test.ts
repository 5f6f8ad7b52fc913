import t from 'tap';
import { COUNTRY_CHOICES, countryCode, countryName, flagOf } from '../../shared/content/countries.js';
import { defaultContent } from '../../shared/content/defaults.js';
import { isCinOrUdyam, isGstin, isIec } from '../../shared/content/identity.js';
import { schemaOfSection, siteContentSchema } from '../../shared/content/schema.js';

t.test('GSTIN, IEC, CIN and Udyam numbers are checked by their published formats', async (t) => {
  // Published GSTINs (their check character computed by GSTN's mod-36 rule).
  for (const gstin of ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4']) t.ok(isGstin(gstin), `${gstin} is a GSTIN`);
  t.notOk(isGstin('27AAPFU0939F1ZA'), 'a wrong check character is refused');
  t.notOk(isGstin('99AAPFU0939F1ZV'), 'a state code above 38 is refused');
  t.notOk(isGstin('27AAPFU0939F1Z'), 'fourteen characters are refused');
  t.ok(isIec('AAPFU0939F') && isIec('0512345678'));
  t.notOk(isIec('AAPFU0939'), 'nine characters are refused');
  t.ok(isCinOrUdyam('U28910GJ2021PTC123456'), 'a CIN');
  t.ok(isCinOrUdyam('L27100MH1907PLC000260'), 'a listed company’s CIN');
  t.ok(isCinOrUdyam('UDYAM-GJ-01-0012345'), 'an Udyam number');
  t.notOk(isCinOrUdyam('UDYAM-GJ-1-0012345'));
  t.notOk(isCinOrUdyam('X28910GJ2021PTC123456'));
});

t.test('export markets: countries by their English names and usual other names, with flags', async (t) => {
  t.equal(countryCode('Germany'), 'DE');
  t.equal(countryCode('  united   states '), 'US', 'any case and spacing');
  t.equal(countryCode('USA'), 'US');
  t.equal(countryCode('UAE'), 'AE');
  t.equal(countryCode('Turkey'), 'TR');
  t.equal(countryCode('Türkiye'), 'TR', 'with its accent');
  t.equal(countryCode('Turkiye'), 'TR', 'and without');
  t.equal(countryCode('Côte d’Ivoire'), 'CI');
  t.equal(countryCode('Saint Lucia'), 'LC', '“St.” and “Saint” alike');
  t.equal(countryCode('Bosnia and Herzegovina'), 'BA', '“&” and “and” alike');
  t.equal(countryCode('Atlantis'), undefined);
  t.equal(flagOf('DE'), '🇩🇪');
  t.equal(flagOf('in'), '🇮🇳');
});

t.test(
  'the one country list: the names buyers write, in their own languages and scripts, name one country each',
  async (t) => {
    const written: [string, string][] = [
      ['UAE', 'AE'],
      ['U.A.E.', 'AE'],
      ['Emirates', 'AE'],
      ['الإمارات', 'AE'],
      ['KSA', 'SA'],
      ['السعودية', 'SA'],
      ['U.S.A.', 'US'],
      ['UK', 'GB'],
      ['Deutschland', 'DE'],
      ['España', 'ES'],
      ['Espana', 'ES'],
      ['Italia', 'IT'],
      ['Türkiye', 'TR'],
      ['भारत', 'IN'],
    ];
    for (const [text, code] of written) t.equal(countryCode(text), code, text);
    t.equal(countryCode('Congo'), undefined, 'a name of two countries maps to neither');
    t.equal(countryName('AE'), 'United Arab Emirates', 'the display name by its code');
    const values = COUNTRY_CHOICES.map(({ value }) => value);
    t.equal(new Set(values).size, values.length, 'the form offers each name once');
    t.ok(
      COUNTRY_CHOICES.every(({ value, name }) => countryName(countryCode(value)!) === name),
      'each name offered is found again, as the country it stands for (no two spellings collide)',
    );
  },
);

t.test('content saved before the capability records and registration numbers reads them as empty', async (t) => {
  const { capability: _capability, ...older } = structuredClone(defaultContent);
  const { registration: _registration, ...company } = older.company;
  const read = siteContentSchema.parse({ ...older, company });
  t.same(read.capability.certificates, [], 'no certificates');
  t.same(read.capability.markets, []);
  t.same(read.company.registration, { legalName: '', gstin: '', iec: '', cin: '', established: '' });
  t.same(defaultContent.capability.machines, [], 'the defaults hold no made-up machine');
  t.equal(defaultContent.company.registration.gstin, '', 'nor a made-up GSTIN');
});

t.test('the capability section: each record is checked, registration numbers stored in capitals', async (t) => {
  const certificate = {
    name: 'ISO 9001:2015',
    number: 'IN-QMS-12345',
    scope: 'Closed-die forging and machining of steel parts',
    certifier: 'TÜV SÜD South Asia',
    accreditation: '',
    validUntil: '2027-03-31',
    photo: null,
  };
  const capability = { ...defaultContent.capability, certificates: [certificate], markets: ['Germany', 'UAE'] };
  t.ok(schemaOfSection('capability').safeParse(capability).success, 'a valid certificate and markets');
  const wrong = schemaOfSection('capability').safeParse({
    ...capability,
    certificates: [{ ...certificate, validUntil: '2027-02-30' }],
    markets: ['Germany', 'Atlantis'],
    machines: [{ name: 'Press', make: '', capacity: 'big', unit: 't', count: '0', photo: null }],
  });
  t.notOk(wrong.success);
  const messages = wrong.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  t.ok(messages.includes('certificates.0.validUntil: Enter valid until as a date, like 2027-03-31'), 'no 30 February');
  for (const impossible of ['2027-13-01', '2027-31-03', '2027-00-10', '2027-04-32']) {
    const read = schemaOfSection('capability').safeParse({
      ...capability,
      certificates: [{ ...certificate, validUntil: impossible }],
    });
    t.same(
      read.error?.issues.map((issue) => issue.message),
      ['Enter valid until as a date, like 2027-03-31'],
      `${impossible}: a message, not an error of the server`,
    );
  }
  t.ok(
    messages.includes('markets.1: Enter a country’s name in English for country, like Germany'),
    'an unknown country',
  );
  t.ok(messages.includes('machines.0.capacity: Enter capacity as a number, like 1600'));
  t.ok(messages.includes('machines.0.count: Enter how many as a whole number from 1 to 999'));

  const company = schemaOfSection('company').parse({
    ...defaultContent.company,
    registration: { legalName: '', gstin: '27aapfu0939f1zv', iec: '', cin: 'udyam-gj-01-0012345', established: '2021' },
  }) as typeof defaultContent.company;
  t.equal(company.registration.gstin, '27AAPFU0939F1ZV', 'a GSTIN typed in small letters is kept in capitals');
  t.equal(company.registration.cin, 'UDYAM-GJ-01-0012345');
  const refused = schemaOfSection('company').safeParse({
    ...defaultContent.company,
    registration: { legalName: '', gstin: '27AAPFU0939F1ZA', iec: '12345', cin: '', established: '21' },
  });
  t.same(
    refused.error!.issues.map((issue) => issue.path.join('.')),
    ['registration.gstin', 'registration.iec', 'registration.established'],
    'a GSTIN that does not check out, a short IEC and a two-digit year are refused',
  );
});
