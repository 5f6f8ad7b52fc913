import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { Writable } from 'node:stream';
import t, { type Test } from 'tap';
import { buildApp } from '../../../server/app.js';
import { loadConfig } from '../../../server/config/load-config.js';
import { CATEGORY_SLUGS } from '../../../shared/content/categories.js';
import { defaultContent } from '../../../shared/content/defaults.js';
import { sectionPath, SECTIONS, type SectionId } from '../../../shared/content/sections.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { TRANSLATION_TEXT } from '../../../shared/admin/texts.js';
import type { TranslationFormView, TranslationsView } from '../../../shared/translations.js';
import jsToXliff12 from 'xliff/jsToXliff12';
import xliff12ToJs from 'xliff/xliff12ToJs';
import { localizedContent } from '../../../server/site-content/languages/localized-content.js';
import { publishedLanguages } from '../../../server/site-content/languages/published.js';
import type { AdminSitePage, HistoryView, SectionSaveAnswer, TransferView } from '../../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { withDataDir, withServer, type TestServer } from '../../helpers/server.js';
import { bootstrapOf, editSection, openSection, saveSection } from '../../helpers/site-editor.js';

async function fresh(t: Test, env: Record<string, string> = {}): Promise<{ server: TestServer; admin: AdminClient }> {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, ...env }, listen: false });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin };
}

const publicPage = async (server: TestServer, path: string) => {
  const response = await server.fetch(path);
  return { html: await response.text(), etag: response.headers.get('etag') };
};

/** A field of each section whose new text shows on the section's page, with text in several scripts. */
const EDITS: [SectionId, string, string][] = [
  ['home', 'slides.0.title', 'Geschmiedete Präzisionsteile'],
  ['company', 'name', 'શ્રી ગણેશ Forgings Pvt. Ltd.'],
  ['about', 'story', 'हमारी कहानी: since 2015.\n\nA second paragraph & <b>no HTML</b>.'],
  ...CATEGORY_SLUGS.map((slug): [SectionId, string, string] => [
    `products/${slug}`,
    'intro',
    `Neu: ${slug} in Güte 42CrMo4.`,
  ]),
  ['contact', 'intro', 'Schreiben Sie uns: we answer within a day.'],
  ['legal', 'terms', 'Lieferbedingungen: binding only in writing.'],
];

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

t.test('every section saves and shows on its public page at once, with a new ETag; the sitemap moves', async (t) => {
  const { server, admin } = await fresh(t);
  const sitemapBefore = await (await server.fetch(`/sitemap.xml`)).text();
  for (const [id, field, text] of EDITS) {
    // The company's name shows on every page: the home page is checked.
    const path = id === 'company' ? '/' : SECTIONS.find((candidate) => candidate.id === id)!.view.replace(/#.*/, '');
    const before = await publicPage(server, path);
    const response = await editSection(admin, sectionPath(id), { [field]: text }, { note: `changed ${field}` });
    t.equal(response.status, 303, `${id}: 303 after the save`);
    t.match(
      response.headers.get('location'),
      new RegExp(`^${sectionPath(id)}\\?saved=\\d+$`),
      `${id}: back to the form`,
    );
    const after = await publicPage(server, path);
    // The contact page carries a form token made for each request: never stored, so it has no ETag.
    if (path === '/contact') t.equal(after.etag, null, `${id}: ${path} is made for each request`);
    else t.not(after.etag, before.etag, `${id}: ${path} has a new ETag`);
    for (const paragraph of text.split('\n\n'))
      t.ok(after.html.includes(escaped(paragraph)), `${id}: ${path} shows the new text, escaped`);
    t.notOk(after.html.includes('<b>no HTML</b>'), `${id}: typed HTML is text`);
  }
  const { html } = await publicPage(server, '/about');
  t.match(
    html,
    /<p>हमारी कहानी: since 2015\.<\/p><p>A second paragraph &amp; &lt;b&gt;no HTML&lt;\/b&gt;\.<\/p>/,
    'a blank line starts a paragraph',
  );
  const home = (await publicPage(server, '/')).html;
  const text = home.replace(/<!-- -->/g, '');
  t.ok(
    text.includes(`© ${new Date().getFullYear()} શ્રી ગણેશ Forgings Pvt. Ltd. All rights reserved.`),
    'the name ending in a full stop gets one full stop in the copyright line',
  );
  t.notOk(home.includes('Ltd..'), 'never "Ltd.."');
  t.match(home, /<title>શ્રી ગણેશ Forgings Pvt\. Ltd\. \| /, 'the title names the new company');
  const sitemapAfter = await (await server.fetch(`/sitemap.xml`)).text();
  t.not(sitemapAfter, sitemapBefore, 'the sitemap lastmod moved');
  t.match(sitemapAfter, /<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
});

t.test('a product may have 1 to 12 features, rows and applications; a sixth row needs no build', async (t) => {
  const { server, admin } = await fresh(t);
  const path = sectionPath('products/flanges');
  const { view } = await openSection(admin, path);
  t.equal(
    Object.keys(view.values).filter((name) => name.startsWith('specifications.')).length,
    10,
    'five rows of label and value',
  );
  const rows: Record<string, string> = {};
  for (let n = 0; n < 12; n++)
    Object.assign(rows, {
      [`specifications.${n}.label`]: `Row ${n + 1}`,
      [`specifications.${n}.value`]: `Wert ${n + 1} – ü`,
    });
  const features = Array.from({ length: 12 }, (_, n) => `Feature ${n + 1}`).join('\n');
  const saved = await editSection(admin, path, { ...rows, features, applications: 'Only one' });
  t.equal(saved.status, 303);
  const { html } = await publicPage(server, '/products/flanges');
  t.equal(html.match(/<th scope="row">Row \d+<\/th>/g)?.length, 12, 'twelve specification rows');
  t.ok(html.includes('Feature 12') && html.includes('Only one'));
  const again = await openSection(admin, path);
  t.equal(again.view.values['specifications.11.value'], 'Wert 12 – ü', 'the form shows what was saved');
});

t.test(
  'invalid input is refused with a message beside each field and in the summary, and every typed value kept',
  async (t) => {
    const { server, admin } = await fresh(t);
    const path = sectionPath('company');
    const { page, view } = await openSection(admin, path);
    const typed = {
      ...view.values,
      name: '',
      email: 'not an address',
      'phones.0': '+91 1',
      'phones.1': '+91 98765 43210',
      'whatsapp.number': '+91 98765',
      'social.linkedin': 'http://www.linkedin.com/company/x',
      'hours.0.days': 'Montag',
      'hours.0.hours': '',
      'grievance.name': 'x'.repeat(81),
    };
    const response = await saveSection(admin, path, typed, page.revision.id);
    t.equal(response.status, 400);
    const html = await response.text();
    const refused = bootstrapOf(html).pageData.admin as AdminSitePage;
    t.same((refused.view as { errors: Record<string, string> }).errors, {
      name: 'Enter the company name',
      email: 'Enter an e-mail address in the correct format, like name@example.com',
      'phones.0': 'Enter a phone number, like +91 98765 43210',
      'whatsapp.number': 'WhatsApp: Enter digits only, with the country code, like 919876543210',
      'hours.0.hours': 'Enter the hours in row 1',
      'social.linkedin': 'Social links: Enter a web address for LinkedIn that starts with https://',
      'grievance.name': 'Privacy requests and grievances: Name or role must be 80 characters or fewer',
    });
    t.match(html, /class="error-summary"/, 'an error summary');
    t.match(html, /<a href="#field-email">Enter an e-mail address/, 'the summary links to the field');
    t.match(
      html,
      /id="field-email-error" class="field__error">Enter an e-mail address/,
      'the message beside the field',
    );
    t.match(html, /value="not an address"/, 'typed values kept');
    t.match(html, /name="hours\.0\.days"[^>]*>Montag<\/textarea>/, 'typed rows kept');
    t.same((refused.view as { values: Record<string, string> }).values['phones.0'], typed['phones.0']);
    t.equal((await publicPage(server, '/')).html.includes('Example Forgings'), true, 'nothing was published');

    const four = await saveSection(
      admin,
      path,
      { ...view.values, phones: '1 234 567\n2 234 567\n3 234 567\n4 234 567' },
      page.revision.id,
      { asJson: true },
    );
    t.equal(four.status, 400);
    const answer = (await four.json()) as SectionSaveAnswer;
    t.same(
      answer.ok === false && answer.errors,
      { phones: 'Enter at most 3 phone numbers' },
      'as JSON for the enhanced form',
    );
    const none = await saveSection(admin, sectionPath('products/flanges'), { features: '\n \n' }, page.revision.id, {
      asJson: true,
    });
    const noneAnswer = (await none.json()) as SectionSaveAnswer;
    t.equal(noneAnswer.ok === false && noneAnswer.errors.features, 'Enter at least one key feature');
    t.equal(
      noneAnswer.ok === false && noneAnswer.errors['specifications'],
      'Enter at least one specification row',
      'a product needs a specification row',
    );
  },
);

t.test(
  'signed out: 401 or back to sign-in; without the CSRF token or from another site: 403; nothing saved',
  async (t) => {
    const { server, admin } = await fresh(t);
    const path = sectionPath('contact');
    const { page, view } = await openSection(admin, path);
    const values = { ...view.values, intro: 'Changed by someone else' };

    const stranger = new AdminClient(server.url);
    await stranger.openPanel();
    t.equal(
      (await saveSection(stranger, path, values, page.revision.id, { asJson: true })).status,
      401,
      'signed out, with a CSRF token: 401',
    );
    const form = await saveSection(stranger, path, values, page.revision.id);
    t.equal(form.status, 303, 'a signed-out form goes back to sign-in');
    t.equal(form.headers.get('location'), '/admin');
    t.equal((await stranger.request(path)).status, 303, 'the editor is not shown signed out');
    t.equal((await stranger.request(`/admin/site/export`)).status, 401, 'nor is the export');
    t.equal(
      (await saveSection(new AdminClient(server.url), path, values, page.revision.id)).status,
      403,
      'no CSRF secret at all: 403',
    );
    t.equal(
      (await saveSection(admin, path, values, page.revision.id, { csrf: 'forged' })).status,
      403,
      'a wrong CSRF token: 403',
    );
    const crossSite = await admin.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ ...values, base: String(page.revision.id), _csrf: admin.csrfToken }).toString(),
    });
    t.equal(crossSite.status, 403, 'from another site: 403');
    t.notOk((await publicPage(server, '/contact')).html.includes('Changed by someone else'), 'nothing was saved');
  },
);

t.test('an editor address with no section is a 404 page', async (t) => {
  const { admin } = await fresh(t);
  for (const wrong of ['/admin/site/nothing', '/admin/site/company/flanges', '/admin/site/products/nuts']) {
    const response = await admin.request(wrong, { headers: { accept: 'text/html' } });
    t.equal(response.status, 404, `${wrong}: 404`);
    t.match(await response.text(), /Page Not Found/);
  }
});

t.test(
  'two tabs: a save over a section changed since the form was opened is refused with a message; other sections merge',
  async (t) => {
    const { server, admin } = await fresh(t);
    const path = sectionPath('about');
    const tabA = await openSection(admin, path);
    const tabB = await openSection(admin, path);
    const other = await openSection(admin, sectionPath('contact'));
    t.equal(
      (await saveSection(admin, path, { ...tabA.view.values, mission: 'Mission from tab A' }, tabA.page.revision.id))
        .status,
      303,
    );
    const refused = await saveSection(
      admin,
      path,
      { ...tabB.view.values, mission: 'Mission from tab B' },
      tabB.page.revision.id,
    );
    t.equal(refused.status, 409, 'the second save is refused');
    const html = await refused.text();
    t.match(
      html,
      /Not saved: this section was changed since you opened it \(version 2, saved by owner@forge\.test on /,
    );
    t.match(html, /Mission from tab B/, 'tab B keeps its text');
    t.ok((await publicPage(server, '/about')).html.includes('Mission from tab A'), "tab A's save stands");
    const json = await saveSection(
      admin,
      path,
      { ...tabB.view.values, mission: 'Mission from tab B' },
      tabB.page.revision.id,
      { asJson: true },
    );
    t.equal(json.status, 409);
    const answer = (await json.json()) as SectionSaveAnswer;
    t.equal(answer.revision.id, 2, 'the answer names the current version, for a deliberate second save');

    const merged = await saveSection(
      admin,
      sectionPath('contact'),
      { ...other.view.values, intro: 'Contact intro from a third tab' },
      other.page.revision.id,
    );
    t.equal(merged.status, 303, 'a form opened on an older version saves when its own section did not change');
    const about = (await publicPage(server, '/about')).html;
    t.ok(about.includes('Mission from tab A'), 'and does not undo the other save');
    t.ok((await publicPage(server, '/contact')).html.includes('Contact intro from a third tab'));
  },
);

t.test('history lists every save; "Restore this version" publishes an old one as a new version', async (t) => {
  const { server, admin } = await fresh(t);
  const path = sectionPath('home');
  await editSection(admin, path, { 'cta.title': 'First title' }, { note: 'first try' });
  await editSection(admin, path, { 'cta.title': 'Second title' }, { note: 'second try' });
  const historyHtml = await (await admin.request(ADMIN_PATHS.siteHistory)).text();
  const history = (bootstrapOf(historyHtml).pageData.admin as AdminSitePage).view as HistoryView;
  t.same(
    history.revisions.map((revision) => [revision.id, revision.actor, revision.note, revision.changed]),
    [
      [3, TEST_ADMIN.email, 'second try', ['Home']],
      [2, TEST_ADMIN.email, 'first try', ['Home']],
      [1, 'system', 'First version, from the server’s configuration', []],
    ],
  );
  t.match(historyHtml, /Restore this version/);

  const restore = await admin.request(`${ADMIN_PATHS.siteHistory}/2/restore`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ base: '3', _csrf: admin.csrfToken }).toString(),
  });
  t.equal(restore.status, 303);
  t.equal(restore.headers.get('location'), `${ADMIN_PATHS.siteHistory}?restored=4`);
  t.ok((await publicPage(server, '/')).html.includes('First title'), 'the restored text is published');
  const after = (
    bootstrapOf(await (await admin.request(ADMIN_PATHS.siteHistory)).text()).pageData.admin as AdminSitePage
  ).view as HistoryView;
  t.same(
    after.revisions.map((revision) => [revision.id, revision.note]).slice(0, 2),
    [
      [4, 'Restored version 2'],
      [3, 'second try'],
    ],
    'nothing overwritten',
  );
  t.equal(after.revisions[0]!.restored, 2);

  const stale = await admin.request(`${ADMIN_PATHS.siteHistory}/1/restore`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ base: '3', _csrf: admin.csrfToken }).toString(),
  });
  t.equal(stale.status, 409, 'a restore from a history opened before the last save is refused');
  t.equal(
    (
      await admin.request(`${ADMIN_PATHS.siteHistory}/99/restore`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ base: '4', _csrf: admin.csrfToken }).toString(),
      })
    ).status,
    404,
    'no such version',
  );
});

async function importFile(admin: AdminClient, text: string): Promise<Response> {
  const form = new FormData();
  form.append('_csrf', admin.csrfToken);
  form.append('file', new Blob([text], { type: 'application/json' }), 'content.json');
  return admin.request(ADMIN_PATHS.siteImportCheck, { method: 'POST', body: form });
}

t.test(
  'export, then import: malformed files are refused with the reason; a valid one shows what changes, then applies',
  async (t) => {
    const { server, admin } = await fresh(t);
    await openSection(admin, sectionPath('company'));
    const exported = await admin.request('/admin/site/export');
    t.equal(exported.status, 200);
    t.match(exported.headers.get('content-disposition'), /^attachment; filename="site-content_version-1\.json"$/);
    const file = (await exported.json()) as { format: string; version: number; content: typeof defaultContent };
    t.same(file.content.products, defaultContent.products, 'the content, whole');

    const reasons = async (text: string) => {
      const response = await importFile(admin, text);
      const page = bootstrapOf(await response.text()).pageData.admin as AdminSitePage;
      return { status: response.status, errors: (page.view as TransferView).errors };
    };
    t.match(await reasons('{ not json'), { status: 400, errors: [/^The file is not valid JSON/] });
    t.match(await reasons('{"hello": 1}'), {
      status: 400,
      errors: ['The file is not a site content export (its "format" should be "forge-site-content").'],
    });
    t.match(await reasons(JSON.stringify({ ...file, version: 7 })), {
      status: 400,
      errors: ["The file's version 7 is not one this site reads (1)."],
    });
    const broken = structuredClone(file);
    broken.content.products.flanges.features = [];
    broken.content.company.email = 'nobody';
    t.match(await reasons(JSON.stringify(broken)), {
      status: 400,
      errors: [
        'company.email: Enter an e-mail address in the correct format, like name@example.com',
        'products.flanges.features: Enter at least one key feature',
      ],
    });

    const changed = structuredClone(file);
    changed.content.company.name = 'Imported Forge Works';
    changed.content.legal.privacy = 'Imported privacy text.';
    changed.content.home.slides[1].title = 'Seit 2015 geschmiedet';
    changed.content.products.flanges.specifications[2]!.value = '150# to 2500#, PN 10 to PN 400';
    const checked = await importFile(admin, JSON.stringify(changed));
    t.equal(checked.status, 200);
    const preview = ((bootstrapOf(await checked.text()).pageData.admin as AdminSitePage).view as TransferView).preview!;
    t.same(
      preview.changes,
      [
        {
          sectionId: 'company',
          section: 'Company',
          field: 'Company name',
          photo: false,
          pdf: false,
          before: 'Example Forgings',
          after: 'Imported Forge Works',
        },
        {
          sectionId: 'home',
          section: 'Home',
          photo: false,
          pdf: false,
          field: 'Slide 2: Title',
          before: defaultContent.home.slides[1].title,
          after: 'Seit 2015 geschmiedet',
        },
        {
          sectionId: 'products/flanges',
          section: 'Product: Flanges',
          photo: false,
          pdf: false,
          field: 'Technical specifications, row 3',
          before: defaultContent.products.flanges.specifications[2]!.value,
          after: '150# to 2500#, PN 10 to PN 400',
        },
        {
          sectionId: 'legal',
          section: 'Privacy and terms',
          photo: false,
          pdf: false,
          field: 'Privacy Policy',
          before: defaultContent.legal.privacy,
          after: 'Imported privacy text.',
        },
      ],
      'what would change, before anything is saved',
    );
    t.ok((await publicPage(server, '/')).html.includes('Example Forgings'), 'not applied yet');

    const apply = await admin.request(ADMIN_PATHS.siteImportApply, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ json: preview.json, base: '1', _csrf: admin.csrfToken }).toString(),
    });
    t.equal(apply.status, 303);
    t.equal(apply.headers.get('location'), '/admin/site?imported=2');
    const home = (await publicPage(server, '/')).html;
    t.ok(
      home.includes('Imported Forge Works') &&
        home.includes('Imported privacy text.') &&
        home.includes('Seit 2015 geschmiedet'),
      'applied and published',
    );
    const again = await admin.request(ADMIN_PATHS.siteImportApply, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ json: preview.json, base: '1', _csrf: admin.csrfToken }).toString(),
    });
    t.equal(again.status, 409, 'an import compared with an older version is not applied blindly');
    t.match(await again.text(), /Not imported: the site was changed meanwhile/);
  },
);

t.test('the configuration seeds the first version only; a differing variable is logged at start', async (t) => {
  const dataDir = withDataDir(t);
  const first = await withServer(t, {
    env: { ...TEST_ADMIN_ENV, COMPANY_NAME: 'Seeded Forge', CONTACT_EMAIL: 'sales@seeded.test' },
    dataDir,
    listen: false,
  });
  t.ok((await publicPage(first, '/')).html.includes('Seeded Forge'), 'the first version comes from the variables');
  const admin = new AdminClient(first.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal((await editSection(admin, sectionPath('company'), { name: 'Edited Forge' })).status, 303);
  await first.close();

  const lines: string[] = [];
  const logStream = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ...TEST_ADMIN_ENV,
    COMPANY_NAME: 'Seeded Forge',
    CONTACT_EMAIL: 'sales@seeded.test',
  });
  const second = await buildApp(config, { logStream });
  t.teardown(() => second.close());
  const home = await second.inject('/');
  t.ok(home.body.includes('Edited Forge'), 'after a restart the editor’s text stands');
  const warning = lines
    .map((line) => JSON.parse(line) as { variable?: string; msg: string })
    .find((line) => line.variable === 'COMPANY_NAME');
  t.match(
    warning?.msg,
    /COMPANY_NAME differs from the published site content; the site editor \(\/admin\/site\) is the source now/,
  );
  t.notOk(
    lines.some((line) => line.includes('"variable":"CONTACT_EMAIL"')),
    'an unchanged value is not reported',
  );
});

t.test('company details the editor would refuse stop the first start with one line naming them', async (t) => {
  const dataDir = withDataDir(t);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    COMPANY_NAME: 'x'.repeat(121),
  });
  await t.rejects(buildApp(config), {
    name: 'ConfigError',
    message:
      'Invalid configuration: SITE_CONFIG_FILE or COMPANY_NAME/CONTACT_*/WHATSAPP_* gives a company detail the site editor would refuse (name): Company name must be 120 characters or fewer',
  });
  // What the failed start had opened is closed: the database, the writer's thread (whose connection is
  // a file of this process too) and the locks. A thread left running held the test's process open.
  if (existsSync('/proc/self/fd')) {
    const open = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)];
      } catch {
        return [];
      }
    });
    t.same(
      open.filter((file) => file.startsWith(dataDir)),
      [],
      'no file of the data directory left open',
    );
  }
});

t.test(
  'a full disk: a save answers 503 with Retry-After, keeps what was typed, publishes nothing; then saves',
  async (t) => {
    const { server, admin } = await fresh(t);
    const path = sectionPath('legal');
    const { page, view } = await openSection(admin, path);
    const long = 'Datenschutz – ગોપનીયતા – गोपनीयता. '.repeat(150);
    const pages = server.app.db.pragma('page_count', { simple: true }) as number;
    server.app.db.pragma(`max_page_count = ${pages}`);
    const full = await saveSection(admin, path, { ...view.values, privacy: long }, page.revision.id);
    t.equal(full.status, 503, 'the full database refuses the save');
    t.equal(full.headers.get('retry-after'), '60');
    const refused = await full.text();
    t.match(
      refused,
      /Not saved: the server cannot store anything just now\. Your text is below: try again in a minute\./,
    );
    t.ok(refused.includes('Datenschutz – ગોપનીયતા'), 'the form comes back with the typed text');
    const asJson = await saveSection(admin, path, { ...view.values, privacy: long }, page.revision.id, {
      asJson: true,
    });
    t.equal(asJson.status, 503, 'the enhanced form is told too');
    t.match(await asJson.json(), { ok: false, message: /^Not saved: the server cannot store anything just now/ });
    server.app.db.pragma('max_page_count = 1073741823');
    t.equal(server.app.db.prepare('SELECT count(*) FROM site_revisions').pluck().get(), 1, 'no version was written');
    t.notOk((await publicPage(server, '/')).html.includes('Datenschutz'), 'nothing was published');
    t.equal(
      (await saveSection(admin, path, { ...view.values, privacy: long }, page.revision.id)).status,
      303,
      'saved once there is room',
    );
    t.ok((await publicPage(server, '/')).html.includes('Datenschutz – ગોપનીયતા'), 'and published');
    t.equal(server.app.db.pragma('integrity_check', { simple: true }), 'ok');
  },
);

/** The translations screen or form as the admin opens it: its view and HTML. */
async function openTranslations<V>(admin: AdminClient, path: string): Promise<{ view: V; html: string }> {
  const response = await admin.request(path);
  const html = await response.text();
  const page = bootstrapOf(html).pageData.admin as AdminSitePage;
  admin.csrfToken = page.csrfToken;
  return { view: page.view as V, html };
}

const postForm = (admin: AdminClient, path: string, values: Record<string, string>) =>
  admin.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...values, _csrf: admin.csrfToken }).toString(),
  });

const FLANGES_DE = 'Unsere Flansche werden aus zertifiziertem Stabstahl geschmiedet.';

t.test(
  'translations: the defaults ship translated; saved as drafts beside the English, marked missing and stale, published one language at a time',
  async (t) => {
    const { server, admin } = await fresh(t);
    const db = server.app.db;
    const overview = await openTranslations<TranslationsView>(admin, ADMIN_PATHS.siteTranslations);
    for (const language of overview.view.languages) {
      const { translated, missing, stale, drafts } = language.counts;
      t.same(
        { missing, stale, drafts },
        { missing: 0, stale: 0, drafts: translated },
        `${language.code}: every default text translated, as drafts`,
      );
    }
    t.match(
      overview.html,
      /Publishing makes \d+ drafts final; 0 texts without a translation will show in English\. The German pages will be at \/de\/\./,
      'Publish says what it does, and where the German pages will be',
    );

    const german = pathTo(ADMIN_PATHS.siteTranslation, { lang: 'de' });
    const form = `${german}?section=products%2Fflanges`;
    const opened = await openTranslations<TranslationFormView>(admin, form);
    t.match(
      opened.view.fields.find((field) => field.path === 'products.flanges.intro'),
      {
        english: defaultContent.products.flanges.intro,
        translation: /^Unsere Flansche werden aus zertifiziertem Stabstahl und Knüppeln geschmiedet/,
        state: 'translated',
        draft: true,
      },
      'the English beside the shipped translation',
    );

    const saved = await postForm(admin, german, {
      section: 'products/flanges',
      't.products.flanges.intro': FLANGES_DE,
      't.products.flanges.name': '',
    });
    t.equal(saved.status, 303);
    t.equal(saved.headers.get('location'), `${form}&saved=2`);
    const after = await openTranslations<TranslationFormView>(admin, form);
    t.match(
      after.view.fields.find((field) => field.path === 'products.flanges.name'),
      { state: 'missing' },
    );
    t.match(after.html, TRANSLATION_TEXT.missing, 'a field without a translation says it is missing, in words');
    t.match(after.view.counts, { missing: 1 }, 'and is counted');
    const rows = () =>
      db
        .prepare("SELECT lang, state, text FROM site_translations WHERE path = 'products.flanges.intro' ORDER BY 1, 2")
        .all();
    t.match(
      rows(),
      [
        { lang: 'ar', state: 'draft' },
        { lang: 'de', state: 'draft', text: FLANGES_DE },
        { lang: 'es' },
        { lang: 'fr' },
      ],
      'a draft per language and field',
    );
    t.same(publishedLanguages(db), ['en'], 'nothing is public before it is published');
    t.equal(
      localizedContent(defaultContent, 'de', db).products.flanges.intro,
      defaultContent.products.flanges.intro,
      'a draft is not public',
    );

    const listed = await openTranslations<TranslationsView>(admin, ADMIN_PATHS.siteTranslations);
    const product = listed.view.languages
      .find((language) => language.code === 'de')!
      .sections.find((section) => section.id === 'products/flanges')!;
    t.match(
      product,
      { counts: { missing: 1 }, todo: [{ path: 'products.flanges.name', label: 'Name' }] },
      'each page counted, its missing field listed',
    );
    t.match(listed.html, `href="${form}#translation-products-flanges-name"`, 'linking to the field');

    const publish = await postForm(admin, pathTo(ADMIN_PATHS.siteTranslationPublish, { lang: 'de' }), {});
    t.equal(publish.status, 303);
    t.equal(publish.headers.get('location'), `${ADMIN_PATHS.siteTranslations}?published=de`);
    t.same(publishedLanguages(db), ['en', 'de'], 'German is public');
    t.match(
      rows(),
      [
        { lang: 'ar', state: 'draft' },
        { lang: 'de', state: 'published', text: FLANGES_DE },
        { lang: 'es', state: 'draft' },
        { lang: 'fr', state: 'draft' },
      ],
      'German drafts are published; the others stay drafts',
    );
    const inGerman = localizedContent(defaultContent, 'de', db);
    t.equal(inGerman.products.flanges.intro, FLANGES_DE, 'the translation is in the German content');
    t.equal(inGerman.products.flanges.name, 'Flanges', 'a missing one falls back to English');
    t.equal(
      inGerman.home.slides[0].subtitle,
      'Gesenkschmieden und Stauchschmieden',
      'the shipped translations are public with it',
    );

    // The owner changes the English: the German is stale, said on the field and counted.
    t.equal(
      (await editSection(admin, sectionPath('products/flanges'), { intro: 'New English introduction.' })).status,
      303,
    );
    const stale = await openTranslations<TranslationFormView>(admin, form);
    t.match(
      stale.view.fields.find((field) => field.path === 'products.flanges.intro'),
      { state: 'stale', english: 'New English introduction.' },
    );
    t.match(stale.view.counts, { stale: 1 });
    t.match(stale.html, TRANSLATION_TEXT.stale, 'stale in words on the field');
    t.equal(
      localizedContent(defaultContent, 'de', db).products.flanges.intro,
      FLANGES_DE,
      'the page keeps the stale translation until it is redone',
    );
    // Confirmed as still right: a draft made from the new English.
    await postForm(admin, german, { section: 'products/flanges', 'confirm.products.flanges.intro': '1' });
    const confirmed = await openTranslations<TranslationFormView>(admin, form);
    t.match(
      confirmed.view.fields.find((field) => field.path === 'products.flanges.intro'),
      { state: 'translated', draft: true },
    );

    t.equal((await postForm(admin, pathTo(ADMIN_PATHS.siteTranslationUnpublish, { lang: 'de' }), {})).status, 303);
    t.same(publishedLanguages(db), ['en'], 'unpublished: German is no longer public');
    t.equal(
      (await admin.request(pathTo(ADMIN_PATHS.siteTranslation, { lang: 'xx' }))).status,
      404,
      'an unknown language is a 404',
    );
  },
);

async function importXliff(admin: AdminClient, lang: string, text: string): Promise<Response> {
  const form = new FormData();
  form.append('_csrf', admin.csrfToken);
  form.append('file', new Blob([text], { type: 'application/xliff+xml' }), 'translated.xlf');
  return admin.request(pathTo(ADMIN_PATHS.siteTranslationImport, { lang }), { method: 'POST', body: form });
}

t.test(
  'XLIFF: the missing and stale texts go out, the translations come back as drafts; a file for another site, language or version is refused and changes nothing',
  async (t) => {
    const { server, admin } = await fresh(t);
    const db = server.app.db;
    // One German text cleared (missing), one English text changed (its German stale).
    await openTranslations(admin, ADMIN_PATHS.siteTranslations);
    await postForm(admin, pathTo(ADMIN_PATHS.siteTranslation, { lang: 'de' }), {
      section: 'products/flanges',
      't.products.flanges.name': '',
    });
    await editSection(admin, sectionPath('about'), { mission: 'Parts that fit, on time.' });
    await openTranslations(admin, ADMIN_PATHS.siteTranslations);
    const exported = await admin.request(pathTo(ADMIN_PATHS.siteTranslationExport, { lang: 'de' }));
    t.equal(exported.status, 200);
    t.match(exported.headers.get('content-type'), 'application/xliff+xml');
    t.match(exported.headers.get('content-disposition'), /attachment; filename="translations_de_version-2\.xlf"/);
    const xml = await exported.text();
    t.match(xml, /<xliff [^>]*version="1\.2"/, 'XLIFF 1.2');
    t.match(
      xml,
      /<file original="forge-site-content localhost:3000 version 2" datatype="plaintext" source-language="en" target-language="de">/,
    );
    t.match(xml, '<note>Our mission</note>', 'each text named as the editor names it');

    // A translation tool fills in two targets, one with markup characters and a line break.
    const document = await xliff12ToJs(xml, {});
    const units = Object.values(document.resources)[0]!;
    t.same(Object.keys(units).sort(), ['about.mission', 'products.flanges.name'], 'only the missing and the stale');
    t.match(
      units['about.mission'],
      { source: 'Parts that fit, on time.', target: /^Geschmiedete und bearbeitete Teile liefern/ },
      'the English, and the stale translation',
    );
    units['products.flanges.name']!.target = 'Flansche';
    units['about.mission']!.target = 'Präzision & Termintreue <immer>.\nZweite Zeile.';
    const translated = await jsToXliff12(document, { indent: '  ' });
    const rows = () =>
      db
        .prepare(
          "SELECT path, state, text, source FROM site_translations WHERE lang = 'de' AND path IN ('about.mission', 'products.flanges.name') ORDER BY 1",
        )
        .all();
    const before = rows();

    const refusals: [string, string, RegExp][] = [
      ['fr', translated, /This file is a German translation, not French/],
      [
        'de',
        translated.replace(/forge-site-content \S+/, 'forge-site-content other.example'),
        /another site \(other\.example\)/,
      ],
      ['de', '{"format": "forge-site-content"}', /not an XLIFF 1\.2 file/],
    ];
    for (const [lang, text, message] of refusals) {
      const response = await importXliff(admin, lang, text);
      t.equal(response.status, 400, `${message.source}: refused`);
      const html = await response.text();
      t.match(html, message, 'with a clear message');
      t.match(html, TRANSLATION_TEXT.importRefused);
    }
    t.same(rows(), before, 'nothing changed');

    const imported = await importXliff(admin, 'de', translated);
    t.equal(imported.status, 303);
    t.equal(imported.headers.get('location'), `${ADMIN_PATHS.siteTranslations}?imported=2&lang=de`);
    t.same(
      rows(),
      [
        {
          path: 'about.mission',
          state: 'draft',
          text: 'Präzision & Termintreue <immer>.\nZweite Zeile.',
          source: 'Parts that fit, on time.',
        },
        { path: 'products.flanges.name', state: 'draft', text: 'Flansche', source: 'Flanges' },
      ],
      'imported as drafts to review, the text exactly as translated',
    );
    t.same(publishedLanguages(db), ['en'], 'nothing published');

    const imported1 = rows();
    await editSection(admin, sectionPath('about'), { intro: 'A new English introduction.' });
    const old = await importXliff(admin, 'de', translated);
    t.equal(old.status, 400);
    t.match(await old.text(), /exported from version 2 of the content, and the site is at version 3 now/);
    t.same(rows(), imported1, 'an old version’s file changes nothing');
  },
);
