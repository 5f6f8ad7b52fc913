import t from 'tap';
import { categoriesOf } from '../../shared/content/categories.js';
import { defaultContent } from '../../shared/content/defaults.js';
import { en } from '../../shared/i18n/catalogues/en.js';
import { PAGE_DESCRIPTIONS } from '../../shared/i18n/page-descriptions.js';
import { documentTitle, pageMeta, publicRoutes, SLIDE_TARGETS } from '../../shared/routes.js';
import { BOOTSTRAP_ELEMENT_ID } from '../../shared/page-data.js';

const categories = categoriesOf(defaultContent.products);
const heroSlides = defaultContent.home.slides;
import { sectionPath } from '../../shared/content/sections.js';
import { LANGUAGE_INFO, TRANSLATED_LANGUAGES, type LanguageCode } from '../../shared/i18n/languages.js';
import { localizedRoutes } from '../../shared/i18n/page-address.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import {
  CASE_STUDY,
  CERTIFICATES as CAPABILITY_CERTIFICATES,
  dayFrom,
  MACHINES,
  MARKETS,
  REGISTRATION,
} from '../helpers/capability.js';
import { englishOn, englishTexts } from '../helpers/english-left.js';
import { jsonLdGraph, metaContent } from '../helpers/head.js';
import { editSection } from '../helpers/site-editor.js';
import { hreflangLinks, publishLanguage } from '../helpers/languages.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { postForm, withServer } from '../helpers/server.js';

const server = await withServer(t, { listen: false });

const get = (path: string, init?: RequestInit) => server.fetch(path, { redirect: 'manual', ...init });
const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/<!-- -->/g, '');

t.test('every public route answers 200 with its own title, description, canonical link and OG tags', async (t) => {
  t.equal(publicRoutes.length, 12);
  for (const page of publicRoutes) {
    const response = await get(page.path);
    t.equal(response.status, 200, page.path);
    t.match(response.headers.get('content-type'), /^text\/html; charset=utf-8/);
    const html = await response.text();
    const meta = pageMeta(page, defaultContent, { texts: en, descriptions: PAGE_DESCRIPTIONS.en });
    t.ok(
      html.includes(`<title>${documentTitle(meta.title, 'Example Forgings', page.path)}</title>`),
      `${page.path} title`,
    );
    t.ok(html.includes(`<meta name="description" content="${meta.description}">`), `${page.path} description`);
    t.ok(html.includes(`<link rel="canonical" href="http://localhost:3000${page.path}">`), `${page.path} canonical`);
    t.ok(html.includes(`<meta property="og:url" content="http://localhost:3000${page.path}">`), `${page.path} og:url`);
    // The first frame waits for the whole app's HTML, up to the data after it (no frame of a
    // half-parsed header to shift from).
    t.ok(
      html.includes(`<link rel="expect" href="#${BOOTSTRAP_ELEMENT_ID}" blocking="render">`) &&
        html.indexOf('<div id="root">') < html.indexOf(`<script id="${BOOTSTRAP_ELEMENT_ID}"`),
      `${page.path}: its first frame waits for the app's HTML`,
    );
    // Data blocks (the hydration JSON, the JSON-LD) are not executed; anything else would be an inline script.
    t.notMatch(
      html,
      /<script(?![^>]*(type="module"|type="application\/json"|type="application\/ld\+json"))[^>]*>/,
      'no inline executable script',
    );
  }
});

t.test('shared elements are on every page', async (t) => {
  for (const page of publicRoutes) {
    const html = decode(await (await get(page.path)).text());
    t.ok(html.includes('href="mailto:info@example.com"'), `${page.path}: top bar e-mail`);
    t.ok(html.includes('href="tel:+919876543210"'), `${page.path}: phone link`);
    for (const label of ['Home', 'About Us', 'Products', 'Contact Us', 'Quick Links', 'Our Products', 'Contact Info']) {
      t.ok(html.includes(`>${label}<`), `${page.path}: ${label}`);
    }
    t.ok(html.includes('id="privacy"') && html.includes('href="#privacy"'), `${page.path}: privacy anchor`);
    t.ok(html.includes('id="terms"') && html.includes('href="#terms"'), `${page.path}: terms anchor`);
    t.ok(html.includes(`© ${new Date().getFullYear()} Example Forgings`), `${page.path}: copyright year`);
    t.ok(html.includes('Gujarat'), `${page.path}: postal address`);
    if (page.path === '/contact') {
      t.notOk(html.includes('class="floating-actions"'), '/contact: no floating actions over the form');
      continue;
    }
    t.match(
      html,
      /href="https:\/\/wa\.me\/919876543210\?text=Hello[^"]*" class="fab fab--whatsapp" target="_blank" rel="noopener noreferrer"/,
    );
    t.ok(html.includes('Send Enquiry') && html.includes('Call Now'), `${page.path}: floating actions`);
    // A product's page asks for a quote of it (below); every other page opens the form itself too.
    if (!page.path.startsWith('/products/'))
      t.ok(
        html.includes('<a class="fab fab--enquiry" href="/contact#enquiry-form"'),
        `${page.path}: Send Enquiry opens the contact page at its form`,
      );
  }
});

t.test('the active nav link is marked aria-current', async (t) => {
  const html = await (await get('/about')).text();
  t.match(html, /<a aria-current="page" class="nav__link active" href="\/about"[^>]*>About Us<\/a>/);
  const category = await (await get('/products/flanges')).text();
  t.match(category, /<a aria-current="page" class="nav__link active" href="\/products"/);
});

t.test('home page: every hero slide in the HTML, none hidden, no slider buttons; 7 product cards', async (t) => {
  const html = decode(await (await get('/')).text());
  for (const [index, slide] of heroSlides.entries()) {
    t.ok(html.includes(slide.title), slide.title);
    const slideHtml = html.split('class="hero__slide"')[index + 1]!;
    t.ok(slideHtml.startsWith(' role="group"') && !/^[^>]*hidden/.test(slideHtml), `slide ${index + 1} is not hidden`);
    t.ok(slideHtml.includes(`href="${SLIDE_TARGETS[index]!.path}"`));
  }
  // Without JavaScript they would do nothing: they come once the page has hydrated.
  t.notMatch(html, /hero__pause|hero__dot|Pause slideshow/, 'no pause button or dots in the HTML');
  for (const category of categories) t.ok(html.includes(`href="/products/${category.slug}"`), category.slug);
  t.equal(html.match(/class="card category-card"/g)?.length, 7);
  t.ok(html.includes('href="/about"') && html.includes('href="/contact"'));
});

t.test('about page: story, mission, vision, four values, two leaders', async (t) => {
  const html = decode(await (await get('/about')).text());
  for (const text of [
    '2021',
    '2015',
    'Our Mission',
    'Our Vision',
    'Customer Focus',
    'Excellence',
    'Collaboration',
    'Growth',
    'CEO',
    'Director',
  ]) {
    t.ok(html.includes(text), text);
  }
});

t.test('each category page shows 6 features, a 5-row specification table and 6 applications', async (t) => {
  for (const category of categories) {
    const html = decode(await (await get(`/products/${category.slug}`)).text());
    t.ok(html.includes(`<h1>${category.name}</h1>`), category.name);
    for (const feature of category.features) t.ok(html.includes(feature), feature);
    for (const application of category.applications) t.ok(html.includes(application), application);
    const table = html.slice(html.indexOf('<table'), html.indexOf('</table>'));
    t.equal(table.match(/<tr>/g)?.length, 5, `${category.slug}: 5 rows`);
    for (const row of category.specifications) {
      t.ok(table.includes(`<th scope="row">${row.label}</th><td>${row.value}</td>`), `${category.slug}: ${row.label}`);
    }
    t.match(
      html,
      new RegExp(`<a [^>]*href="/contact\\?product=${category.slug}#enquiry-form"[^>]*>Request a Quote</a>`),
    );
    t.match(
      html,
      new RegExp(`<a class="fab fab--enquiry" href="/contact\\?product=${category.slug}#enquiry-form"`),
      'Send Enquiry asks for a quote of this product',
    );
    t.match(
      html,
      new RegExp(
        `wa\\.me/919876543210\\?text=[^"]*I%20am%20interested%20in%20your%20${encodeURIComponent(category.name)}\\.`,
      ),
      'WhatsApp names the product',
    );
    t.match(html, /<img class="category__image" src="\/assets\/[^"]+\.svg" alt="[^"]+" width="480" height="320"/);
  }
});

t.test('specification ranges follow the spec exactly', async (t) => {
  const ranges: Record<string, string[]> = {
    'auto-parts': ['0.1 to 50 kg'],
    flanges: ['1/2 to 60 inch NPS', '150# to 2500#'],
    'hydraulic-jack-parts': ['Up to 100 tons'],
    'pipe-fittings': ['1/4 to 24 inch NPS', '2000 to 6000 PSI'],
    'agriculture-parts': ['0.5 to 100 kg'],
    'industrial-valve': ['1/2 to 48 inch NPS', 'Class 150 to 2500'],
    'transmission-parts': ['0.2 to 30 kg', '55 to 62 HRC'],
  };
  for (const [slug, texts] of Object.entries(ranges)) {
    const html = decode(await (await get(`/products/${slug}`)).text());
    for (const text of texts) t.ok(html.includes(`<td>${text}</td>`), `${slug}: ${text}`);
  }
});

t.test('contact page: details, hours without Wednesday, follow links in new tabs, the form', async (t) => {
  const html = decode(await (await get('/contact')).text());
  for (const text of [
    'Contact Us',
    'Get In Touch',
    'Send Us a Message',
    'Gondal',
    'Rajkot',
    '360 311',
    '+91 98765 43210',
    '+91 98765 43211',
  ]) {
    t.ok(html.includes(text), text);
  }
  t.ok(html.includes('Monday & Tuesday: 9:00 AM – 7:00 PM'));
  t.ok(html.includes('Thursday – Sunday: 9:00 AM – 7:00 PM'));
  t.notOk(html.includes('Wednesday'));
  t.equal(
    html.match(/class="social-list"[\s\S]*?<\/ul>/)![0].match(/target="_blank" rel="noopener noreferrer"/g)?.length,
    3,
  );
  const form = /<form[^>]*>/.exec(html)![0];
  t.ok(
    form.includes('method="post"') && form.includes('action="/contact#enquiry-form"'),
    'a real form POST to /contact',
  );
  t.match(form, /enctype="multipart\/form-data"/i, 'multipart, for the drawings');
  for (const field of [
    'name="name"',
    'type="email"',
    'type="tel"',
    'name="subject"',
    '<textarea rows="6"',
    'name="bot-field"',
    'name="form-name" value="contact"',
  ]) {
    t.ok(html.includes(field), field);
  }
});

t.test(
  'the Country field suggests every country from the document, outside the app, on the contact page only',
  async (t) => {
    const html = await (await get('/contact')).text();
    t.match(html, /<input [^>]*list="enquiry-countries"[^>]*name="country"/, 'the field names the list');
    const lists = html.match(/<datalist id="enquiry-countries">[\s\S]*?<\/datalist>/g) ?? [];
    t.equal(lists.length, 1, 'one list');
    t.ok(
      html.includes(`</div>\n${lists[0]}<script id="${BOOTSTRAP_ELEMENT_ID}"`),
      "between the app's root and its data: never hydrated",
    );
    t.ok(lists[0]!.includes('<option value="Germany"></option>'), 'every country by its name');
    t.ok(
      lists[0]!.includes('<option value="Deutschland" label="Germany"></option>'),
      'the names people write, labelled',
    );
    t.ok((lists[0]!.match(/<option /g) ?? []).length > 249, 'all of ISO 3166-1 and the other names');
    t.notMatch(html, /<link rel="modulepreload" href="\/assets\/countr/, 'its script comes when the field is used');
    t.notOk((await (await get('/')).text()).includes('<datalist'), 'no list on other pages');
  },
);

t.test('unknown paths are real 404s in the site layout', async (t) => {
  for (const path of ['/products/unknown', '/nope', '/admin/x']) {
    const response = await get(path);
    t.equal(response.status, 404, path);
    const html = await response.text();
    t.ok(html.includes('Page Not Found'));
    t.ok(html.includes('href="/"') && html.includes('href="/products"'));
    t.ok(html.includes('noindex'));
  }
  for (const path of ['/api/nothing', '/admin/api/nothing']) {
    const api = await get(path);
    t.equal(api.status, 404, path);
    t.same(Object.keys((await api.json()) as object), ['error', 'message'], `${path}: JSON for scripts`);
  }
});

t.test('a trailing slash redirects to the page', async (t) => {
  const response = await get('/about/');
  t.equal(response.status, 301);
  t.equal(response.headers.get('location'), '/about');
});

t.test('public pages are cached HTML with ETag and 304', async (t) => {
  const first = await get('/products');
  const etag = first.headers.get('etag');
  t.ok(etag);
  t.equal(
    first.headers.get('cache-control'),
    'public, no-cache',
    'stored, revalidated each time: an edit shows at once',
  );
  const again = await get('/products', { headers: { 'if-none-match': etag! } });
  t.equal(again.status, 304);
});

t.test('hashed assets are served immutable', async (t) => {
  const html = await (await get('/')).text();
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1]!;
  for (const asset of [script, css]) {
    const response = await get(asset);
    t.equal(response.status, 200, asset);
    t.match(response.headers.get('cache-control'), /public, max-age=31536000, immutable/);
  }
  t.equal((await get('/assets/missing.js')).status, 404);
});

t.test(
  'sitemap lists the 12 public routes (/infrastructure among them); robots points to it and disallows /admin',
  async (t) => {
    const sitemap = await (await get('/sitemap.xml')).text();
    t.equal(sitemap.match(/<loc>/g)?.length, 12);
    t.ok(sitemap.includes('<loc>http://localhost:3000/infrastructure</loc>'), 'the Infrastructure page');
    for (const page of publicRoutes) t.ok(sitemap.includes(`<loc>http://localhost:3000${page.path}</loc>`), page.path);
    const robots = await (await get('/robots.txt')).text();
    t.match(robots, /Disallow: \/admin/);
    t.match(robots, /Sitemap: http:\/\/localhost:3000\/sitemap\.xml/);
  },
);

t.test('site configuration from the environment replaces the placeholders', async (t) => {
  const custom = await withServer(t, {
    env: {
      COMPANY_NAME: 'Gondal Forge Works',
      CONTACT_EMAIL: 'sales@gondalforge.test',
      SITE_URL: 'https://forge.test/',
    },
    listen: false,
  });
  const html = await (await custom.fetch('/about')).text();
  t.ok(html.includes('<title>About Us | Gondal Forge Works</title>'));
  t.ok(html.includes('mailto:sales@gondalforge.test'));
  t.ok(html.includes('<link rel="canonical" href="https://forge.test/about">'));
});

t.test(
  'other languages: served once published, at translated addresses, each page pointing to all the others',
  async (t) => {
    const multi = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
    const fetchPage = (path: string) => multi.fetch(path, { redirect: 'manual' });
    const german = localizedRoutes('de');

    // Unpublished: a real 404, and in no hreflang or sitemap.
    for (const path of ['/de/', '/de/produkte/flansche', '/de/products/flanges']) {
      t.equal((await fetchPage(path)).status, 404, `${path} before German is published`);
    }
    t.notMatch(await (await fetchPage('/')).text(), /hreflang="de"/);
    t.notMatch(await (await fetchPage('/sitemap.xml')).text(), /\/de\//);

    const admin = new AdminClient(multi.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await publishLanguage(admin, 'de');
    await publishLanguage(admin, 'ar');

    for (const { path, route } of german.filter(({ route }) => route.listed)) {
      const response = await fetchPage(encodeURI(path));
      t.equal(response.status, 200, path);
      const html = await response.text();
      t.match(html, /^<!doctype html>\n<html lang="de" dir="ltr">/, `${path}: in German`);
      t.ok(html.includes(`<link rel="canonical" href="http://localhost:3000${path}">`), `${path}: canonical`);
      if (route.cache === 'public') {
        const english = (await fetchPage(route.path)).headers.get('etag');
        t.not(response.headers.get('etag'), english, `${path}: a cached page of its own`);
      }
    }
    const flansche = await (await fetchPage('/de/produkte/flansche')).text();
    t.match(flansche, /<h1[^>]*>Flansche<\/h1>/, 'the published German content');
    t.ok(flansche.includes('href="/de/kontakt?product=flanges#enquiry-form"'), 'links stay in German');
    t.match(await (await fetchPage('/products/flanges')).text(), /<html lang="en" dir="ltr">/, 'English stays');

    const arabic = await fetchPage(encodeURI('/ar/المنتجات/الفلنجات'));
    t.equal(arabic.status, 200);
    t.match(await arabic.text(), /<html lang="ar" dir="rtl">/);

    // English or mixed segments under a prefix, or no trailing slash on a language's home: 301 to the address.
    const moves: [string, string][] = [
      ['/de/products/flanges', '/de/produkte/flansche'],
      ['/de/produkte/flanges?product=x', '/de/produkte/flansche?product=x'],
      ['/de', '/de/'],
      ['/de/kontakt/', '/de/kontakt'],
      ['/ar/products', encodeURI('/ar/المنتجات')],
    ];
    for (const [from, to] of moves) {
      const moved = await fetchPage(from);
      t.equal(moved.status, 301, from);
      t.equal(moved.headers.get('location'), to, from);
    }
    // The switcher: plain links to the same page in each public language, named in it.
    const kontakt = await (await fetchPage('/de/kontakt')).text();
    t.match(kontakt, /<a href="\/contact" hrefLang="en" lang="en">English<\/a>/);
    t.ok(kontakt.includes(`<a href="${'/ar/اتصل-بنا'}" hrefLang="ar" lang="ar">العربية</a>`), 'to the Arabic page');
    t.match(kontakt, /<span class="languages__current" aria-current="true" lang="de">Deutsch<\/span>/);

    // The form of the German page posts to it: sent back with German errors, thanked in German.
    const refused = await postForm(`${multi.url}/de/kontakt`, makeEnquiry({ name: '' }));
    t.equal(refused.status, 400);
    const refusedPage = await refused.text();
    t.match(refusedPage, /Bitte geben Sie Ihren vollständigen Namen ein\./, 'the error in German');
    t.match(refusedPage, /<datalist id="enquiry-countries">/, 'with the country suggestions');
    t.match(kontakt, /<datalist id="enquiry-countries">/, 'the German contact page has them too');
    const sent = await postForm(`${multi.url}/de/kontakt`, makeEnquiry());
    t.equal(sent.status, 303);
    const thanks = sent.headers.get('location')!;
    t.match(thanks, /^\/de\/kontakt\/danke\?ref=\d+$/);
    t.match(await (await fetchPage(thanks)).text(), /Vielen Dank für Ihre Anfrage!/, 'thanked in German');
    t.equal((await postForm(`${multi.url}/es/contacto`, makeEnquiry())).status, 404, 'not while unpublished');

    t.equal((await fetchPage('/es/productos')).status, 404, 'Spanish is not published');
    t.equal((await fetchPage('/de/unbekannt')).status, 404, 'no such German page');

    // The graph: every page's alternates answer 200 and list the same alternates, itself among them.
    const sitemap = await (await fetchPage('/sitemap.xml')).text();
    t.equal(sitemap.match(/<loc>/g)?.length, publicRoutes.length * 3, 'every page in English, German and Arabic');
    for (const route of publicRoutes) {
      const expected = hreflangLinks(await (await fetchPage(route.path)).text());
      t.same([...expected.keys()], ['en', 'de', 'ar', 'x-default'], `${route.path}: the public languages`);
      t.equal(expected.get('x-default'), expected.get('en'));
      for (const [lang, href] of expected) {
        if (lang === 'x-default') continue;
        const response = await fetchPage(new URL(href).pathname);
        t.equal(response.status, 200, href);
        const html = await response.text();
        t.same(hreflangLinks(html), expected, `${href} points back`);
        t.ok(html.includes(`<link rel="canonical" href="${href}">`), `${href}: itself`);
        t.equal(metaContent(html, 'og:locale'), LANGUAGE_INFO[lang as LanguageCode].ogLocale);
        t.equal(html.match(/og:locale:alternate/g)?.length, 2, `${href}: the other two locales`);
        t.match(jsonLdGraph(html), [{}, {}, { '@type': 'WebPage', url: href, inLanguage: lang }]);
        const entry = new RegExp(`<url><loc>${href}</loc>.*?</url>`, 's').exec(sitemap)?.[0] ?? '';
        for (const [other, otherHref] of expected)
          t.ok(entry.includes(`hreflang="${other}" href="${otherHref}"`), `sitemap: ${href} → ${other}`);
      }
    }
  },
);

/** English words a translation keeps as they are: a term of trade everywhere, and words that are French too. */
const SAME_EVERYWHERE = ['Incoterm'];
const SAME_IN_FRENCH = [...SAME_EVERYWHERE, 'Menu', 'Infrastructure', 'Applications', 'Message', 'tonnes'];
const SAME_IN_SPANISH = [...SAME_EVERYWHERE, 'Material'];

t.test('other languages: no English interface text on any public page in another language', async (t) => {
  const multi = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const admin = new AdminClient(multi.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  for (const lang of TRANSLATED_LANGUAGES) await publishLanguage(admin, lang);
  const machine = { ...MACHINES[0], name: 'Friction screw press' };
  const { validFor, ...certificate } = CAPABILITY_CERTIFICATES[0];
  const records: Record<string, string> = Object.fromEntries([
    ...Object.entries(machine).map(([column, value]): [string, string] => [`machines.0.${column}`, value]),
    ...Object.entries(certificate).map(([column, value]): [string, string] => [`certificates.0.${column}`, value]),
    ...Object.entries(CASE_STUDY).map(([column, value]): [string, string] => [`caseStudies.0.${column}`, value]),
  ]);
  const capability = await editSection(admin, sectionPath('capability'), {
    ...records,
    'certificates.0.validUntil': dayFrom(validFor),
    'capacity.tonnesPerMonth': '1200',
    'capacity.weightRange': '0.2 kg to 150 kg',
    materials: 'EN8\n42CrMo4',
    standards: 'ASME B16.5',
    markets: MARKETS.join('\n'),
  });
  t.equal(capability.status, 303, 'the capability records saved');
  t.equal((await editSection(admin, sectionPath('company'), REGISTRATION)).status, 303, 'and the registration');

  for (const lang of TRANSLATED_LANGUAGES) {
    const english = englishTexts(lang === 'fr' ? SAME_IN_FRENCH : lang === 'es' ? SAME_IN_SPANISH : SAME_EVERYWHERE);
    const contact = localizedPath(lang, '/contact');
    const pages: [string, Promise<Response>][] = [
      // Every kind of page (the category pages differ only in the owner's content: one of them).
      ...localizedRoutes(lang)
        .filter(({ route }) => route.page !== 'category' || route.slug === 'flanges')
        .map(({ path }) => [path, multi.fetch(encodeURI(path))] as [string, Promise<Response>]),
      [`${contact}?product=flanges`, multi.fetch(`${encodeURI(contact)}?product=flanges`)],
      [`/${lang}/unknown`, multi.fetch(`/${lang}/unknown`)],
      [
        `${contact}, sent back`,
        postForm(`${multi.url}${encodeURI(contact)}`, makeEnquiry({ name: '', quantity: '-1' })),
      ],
      [
        `${contact}, a body it does not take`,
        multi.fetch(encodeURI(contact), {
          method: 'POST',
          headers: { 'content-type': 'application/xml', accept: 'text/html' },
          body: '<enquiry/>',
        }),
      ],
    ];
    for (const [path, answer] of pages) {
      const html = await (await answer).text();
      t.match(html, new RegExp(`<html lang="${lang}"`), `${path}: in ${lang}`);
      t.same(englishOn(html, english), [], `${path}: no English left`);
    }
  }
});
