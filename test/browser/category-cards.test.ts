/**
 * Product cards where some categories have a photo and the others their drawing, in Chromium at 375
 * and 1280 px: the photo and the drawing sit in the same frame (its inset, size, corners, hairline
 * and ground), so the grid looks planned; axe clean.
 */
import t from 'tap';
import { sectionPath } from '../../shared/content/sections.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { startBrowserSuite, waitForHydration } from '../helpers/browser.js';
import { makePhoto, uploadPhotos } from '../helpers/photos.js';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);
const owner = new AdminClient(server.url);
await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
const saved = await uploadPhotos(
  owner,
  sectionPath('products/flanges'),
  [
    {
      field: 'photo',
      data: await makePhoto({ width: 2400, height: 1600, texture: true }),
      fileName: 'flanges.jpg',
      alt: 'Forged flanges on the inspection bench',
    },
  ],
  {},
  { asJson: true },
);
if (!saved.ok) throw new Error(`the photo was not saved: ${saved.status}`);

for (const width of [375, 1280]) {
  t.test(`${width} px: a photo and a drawing in the same frame`, async (t) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${server.url}/products`);
    await waitForHydration(page);
    await page.waitForLoadState('load');
    const frames = await page.locator('.category-card').evaluateAll((cards) =>
      cards.map((card) => {
        const media = card.querySelector('.card__media')!;
        const picture = media.firstElementChild!;
        const style = getComputedStyle(picture);
        const box = picture.getBoundingClientRect();
        const inCard = card.getBoundingClientRect();
        return {
          photo: picture.classList.contains('photo'),
          frame: {
            inset: Math.round(box.left - inCard.left),
            width: Math.round(box.width),
            height: Math.round(box.height),
            radius: style.borderRadius,
            hairline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
            ground: style.backgroundColor,
          },
        };
      }),
    );
    const photo = frames.filter((card) => card.photo);
    const drawings = frames.filter((card) => !card.photo);
    t.equal(photo.length, 1, 'one card with a photo (Flanges)');
    t.equal(drawings.length, 6, 'six with their drawing');
    for (const drawing of drawings) t.same(drawing.frame, photo[0]!.frame, 'the same frame as the photo');
    t.ok(photo[0]!.frame.inset > 0 && photo[0]!.frame.radius !== '0px', 'inset and rounded');
    t.equal(photo[0]!.frame.height, Math.round((photo[0]!.frame.width * 2) / 3), '3 : 2');
    t.same(await violations(page), [], 'axe');
    await page.close();
  });
}
