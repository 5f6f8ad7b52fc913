import t from 'tap';
import { loadCatalogue, loadFormTexts, loadSiteTexts, type Catalogue } from '../../../shared/i18n/catalogue.js';
import { ar } from '../../../shared/i18n/catalogues/ar.js';
import { en } from '../../../shared/i18n/catalogues/en.js';
import { languages } from '../../../shared/i18n/languages.js';
import { localizedPath, readLocalizedPath } from '../../../shared/i18n/paths.js';
import { plural } from '../../../shared/i18n/plural.js';
import { ROUTES } from '../../../shared/routes.js';

/** Every text in a part of the catalogue, by its key path: strings, messages with values, plural forms, groups. */
function textsOf(value: unknown, key: string): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (typeof value === 'function') return [[key, (value as (...values: unknown[]) => string)(7, 12)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([name, part]) => textsOf(part, `${key}.${name}`));
}

/** A plural's forms differ by language (Arabic has six): the plural's own key is compared, not its forms. */
const notPluralForm = (key: string) => !/\.(zero|one|two|few|many|other)$/.test(key);

t.test('every language loads a catalogue with every English key, none empty', async (t) => {
  const english = await loadCatalogue('en');
  for (const lang of languages) {
    const catalogue = await loadCatalogue(lang);
    const texts = textsOf(catalogue satisfies Catalogue, lang);
    t.same(
      texts.map(([key]) => key.slice(lang.length)).filter(notPluralForm),
      textsOf(english, 'en')
        .map(([key]) => key.slice(2))
        .filter(notPluralForm),
      `${lang}: every key, in English's order`,
    );
    for (const [key, text] of texts) t.ok(text.trim().length > 0, key);
  }
  t.equal((await loadCatalogue('de')).pageInThisLanguage, 'Diese Seite gibt es auf Deutsch');
});

t.test("the forms' texts are a part of their own, apart from the site's texts", async (t) => {
  for (const lang of languages) {
    const [site, forms] = await Promise.all([loadSiteTexts(lang), loadFormTexts(lang)]);
    t.same(Object.keys(forms), ['quotation', 'form', 'validation'], `${lang}: the forms' part`);
    t.notOk(
      Object.keys(forms).some((key) => key in site),
      `${lang}: none of it among the site's texts`,
    );
    t.equal(site.quotationTitle, forms.quotation.title('', '').trim(), `${lang}: a quotation's title, the same word`);
  }
});

t.test('Arabic plurals take all six forms, chosen by Intl.PluralRules, in Western digits', (t) => {
  const forms = ar.drawingsAttached;
  t.equal(plural('ar', 0, forms), forms.zero);
  t.equal(plural('ar', 1, forms), forms.one);
  t.equal(plural('ar', 2, forms), forms.two);
  t.equal(plural('ar', 3, forms), '3 رسومات مرفقة');
  t.equal(plural('ar', 11, forms), '11 رسمًا مرفقًا');
  t.equal(plural('ar', 100, forms), '100 رسم مرفق');
  t.end();
});

t.test('German and English plurals: one and other, numbers written by Intl', async (t) => {
  const de = await loadCatalogue('de');
  t.equal(plural('de', 1, de.drawingsAttached), '1 Zeichnung angehängt');
  t.equal(plural('de', 1200, de.drawingsAttached), '1.200 Zeichnungen angehängt');
  t.equal(plural('en', 2, en.drawingsAttached), '2 drawings attached');
});

t.test('translated addresses: each English path maps to one per language and back', (t) => {
  t.equal(localizedPath('de', '/products/flanges'), '/de/produkte/flansche');
  t.equal(localizedPath('de', '/'), '/de/');
  t.equal(localizedPath('en', '/about'), '/about');
  t.same(readLocalizedPath('/de/products/flanges'), { lang: 'de', englishPath: '/products/flanges' });
  t.same(readLocalizedPath('/de/produkte/flansche'), { lang: 'de', englishPath: '/products/flanges' });
  t.same(readLocalizedPath('/ar/'), { lang: 'ar', englishPath: '/' });
  t.equal(readLocalizedPath('/products'), undefined);
  t.equal(readLocalizedPath('/en/products'), undefined);
  for (const lang of languages.filter((code) => code !== 'en')) {
    for (const route of ROUTES) {
      const path = localizedPath(lang, route.path);
      t.same(readLocalizedPath(path), { lang, englishPath: route.path }, path);
    }
  }
  t.end();
});
