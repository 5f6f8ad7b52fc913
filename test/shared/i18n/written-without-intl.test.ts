/**
 * Numbers, sizes, plurals and dates that pages write without Intl (a page's first Intl object costs a
 * phone's browser tens of milliseconds while it starts) give what Intl gives.
 */
import t from 'tap';
import { formatDay } from '../../../shared/capability/certificates.js';
import { formatNumber } from '../../../shared/capability/records.js';
import { countryCode } from '../../../shared/content/countries.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { LANGUAGE_INFO, languages } from '../../../shared/i18n/languages.js';
import { plural } from '../../../shared/i18n/plural.js';

const COUNTS = [...Array.from({ length: 2100 }, (_, n) => n), 10_000, 123_456, 1_000_000, 2_000_000, 1.5, 0.5];

t.test('a plural takes the form and the digits Intl gives, in every language', (t) => {
  const forms = {
    zero: 'z {count}',
    one: 'o {count}',
    two: 't {count}',
    few: 'f {count}',
    many: 'm {count}',
    other: 'x {count}',
  };
  for (const lang of languages) {
    const { intlLocale } = LANGUAGE_INFO[lang];
    const rules = new Intl.PluralRules(intlLocale);
    const number = new Intl.NumberFormat(intlLocale);
    const wrong = COUNTS.filter(
      (count) => plural(lang, count, forms) !== forms[rules.select(count)].replace('{count}', number.format(count)),
    );
    t.same(wrong, [], `${lang}: every count as Intl writes it`);
  }
  t.end();
});

t.test("a typed number is written as Intl's en-GB writes it, at most three decimals", (t) => {
  const typed = [
    '1600',
    '2.5',
    '0',
    '1000000',
    '1234.5678',
    '-1234.5',
    '0.0004',
    '999',
    '1e6',
    '100.10',
    '5000000000000',
    ' 42 ',
  ];
  for (const value of typed)
    t.equal(formatNumber(value), Number(value).toLocaleString('en-GB', { maximumFractionDigits: 3 }), value);
  t.equal(formatNumber('about 40'), 'about 40', 'words stay as typed');
  t.equal(formatNumber(''), '');
  t.end();
});

t.test("a size in the site's English is written as Intl writes it", (t) => {
  const number = new Intl.NumberFormat('en-GB', { useGrouping: false, maximumFractionDigits: 1 });
  t.equal(formatBytes(10 * 1024 * 1024), `${number.format(10)} MB`);
  t.equal(formatBytes(2.45 * 1024 * 1024), `${number.format(2.5)} MB`);
  t.equal(formatBytes(1536 * 1024), `${number.format(1.5)} MB`);
  t.equal(formatBytes(830 * 1024), '830 KB');
  t.equal(formatBytes(10), '1 KB');
  t.equal(formatBytes(2.5 * 1024 * 1024, 'de-DE'), '2,5 MB', "another locale's decimal comma, through Intl");
  t.end();
});

t.test('a calendar day is written as en-GB writes a long date', (t) => {
  const long = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  for (const day of ['2027-03-31', '2026-01-01', '2026-12-09', '2030-02-28', '2028-02-29'])
    t.equal(formatDay(day), long.format(new Date(`${day}T00:00:00Z`)), day);
  t.end();
});

t.test('a country is found by its usual names once its list is made on first use', (t) => {
  t.equal(countryCode('U.A.E.'), 'AE');
  t.equal(countryCode('Deutschland'), 'DE');
  t.equal(countryCode('Côte d’Ivoire'), countryCode('Ivory Coast'));
  t.equal(countryCode('Atlantis'), undefined);
  t.end();
});
