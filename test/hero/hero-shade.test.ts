/**
 * The hero overlay measured on the server: a bright and a dark 4000 × 3000 photo uploaded through
 * the site editor get the shade their text needs (the bright one 70 %, the dark one none), in the
 * page's HTML and in its bootstrap content; a server started later over the same data, which never
 * saw the uploads, measures them again from the stored photo and renders the same page.
 */
import t from 'tap';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { brightPhoto, darkPhoto } from '../helpers/hero-photos.js';
import { uploadPhotos } from '../helpers/photos.js';
import { withServer } from '../helpers/server.js';
import type { Photo } from '../../shared/content/photo.js';
import { bootstrapOf } from '../helpers/site-editor.js';

const backdrops = (html: string): string[] =>
  [...html.matchAll(/class="(hero__backdrop[^"]*)"/g)].map((match) => match[1]!);
/** Each slide's photo's shade in the page's bootstrap content (a property the content's schema does not have). */
const shadesIn = (html: string): (number | undefined)[] =>
  bootstrapOf(html).content.home.slides.map((slide) => {
    const photo: Photo | null = slide.photo;
    return photo?.shade;
  });

t.test('measured at upload, and again by a server that did not see the upload', async (t) => {
  const server = await withServer(t, { env: TEST_ADMIN_ENV });
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);

  const before = await (await server.fetch('/')).text();
  t.same(backdrops(before), [], 'no photos: no backdrops, the hero’s own navy');

  const saved = await uploadPhotos(
    owner,
    sectionPath('home'),
    [
      { field: 'slides.0.photo', data: await brightPhoto(), fileName: 'sky.jpg', alt: 'The plant under a white sky' },
      { field: 'slides.1.photo', data: await darkPhoto(), fileName: 'night.jpg', alt: 'The press shop at night' },
    ],
    {},
    { asJson: true },
  );
  t.equal(saved.status, 200, 'saved');

  const home = await (await server.fetch('/')).text();
  t.same(backdrops(home), ['hero__backdrop hero__shade--70', 'hero__backdrop hero__shade--0']);
  t.same(shadesIn(home), [70, 0, undefined], 'the bootstrap content carries the shades, for hydration');
  const about = await (await server.fetch('/about')).text();
  t.same(shadesIn(about), [70, 0, undefined], 'every page’s content has them (the home page reached by a link)');

  await server.close();
  const later = await withServer(t, { env: TEST_ADMIN_ENV, dataDir: server.dataDir });
  const again = await (await later.fetch('/')).text();
  t.same(backdrops(again), backdrops(home), 'measured again from the stored photo');
  t.same(shadesIn(again), [70, 0, undefined]);
});
