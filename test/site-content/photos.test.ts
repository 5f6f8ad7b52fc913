import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import t, { type Test } from 'tap';
import { PHOTO_FORMATS, variantWidths } from '../../shared/content/photo.js';
import { sectionPath } from '../../shared/content/sections.js';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import type { AdminSitePage, SectionSaveAnswer } from '../../shared/site-editor.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { jsonLdGraph, linkTag, metaContent } from '../helpers/head.js';
import { makePhoto, typeOf, uploadPhotos, type PhotoFormat } from '../helpers/photos.js';
import { withServer, type TestServer } from '../helpers/server.js';
import { bootstrapOf, openSection } from '../helpers/site-editor.js';
import { smallFileSystem } from '../helpers/small-file-system.js';

const FLANGES = sectionPath('products/flanges');

async function fresh(t: Test, dataDir?: string): Promise<{ server: TestServer; admin: AdminClient }> {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV }, dataDir });
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  return { server, admin };
}

const html = async (server: TestServer, path: string) => (await fetch(server.url + path)).text();
/** The <picture> of the first uploaded photo on a page, and its <img>. */
const pictureOf = (page: string) => /<picture>.*?<\/picture>/s.exec(page)?.[0] ?? '';
const photoIdOf = (page: string) => /\/media\/([0-9a-f]{20})\//.exec(page)?.[1];

t.test(
  'each accepted type (JPEG, PNG, WebP, AVIF) becomes AVIF, WebP and JPEG variants at the widths it reaches, served immutable',
  async (t) => {
    const { server, admin } = await fresh(t);
    const sizes: Record<PhotoFormat, [number, number]> = {
      jpeg: [2400, 1600],
      png: [1200, 900],
      webp: [700, 500],
      avif: [1700, 1275],
    };
    for (const [format, [width, height]] of Object.entries(sizes) as [PhotoFormat, [number, number]][]) {
      const data = await makePhoto({ width, height, format, hue: width % 360 });
      const saved = await uploadPhotos(admin, FLANGES, [
        { field: 'photo', data, fileName: `flange.${format}`, type: typeOf(format), alt: `Flanges (${format})` },
      ]);
      t.equal(saved.status, 303, `${format}: saved`);
      const page = await html(server, '/products/flanges');
      const id = photoIdOf(page);
      t.ok(id, `${format}: the page shows the photo`);
      t.match(pictureOf(page), `alt="Flanges (${format})"`);
      const widths = variantWidths(width);
      t.ok(
        widths.every((variant) => variant <= width) && widths.at(-1) === Math.min(width, 1600),
        `${format}: widths ${widths.join(', ')}, none larger than the upload`,
      );
      for (const variant of widths) {
        for (const { extension, type } of PHOTO_FORMATS) {
          const response = await fetch(`${server.url}/media/${id}/${variant}.${extension}`);
          t.equal(response.status, 200, `${format}: ${variant}.${extension}`);
          t.equal(response.headers.get('content-type'), type);
          t.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
          const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
          t.equal(metadata.width, variant, `${format}: ${variant}.${extension} is ${variant} px wide`);
          t.equal(metadata.height, Math.round((height * variant) / width));
        }
      }
      t.equal(
        (await fetch(`${server.url}/media/${id}/${widths.at(-1)! + 1}.avif`)).status,
        404,
        'no variant that was not made',
      );
    }
    t.equal((await fetch(`${server.url}/media/${'0'.repeat(20)}/480.avif`)).status, 404, 'an unknown photo: 404');
    t.equal((await fetch(`${server.url}/media/../forge.db`)).status, 404, 'nothing outside the photos');
    for (const folder of ['/media/', `/media/${photoIdOf(await html(server, '/products/flanges'))}/`])
      t.equal((await fetch(server.url + folder)).status, 404, `${folder}: 404, not a listing or a 403`);
    const originals = readdirSync(join(server.dataDir, 'media', 'originals'));
    t.equal(originals.length, 4, 'each original is kept for re-processing');
    t.equal((await fetch(`${server.url}/media/originals/${originals[0]}`)).status, 404, 'and never served');
  },
);

t.test('metadata is stripped: no EXIF, GPS, XMP or ICC in any variant; the orientation is applied', async (t) => {
  const { server, admin } = await fresh(t);
  const data = await makePhoto({ width: 1200, height: 800, orientation: 6 });
  const original = await sharp(data).metadata();
  t.ok(original.exif && original.exif.includes(Buffer.from('ForgeCam')), 'the upload carries the camera and GPS EXIF');
  t.equal(
    (
      await uploadPhotos(admin, FLANGES, [
        { field: 'photo', data, fileName: 'IMG_2041.JPG', alt: 'A flange on the bench' },
      ])
    ).status,
    303,
  );
  const page = await html(server, '/products/flanges');
  t.match(pictureOf(page), 'width="800" height="1200"', 'upright: the EXIF orientation (90°) is applied to the size');
  const id = photoIdOf(page)!;
  for (const width of variantWidths(800)) {
    for (const { extension } of PHOTO_FORMATS) {
      const bytes = Buffer.from(await (await fetch(`${server.url}/media/${id}/${width}.${extension}`)).arrayBuffer());
      const metadata = await sharp(bytes).metadata();
      t.notOk(metadata.exif, `${width}.${extension}: no EXIF`);
      t.notOk(metadata.xmp, `${width}.${extension}: no XMP`);
      t.notOk(metadata.icc, `${width}.${extension}: no ICC profile`);
      t.notOk(
        metadata.orientation && metadata.orientation !== 1,
        `${width}.${extension}: no orientation left to apply`,
      );
      t.notOk(
        bytes.includes(Buffer.from('ForgeCam')) || bytes.includes(Buffer.from('secret-owner-name')),
        `${width}.${extension}: no camera or owner text`,
      );
      t.ok(metadata.height > metadata.width, `${width}.${extension}: portrait, as the camera held it`);
    }
  }
});

t.test(
  'refused uploads: a renamed non-image, a decompression bomb, a file over 15 MB; the form comes back with the typed text and nothing is saved',
  async (t) => {
    const { server, admin } = await fresh(t);
    const cases = [
      {
        name: 'a PDF renamed .jpg',
        data: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]),
        fileName: 'drawing.jpg',
        message: /drawing\.jpg is not a photo this site can read\. Upload a JPEG, PNG, WebP or AVIF file\./,
      },
      {
        name: 'an SVG (script can hide in it)',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        fileName: 'logo.svg',
        message: /logo\.svg is not a photo this site can read/,
      },
      {
        name: 'a 8000 × 5001 PNG (40.0 megapixels and a little more; refused before it is decoded)',
        data: await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#777777' } })
          .png()
          .toBuffer(),
        fileName: 'bomb.png',
        message: /bomb\.png is 8000 × 5001 pixels \(40\.0 megapixels\)\. Photos may have at most 40 megapixels/,
      },
      {
        name: 'a JPEG cut short',
        data: (await makePhoto({ width: 1600, height: 1200 })).subarray(0, 60_000),
        fileName: 'cut.jpg',
        message: /cut\.jpg could not be read to the end/,
      },
      {
        name: '16 MB',
        data: Buffer.concat([await makePhoto({ width: 400, height: 300 }), Buffer.alloc(16 * 1024 * 1024)]),
        fileName: 'huge.jpg',
        message: /huge\.jpg is larger than 15 MB/,
      },
    ];
    for (const refused of cases) {
      const response = await uploadPhotos(
        admin,
        FLANGES,
        [{ field: 'photo', data: refused.data, fileName: refused.fileName, alt: 'Typed alt text' }],
        { intro: 'Typed intro: Schmiedeteile ગુજરાતી' },
      );
      t.equal(response.status, 400, `${refused.name}: 400`);
      const page = await response.text();
      t.match(page, refused.message, `${refused.name}: says why`);
      t.ok(
        page.includes('Typed intro: Schmiedeteile ગુજરાતી') && page.includes('Typed alt text'),
        `${refused.name}: the typed text is kept`,
      );
    }
    t.equal(server.app.db.prepare('SELECT count(*) FROM site_revisions').pluck().get(), 1, 'no version was saved');
    t.equal(server.app.db.prepare('SELECT count(*) FROM media').pluck().get(), 0, 'no photo was kept');
    t.same(readdirSync(join(server.dataDir, 'media', 'photos')), [], 'no files either');
    t.same(readdirSync(join(server.dataDir, 'media', '.tmp')), [], 'the temporary files are gone');
  },
);

t.test(
  'alt text: required with a photo; the uploaded photo is kept meanwhile; Remove goes back to the drawing',
  async (t) => {
    const { server, admin } = await fresh(t);
    const data = await makePhoto({ width: 1000, height: 700 });
    const missing = await uploadPhotos(
      admin,
      FLANGES,
      [{ field: 'photo', data, fileName: 'flange.jpg', alt: '' }],
      {},
      { asJson: true },
    );
    t.equal(missing.status, 400);
    const answer = (await missing.json()) as SectionSaveAnswer;
    t.match(answer, { ok: false, errors: { 'photo.alt': 'Enter the alt text of the cover photo' } });
    const id = answer.values['photo.id']!;
    t.match(id, /^[0-9a-f]{20}$/, 'the answer carries the stored photo');
    t.match(
      answer.photos[id],
      { width: 1000, height: 700, placeholder: /^data:image\/webp;base64,/, published: false },
      'and what the preview needs',
    );
    const refusedPage = await uploadPhotos(admin, FLANGES, [{ field: 'photo', data, fileName: 'flange.jpg', alt: '' }]);
    t.match(
      await refusedPage.text(),
      /Uploaded \(1000 × 700 pixels\), not saved yet: the site shows it once you save\./,
      'the form says the photo is not on the site yet',
    );

    const { page, view } = await openSection(admin, FLANGES);
    const form = new URLSearchParams({
      ...view.values,
      'photo.id': id,
      'photo.alt': 'Forged flanges after machining',
      base: String(page.revision.id),
      note: '',
      _csrf: admin.csrfToken,
    });
    const saved = await admin.request(FLANGES, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    t.equal(saved.status, 303, 'saved with the alt text, without sending the file again');
    t.match(pictureOf(await html(server, '/products/flanges')), 'alt="Forged flanges after machining"');
    t.match(pictureOf(await html(server, '/products')), 'alt="Forged flanges after machining"', 'on its card too');

    const editor = await openSection(admin, FLANGES);
    t.match(editor.html, /The photo now \(1000 × 700 pixels\)\./, 'the editor shows the photo now');
    t.match(editor.html, new RegExp(`src="/media/${id}/480\\.webp"`), 'as a preview');
    const removed = await admin.request(FLANGES, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...editor.view.values,
        'photo.remove': 'on',
        base: String(editor.page.revision.id),
        note: '',
        _csrf: admin.csrfToken,
      }).toString(),
    });
    t.equal(removed.status, 303);
    const after = await html(server, '/products/flanges');
    t.notOk(photoIdOf(after), 'the photo is gone from the page');
    t.match(after, /alt="Drawing of a forged weld-neck flange with bolt holes"/, 'the drawing is back');

    const unknown = await admin.request(FLANGES, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...editor.view.values,
        'photo.id': 'f'.repeat(20),
        'photo.alt': 'x',
        base: String(editor.page.revision.id + 1),
        note: '',
        _csrf: admin.csrfToken,
      }).toString(),
    });
    t.equal(unknown.status, 400, 'a photo id the server does not have is refused');
    t.match(await unknown.text(), /The cover photo is no longer on the server: choose its file again/);
  },
);

t.test(
  'pages: <picture> with AVIF and WebP sources, srcset, sizes, width and height; the category page’s photo first, the cards lazy',
  async (t) => {
    const { server, admin } = await fresh(t);
    const data = await makePhoto({ width: 4000, height: 3000 });
    t.equal(
      (
        await uploadPhotos(admin, FLANGES, [
          { field: 'photo', data, fileName: 'flanges-4000.jpg', alt: 'Weld-neck flanges' },
        ])
      ).status,
      303,
    );
    const slide = await makePhoto({ width: 3000, height: 1500, hue: 30 });
    const leader = await makePhoto({ width: 900, height: 1200, hue: 90 });
    t.equal(
      (
        await uploadPhotos(admin, sectionPath('home'), [
          { field: 'slides.0.photo', data: slide, fileName: 'press.jpg', alt: 'The 1,600 t forging press' },
        ])
      ).status,
      303,
    );
    t.equal(
      (
        await uploadPhotos(admin, sectionPath('about'), [
          { field: 'leaders.0.photo', data: leader, fileName: 'ceo.jpg', alt: 'Rajesh Patel' },
        ])
      ).status,
      303,
    );

    const category = pictureOf(await html(server, '/products/flanges'));
    const id = photoIdOf(category)!;
    t.match(
      category,
      `<source type="image/avif" srcSet="/media/${id}/160.avif 160w, /media/${id}/480.avif 480w, /media/${id}/960.avif 960w, /media/${id}/1600.avif 1600w"`,
    );
    t.match(category, `<source type="image/webp" srcSet="/media/${id}/160.webp 160w`);
    t.match(
      category,
      /<img src="\/media\/[0-9a-f]{20}\/960\.jpg" srcSet="[^"]+1600\.jpg 1600w" sizes="\(min-width: 72rem\) 34rem, [^"]+" alt="Weld-neck flanges" width="4000" height="3000" fetchPriority="high"\/>/,
    );
    t.notMatch(category, /loading="lazy"/, 'the category page’s photo is not lazy: it is the largest image');

    const home = await html(server, '/');
    const cards = /<section[^>]*aria-labelledby="home-products".*?<\/section>/s.exec(home)?.[0] ?? home;
    t.match(
      cards,
      /<img src="\/media\/[0-9a-f]{20}\/960\.jpg"[^>]*loading="lazy"/,
      'the product card below the fold is lazy',
    );
    t.match(
      pictureOf(home),
      /alt="The 1,600 t forging press" width="3000" height="1500" fetchPriority="high"/,
      'the first slide’s photo comes first',
    );
    t.match(
      await html(server, '/about'),
      /class="photo team-card__photo".*?alt="Rajesh Patel" width="900" height="1200" loading="lazy"/s,
    );
    t.match(
      home,
      /<img class="photo__placeholder" src="data:image\/webp;base64,[^"]+" alt="" aria-hidden="true" width="3000" height="1500"\/>/,
      'a blurred placeholder holds its place',
    );
  },
);

t.test(
  'link previews and icons: the cover photo on its page’s og:image, an uploaded logo on the icons, favicon and structured data',
  async (t) => {
    const { server, admin } = await fresh(t);
    const before = metaContent(await html(server, '/products/flanges'), 'og:image')!;
    t.equal(
      (
        await uploadPhotos(admin, FLANGES, [
          {
            field: 'photo',
            data: await makePhoto({ width: 4000, height: 3000 }),
            fileName: 'f.jpg',
            alt: 'Stacked flanges',
          },
        ])
      ).status,
      303,
    );
    const page = await html(server, '/products/flanges');
    const image = metaContent(page, 'og:image')!;
    t.not(image, before, 'a new preview image');
    t.match(metaContent(page, 'og:image:alt'), /Stacked flanges\.$/);
    const bytes = Buffer.from(await (await fetch(server.url + new URL(image).pathname)).arrayBuffer());
    t.ok(bytes.length < 300 * 1024, `${(bytes.length / 1024).toFixed(1)} KB`);
    t.match(await sharp(bytes).metadata(), { format: 'jpeg', width: 1200, height: 630 });
    const panel = await sharp(bytes).extract({ left: 700, top: 200, width: 200, height: 200 }).stats();
    t.ok(
      panel.channels.some((channel) => channel.stdev > 8),
      'the panel shows the photo (not a flat colour)',
    );

    // A transparent PNG logo: a dark ring.
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><circle cx="300" cy="200" r="150" fill="none" stroke="#1f3a5f" stroke-width="60"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    t.equal(
      (
        await uploadPhotos(admin, sectionPath('company'), [
          { field: 'logo', data: logo, fileName: 'logo.png', type: 'image/png', alt: 'Example Forgings logo' },
        ])
      ).status,
      303,
    );
    const home = await html(server, '/');
    const favicon = linkTag(home, 'icon')!;
    t.match(
      favicon,
      { type: 'image/png', href: /^\/icons\/p[0-9a-f]{11}\/icon-48\.png$/ },
      'the favicon is the logo, as PNG, and says so',
    );
    const faviconResponse = await fetch(server.url + favicon.href);
    t.equal(faviconResponse.headers.get('content-type'), 'image/png');
    t.match(await sharp(Buffer.from(await faviconResponse.arrayBuffer())).metadata(), {
      width: 48,
      height: 48,
      hasAlpha: true,
    });
    const touch = Buffer.from(await (await fetch(server.url + linkTag(home, 'apple-touch-icon')!.href)).arrayBuffer());
    t.match(await sharp(touch).metadata(), { width: 180, height: 180 });
    t.ok((await sharp(touch).stats()).isOpaque, 'the apple-touch-icon is opaque');
    const manifest = JSON.parse(await (await fetch(`${server.url}/site.webmanifest`)).text()) as {
      icons: { src: string }[];
    };
    t.ok(
      manifest.icons.every((icon) => icon.src.startsWith(favicon.href!.replace(/icon-48\.png$/, ''))),
      'the manifest lists the logo’s icons',
    );
    const organization = jsonLdGraph(home).find((node) => node['@type'] === 'Organization')!;
    t.equal(
      organization.logo,
      `${new URL(metaContent(home, 'og:image')!).origin}${manifest.icons.at(-1)!.src}`,
      'structured data names the new logo',
    );
    t.match(
      home,
      /<picture><source type="image\/avif" srcSet="\/media\/[0-9a-f]{20}\/160\.avif 160w, \/media\/[0-9a-f]{20}\/480\.avif 480w, \/media\/[0-9a-f]{20}\/600\.avif 600w" sizes="60px"\/>/,
      'the header shows the logo, 40 px high',
    );
    t.match(
      home,
      /<img src="[^"]+" srcSet="[^"]+" sizes="60px" alt="" width="600" height="400" decoding="async" class="brand__logo"\/>/,
      'as decoration beside the name',
    );
  },
);

t.test('import: a file naming a photo this server does not have is refused with the reason', async (t) => {
  const { admin } = await fresh(t);
  t.equal(
    (
      await uploadPhotos(admin, FLANGES, [
        { field: 'photo', data: await makePhoto({ width: 800, height: 600 }), fileName: 'f.jpg', alt: 'Flanges' },
      ])
    ).status,
    303,
  );
  const exported = JSON.parse(await (await admin.request(ADMIN_PATHS.siteExport)).text()) as {
    content: { products: { flanges: { photo: { id: string; width: number } } } };
  };
  t.equal(exported.content.products.flanges.photo.width, 800, 'the export holds the photo');
  const check = (content: unknown) => {
    const form = new FormData();
    form.set('_csrf', admin.csrfToken);
    form.set('file', new Blob([JSON.stringify(content)], { type: 'application/json' }), 'site.json');
    return admin.request(ADMIN_PATHS.siteImportCheck, { method: 'POST', body: form });
  };
  const foreign = structuredClone(exported);
  foreign.content.products.flanges.photo.id = 'a'.repeat(20);
  const refused = await check(foreign);
  t.equal(refused.status, 400);
  t.match(
    await refused.text(),
    /Product: Flanges: the cover photo \(photo a{20}\) is not on this server\. Upload the same photo in the editor here, then import the file again\./,
  );
  const tampered = structuredClone(exported);
  tampered.content.products.flanges.photo.width = 1;
  const accepted = await check(tampered);
  t.equal(accepted.status, 200, 'a photo the server has is accepted');
  const page = bootstrapOf(await accepted.text()).pageData.admin as AdminSitePage;
  t.match(
    (page.view as { preview: { json: string } }).preview.json,
    '"width":800',
    'with its size as the server has it',
  );
});

t.test(
  'storage: a lock held while the photo is recorded gives 503 with the form kept; files without a record are removed at the next start',
  async (t) => {
    const { server, admin } = await fresh(t);
    const blocker = new Database(join(server.dataDir, 'forge.db'));
    blocker.exec('BEGIN IMMEDIATE');
    const response = await uploadPhotos(
      admin,
      FLANGES,
      [{ field: 'photo', data: await makePhoto({ width: 800, height: 600 }), fileName: 'f.jpg', alt: 'Flanges' }],
      { intro: 'Kept: ગુજરાતી' },
    );
    blocker.exec('ROLLBACK');
    blocker.close();
    t.equal(response.status, 503);
    t.equal(response.headers.get('retry-after'), '60');
    t.ok((await response.text()).includes('Kept: ગુજરાતી'), 'the typed text comes back');
    t.equal(server.app.db.prepare('SELECT count(*) FROM media').pluck().get(), 0, 'no photo recorded');
    t.equal(server.app.db.prepare('SELECT count(*) FROM site_revisions').pluck().get(), 1, 'nothing saved');
    t.equal(readdirSync(join(server.dataDir, 'media', 'photos')).length, 1, 'its files were written before the record');
    await server.close();
    mkdirSync(join(server.dataDir, 'media', 'photos', '.abc.partial'));
    writeFileSync(join(server.dataDir, 'media', '.tmp', 'cut-short'), 'x');
    const again = await withServer(t, { env: { ...TEST_ADMIN_ENV }, dataDir: server.dataDir });
    for (const dir of ['photos', 'originals', '.tmp'])
      t.same(readdirSync(join(server.dataDir, 'media', dir)), [], `media/${dir}: nothing left without a record`);
    t.equal(again.app.db.pragma('integrity_check', { simple: true }), 'ok');
  },
);

const tmpfs = smallFileSystem('6m');
t.test(
  'the disk fills while a photo is processed: 503, the form kept, no partial files',
  { skip: 'cannot' in tmpfs && tmpfs.cannot },
  async (t) => {
    if (!('dataDir' in tmpfs)) return;
    t.teardown(tmpfs.release);
    const { server, admin } = await fresh(t, tmpfs.dataDir);
    const data = await makePhoto({ width: 2000, height: 1500 });
    // Room for the upload itself, not for its variants.
    const { bavail, bsize } = statfsSync(tmpfs.dataDir);
    writeFileSync(join(tmpfs.dataDir, 'filler'), Buffer.alloc(bavail * bsize - data.length - 64 * 1024));
    const response = await uploadPhotos(admin, FLANGES, [{ field: 'photo', data, fileName: 'f.jpg', alt: 'Flanges' }], {
      intro: 'Kept on a full disk',
    });
    t.equal(response.status, 503);
    t.ok((await response.text()).includes('Kept on a full disk'));
    t.same(readdirSync(join(tmpfs.dataDir, 'media', 'photos')), [], 'no partial variants');
    t.same(readdirSync(join(tmpfs.dataDir, 'media', 'originals')), [], 'no original');
    t.equal(server.app.db.prepare('SELECT count(*) FROM media').pluck().get(), 0);
  },
);

t.test('the editor shows each photo field with its hint, alt text and (once set) Remove', async (t) => {
  const { admin } = await fresh(t);
  const { html: page, view } = await openSection(admin, sectionPath('home'));
  t.match(
    page,
    /<form [^>]*action="\/admin\/site\/home"[^>]*enctype="multipart\/form-data"/i,
    'a multipart form, for browsers without JavaScript',
  );
  for (const index of [0, 1, 2]) {
    const input = new RegExp(`<input id="field-slides-${index}-photo-file"[^>]*>`).exec(page)?.[0] ?? '';
    t.match(input, `name="slides.${index}.photo.file"`);
    t.match(input, 'type="file"');
    t.match(input, 'accept="image/jpeg,image/png,image/webp,image/avif"');
    t.match(page, new RegExp(`<label for="field-slides-${index}-photo-alt">Alt text</label>`));
  }
  t.match(page, /No photo: the page shows the dark blue background\./);
  t.notMatch(page, /Remove: the page shows/, 'no Remove without a photo');
  t.equal(view.values['slides.0.photo.id'], '');
});

t.test(
  'multipart bodies: a signed-out one is not read; files under a repeated name or past a limit leave nothing behind',
  async (t) => {
    const { server, admin } = await fresh(t);
    const tmp = join(server.dataDir, 'media', '.tmp');
    const megabyte = Buffer.alloc(1024 * 1024, 7);
    const form = (files: number, csrf = '', part = megabyte) => {
      const body = new FormData();
      if (csrf) body.set('_csrf', csrf);
      for (let index = 0; index < files; index++)
        body.append('logo.file', new Blob([part], { type: 'image/jpeg' }), `part-${index}.jpg`);
      return body;
    };
    const anonymous = await fetch(server.url + sectionPath('company'), {
      method: 'POST',
      body: form(3),
      redirect: 'manual',
    });
    t.equal(anonymous.status, 303, 'signed out: sent to sign in');
    await anonymous.arrayBuffer();
    t.same(readdirSync(tmp), [], 'nothing of it written');
    const repeated = await admin.request(sectionPath('company'), { method: 'POST', body: form(3, admin.csrfToken) });
    t.equal(repeated.status, 400, 'three files under one name: refused');
    await repeated.arrayBuffer();
    // A form sends a file part per photo field, one per row of rows with photos: at most 200.
    const tooMany = await admin.request(sectionPath('company'), {
      method: 'POST',
      body: form(201, admin.csrfToken, Buffer.alloc(1024, 7)),
    });
    t.equal(tooMany.status, 413, 'more files than the limit: 413');
    await tooMany.arrayBuffer();
    await t.resolves(async () => {
      // The answer can be sent a moment before the last file is removed (onResponse): wait for it.
      while (readdirSync(tmp).length > 0) await new Promise((resolve) => setImmediate(resolve));
    }, 'the temporary files are removed');
  },
);

t.test(
  'a photo over 4 : 1 is refused before it is made into variants (AVIF cannot be taller than 16,384 px)',
  async (t) => {
    const { admin } = await fresh(t);
    const tall = await sharp({ create: { width: 1000, height: 17000, channels: 3, background: '#556677' } })
      .png()
      .toBuffer();
    const response = await uploadPhotos(
      admin,
      FLANGES,
      [{ field: 'photo', data: tall, fileName: 'tall.png', type: 'image/png', alt: 'Tall' }],
      { intro: 'Kept text' },
    );
    t.equal(response.status, 400);
    const page = await response.text();
    t.match(
      page,
      /tall\.png is 1000 × 17000 pixels: photos may be at most 4 times as wide as tall, or as tall as wide\. Crop it, then upload it again\./,
    );
    t.ok(page.includes('Kept text'));
  },
);

t.test('a photo whose files were lost is made again when the same file is uploaded', async (t) => {
  const { server, admin } = await fresh(t);
  const data = await makePhoto({ width: 900, height: 600 });
  t.equal(
    (await uploadPhotos(admin, FLANGES, [{ field: 'photo', data, fileName: 'f.jpg', alt: 'Flanges' }])).status,
    303,
  );
  const id = photoIdOf(await html(server, '/products/flanges'))!;
  rmSync(join(server.dataDir, 'media', 'photos', id), { recursive: true });
  t.equal((await fetch(`${server.url}/media/${id}/480.avif`)).status, 404, 'its files are gone');
  t.equal(
    (await uploadPhotos(admin, FLANGES, [{ field: 'photo', data, fileName: 'f.jpg', alt: 'Flanges again' }])).status,
    303,
  );
  t.equal((await fetch(`${server.url}/media/${id}/480.avif`)).status, 200, 'made again from the upload');
});
