import sharp from 'sharp';
import t, { type Test } from 'tap';
import { publicRoutes } from '../../shared/routes.js';
import { linkTag } from '../helpers/head.js';
import { withServer } from '../helpers/server.js';

const server = await withServer(t, { listen: false });

const get = (path: string) => server.fetch(path);

/** Fetches a PNG icon and checks what it is, how it is cached and its size. */
async function checkIcon(t: Test, src: string, size: number): Promise<void> {
  const response = await get(src);
  t.equal(response.status, 200, `${src} is served`);
  t.equal(response.headers.get('content-type'), 'image/png', `${src}: image/png`);
  t.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable', `${src}: cached for good`);
  const { format, width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  t.same(
    { format, width, height },
    { format: 'png', width: size, height: size },
    `${src}: decodes to ${size} × ${size}`,
  );
}

t.test('the favicon link declares the type the file is served with, on every page', async (t) => {
  for (const page of publicRoutes) {
    const favicon = linkTag(await (await get(page.path)).text(), 'icon');
    t.ok(favicon?.href && favicon.type, `${page.path}: <link rel="icon"> with href and type`);
    const response = await get(favicon!.href!);
    t.equal(response.status, 200);
    t.equal(
      response.headers.get('content-type')?.split(';')[0],
      favicon!.type,
      `${page.path}: type="${favicon!.type}" as served`,
    );
    await response.arrayBuffer();
  }
});

t.test('apple-touch-icon: a 180 px PNG, opaque (iOS shows transparent corners black)', async (t) => {
  const link = linkTag(await (await get('/')).text(), 'apple-touch-icon');
  t.ok(link?.href);
  await checkIcon(t, link!.href!, 180);
  const { channels, isOpaque } = await sharp(Buffer.from(await (await get(link!.href!)).arrayBuffer())).stats();
  t.ok(isOpaque, `opaque (${channels.length} channels)`);
});

t.test(
  'the web app manifest is valid JSON with name, colours, start_url, display and 192 and 512 px icons',
  async (t) => {
    const link = linkTag(await (await get('/about')).text(), 'manifest');
    t.equal(link?.href, '/site.webmanifest');
    const response = await get('/site.webmanifest');
    t.equal(response.status, 200);
    t.match(response.headers.get('content-type'), /^application\/manifest\+json/);
    t.equal(
      response.headers.get('cache-control'),
      'public, no-cache',
      'revalidated on each load: an edited company name shows at once',
    );
    const manifest = JSON.parse(await response.text()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string }[];
    };
    t.match(manifest, {
      name: 'Example Forgings',
      short_name: String,
      start_url: '/',
      display: 'standalone',
      theme_color: /^#[0-9a-f]{6}$/,
      background_color: /^#[0-9a-f]{6}$/,
    });
    t.same(
      manifest.icons.map((icon) => icon.sizes),
      ['192x192', '512x512'],
    );
    for (const icon of manifest.icons) {
      t.equal(icon.type, 'image/png');
      await checkIcon(t, icon.src, Number(icon.sizes.split('x')[0]));
    }
  },
);

t.test('no icon for a size or name that was not declared', async (t) => {
  const link = linkTag(await (await get('/')).text(), 'apple-touch-icon')!;
  for (const wrong of [
    link.href!.replace('icon-180', 'icon-64'),
    link.href!.replace(/\/icons\/[^/]+\//, '/icons/000000000000/'),
  ]) {
    t.equal((await get(wrong)).status, 404, wrong);
  }
});
