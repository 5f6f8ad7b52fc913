import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import { SCREEN_REGISTRY } from '../../shared/admin/screens.js';
import { loadFormTexts } from '../../shared/i18n/catalogue.js';
import { localizedPath } from '../../shared/i18n/paths.js';
import { publicRoutes } from '../../shared/routes.js';
import { clientBuildDir } from '../../server/platform/paths.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { publishLanguage } from '../helpers/languages.js';
import { withServer } from '../helpers/server.js';

const KIB = 1024;
const BUDGET = { homeJsGzip: 100 * KIB, cssGzip: 25 * KIB };

const server = await withServer(t);

const pageOf = (site: typeof server) => async (path: string) =>
  (await site.fetch(path, { headers: { 'accept-encoding': 'identity' } })).text();
const page = pageOf(server);
/** The scripts a page loads: its app and the chunks it preloads. */
const scriptsOf = (html: string) => [
  ...attr(html, /<script type="module" src="([^"]+)"/g),
  ...attr(html, /<link rel="modulepreload" href="([^"]+)"/g),
];
const codeOf = (scripts: string[]) => scripts.map((src) => readFileSync(join(clientBuildDir, src), 'utf8')).join('\n');
const gzipSize = (asset: string) => statSync(join(clientBuildDir, `${asset}.gz`)).size;
const attr = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]!);

t.test(`home page JavaScript is at most ${BUDGET.homeJsGzip / KIB} KiB gzip, without the admin code`, async (t) => {
  const scripts = scriptsOf(await page('/'));
  t.ok(
    scripts.some((src) => src.includes('entry-client')),
    'the app is counted',
  );
  t.ok(
    scripts.some((src) => /\/en-[\w-]+\.js$/.test(src)),
    "the page's language's texts are counted",
  );
  const total = scripts.reduce((sum, src) => sum + gzipSize(src), 0);
  t.comment(`home page JavaScript: ${(total / KIB).toFixed(1)} KiB gzip in ${scripts.length} file(s)`);
  t.ok(total <= BUDGET.homeJsGzip, `${(total / KIB).toFixed(1)} KiB`);
  t.notOk(
    scripts.some((src) => src.includes('AdminPage')),
    'no admin chunk on public pages',
  );
  // The admin's table of addresses and its screens' titles stay in the admin's chunk (shared/admin/area.ts).
  const code = codeOf(scripts);
  t.notMatch(code, ADMIN_PATHS.security, "no admin screen's address in a public page's scripts");
  t.notMatch(code, SCREEN_REGISTRY.audit.title, "no admin screen's title in a public page's scripts");
  const adminChunk = readFileSync(join(clientBuildDir, '.vite', 'manifest.json'), 'utf8');
  t.match(adminChunk, /AdminPage/, 'the admin chunk exists on its own');
});

t.test("the forms' texts load with a form: on the contact page, in its language, not on the home page", async (t) => {
  const site = await withServer(t, { env: TEST_ADMIN_ENV, listen: false });
  const admin = new AdminClient(site.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  await publishLanguage(admin, 'de');
  const sitePage = pageOf(site);
  const form = await loadFormTexts('de');
  t.notMatch(
    codeOf(scriptsOf(await sitePage('/'))),
    (await loadFormTexts('en')).validation.name,
    'not on the home page',
  );
  t.notMatch(codeOf(scriptsOf(await sitePage('/de/'))), form.validation.name, 'nor on the German one');
  const contact = codeOf(scriptsOf(await sitePage(localizedPath('de', '/contact'))));
  t.match(contact, form.validation.name, "the German contact page preloads the German forms' texts");
  t.notMatch(contact, (await loadFormTexts('en')).validation.name, 'and not the English ones');
});

t.test(`CSS is at most ${BUDGET.cssGzip / KIB} KiB gzip`, async (t) => {
  const css = attr(await page('/'), /<link rel="stylesheet" href="([^"]+)"/g);
  const total = css.reduce((sum, href) => sum + gzipSize(href), 0);
  t.comment(`CSS: ${(total / KIB).toFixed(1)} KiB gzip`);
  t.ok(total > 0 && total <= BUDGET.cssGzip);
});

t.test('each page names every stylesheet and script once', async (t) => {
  for (const path of ['/', '/contact']) {
    const html = await page(path);
    const tags = attr(html, /<(?:link rel="(?:stylesheet|modulepreload)" href|script type="module" src)="([^"]+)"/g);
    t.ok(tags.length > 0, path);
    t.same(tags, [...new Set(tags)], `${path}: no file twice`);
  }
});

t.test('the contact page hints the app and its texts first, its own chunks at low priority', async (t) => {
  const html = await page('/contact');
  const hints = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"( fetchpriority="low")?>/g)];
  const urgent = hints.filter((hint) => !hint[2]).map((hint) => hint[1]!);
  const later = hints.filter((hint) => hint[2]).map((hint) => hint[1]!);
  t.ok(
    urgent.some((src) => /\/en-[\w-]+\.js$/.test(src)),
    "the page's language's texts at the usual priority",
  );
  t.ok(
    later.some((src) => src.includes('/ContactPage-')),
    "the page's chunk at low priority",
  );
  t.ok(
    hints.findIndex((hint) => hint[2]) > hints.findLastIndex((hint) => !hint[2]),
    'the low-priority hints come last',
  );
});

t.test('every image is sized and nothing loads from another host', async (t) => {
  for (const { path } of publicRoutes) {
    const html = await page(path);
    for (const img of html.match(/<img [^>]*>/g) ?? []) {
      t.match(img, /width="\d+"/, `${path}: ${img.slice(0, 60)}`);
      t.match(img, /height="\d+"/);
      t.match(img, /alt="/);
    }
    const resources = [
      ...attr(html, /<(?:script|img)[^>]* src="([^"]+)"/g),
      ...attr(html, /<link [^>]*href="([^"]+)"/g),
    ].filter((url) => !url.startsWith('http://localhost:3000/'));
    t.same(
      resources.filter((url) => /^(https?:)?\/\//.test(url)),
      [],
      `${path}: only same-origin resources`,
    );
  }
});

t.test('cached pages are served brotli or gzip as the client asks, and identical when decoded', async (t) => {
  const plain = await page('/about');
  const br = await server.fetch('/about', { headers: { 'accept-encoding': 'gzip, br' } });
  t.equal(br.headers.get('content-encoding'), 'br');
  t.equal(br.headers.get('vary'), 'accept-encoding');
  const gzip = await server.fetch('/about', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
  t.equal(gzip.headers.get('content-encoding'), 'gzip');
  // fetch decodes bodies itself; check the bytes by asking the server without automatic decoding.
  const bytes = (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      const req = request(`${server.url}/about`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      });
      req.on('error', reject);
      req.end();
    });
  t.equal(brotliDecompressSync(await bytes('br')).toString(), plain);
  t.equal(gunzipSync(await bytes('gzip')).toString(), plain);
});
