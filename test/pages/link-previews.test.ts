import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t from 'tap';
import { defaultContent } from '../../shared/content/defaults.js';
import { en } from '../../shared/i18n/catalogues/en.js';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { editSection } from '../helpers/site-editor.js';
import { publicRoutes } from '../../shared/routes.js';
import { metaContent } from '../helpers/head.js';
import { withDataDir, withServer } from '../helpers/server.js';

const SITE_URL = 'https://www.forge.example';
const dataDir = withDataDir(t);

/** The path of an og:image URL, to fetch it from the test server (SITE_URL is the public origin). */
const pathOf = (url: string) => new URL(url).pathname;

t.test(
  'every public page has an Open Graph image: absolute, 1200 × 630 JPEG under 300 KB, cached for good',
  async (t) => {
    const server = await withServer(t, { env: { SITE_URL, ...TEST_ADMIN_ENV }, dataDir });
    const seen = new Set<string>();
    for (const page of publicRoutes) {
      const html = await (await fetch(server.url + page.path)).text();
      const image = metaContent(html, 'og:image');
      t.match(
        image,
        new RegExp(`^${SITE_URL}/og/[0-9a-f]{20}\\.jpg$`),
        `${page.path}: og:image is an absolute URL on SITE_URL`,
      );
      t.equal(metaContent(html, 'og:image:width'), '1200', `${page.path}: og:image:width`);
      t.equal(metaContent(html, 'og:image:height'), '630', `${page.path}: og:image:height`);
      t.match(metaContent(html, 'og:image:alt'), /\S/, `${page.path}: og:image:alt`);
      t.ok(
        metaContent(html, 'og:image:alt')!.startsWith(page.title(defaultContent, en)),
        `${page.path}: the alt text names the page`,
      );
      t.equal(metaContent(html, 'twitter:card'), 'summary_large_image', `${page.path}: twitter:card`);
      seen.add(image!);

      const response = await fetch(server.url + pathOf(image!));
      t.equal(response.status, 200, `${page.path}: the image is served`);
      t.equal(response.headers.get('content-type'), 'image/jpeg');
      t.match(response.headers.get('cache-control'), /^public, max-age=31536000, immutable$/);
      const bytes = Buffer.from(await response.arrayBuffer());
      t.ok(bytes.length < 300 * 1024, `${page.path}: ${(bytes.length / 1024).toFixed(1)} KB`);
      const { format, width, height } = await sharp(bytes).metadata();
      t.same(
        { format, width, height },
        { format: 'jpeg', width: 1200, height: 630 },
        `${page.path}: decodes as a 1200 × 630 JPEG`,
      );
    }
    t.equal(seen.size, publicRoutes.length, 'each page has its own image');

    t.equal((await fetch(`${server.url}/og/0123456789abcdef0123.jpg`)).status, 404, 'an image no page has: 404');
    t.equal((await fetch(`${server.url}/og/..%2Fforge.db`)).status, 404, 'a name that is no image: 404');
    const notFound = await (await fetch(`${server.url}/no-such-page`, { headers: { accept: 'text/html' } })).text();
    t.equal(metaContent(notFound, 'og:image'), undefined, 'the 404 page has no preview image');
    t.equal(metaContent(notFound, 'twitter:card'), 'summary');
  },
);

t.test(
  'images are drawn once and kept under DATA_DIR/media/og; an edit gives changed pages new names and the old files go',
  async (t) => {
    const ogDir = join(dataDir, 'media', 'og');
    const before = readdirSync(ogDir).sort();
    t.equal(before.length, publicRoutes.length, 'one file per public page from the first run');
    writeFileSync(join(ogDir, 'left-over.tmp'), 'x');

    const server = await withServer(t, { env: { SITE_URL, ...TEST_ADMIN_ENV }, dataDir });
    t.same(
      readdirSync(ogDir).sort(),
      before,
      'stray files are removed at start; the images of the published content stay',
    );
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await editSection(admin, sectionPath('company'), { name: 'Renamed Forgings Pvt. Ltd.' })).status, 303);
    t.same(readdirSync(ogDir), [], "the old company name's images are removed when the new name is published");
    const html = await (await fetch(server.url + '/products/flanges')).text();
    const image = metaContent(html, 'og:image')!;
    t.notOk(before.includes(pathOf(image).slice('/og/'.length)), 'a new name for the new content');
    const [first, second] = await Promise.all([fetch(server.url + pathOf(image)), fetch(server.url + pathOf(image))]);
    t.same(
      Buffer.from(await first.arrayBuffer()),
      Buffer.from(await second.arrayBuffer()),
      'the same bytes to concurrent requests',
    );
    t.same(readdirSync(ogDir), [pathOf(image).slice('/og/'.length)], 'drawn once, stored under its hash');
  },
);
