import { startServer } from './helpers/server.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from './helpers/admin-client.js';
import { makePhoto, uploadPhotos } from './helpers/photos.js';
import { launchBrowser, signInWithBrowser, waitForHydration } from './helpers/browser.js';
import sharp from 'sharp';
const server = await startServer({ ...TEST_ADMIN_ENV });
const client = new AdminClient(server.url);
await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
const logo = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" rx="60" fill="#e8760a"/><text x="200" y="260" font-size="180" text-anchor="middle" fill="#fff" font-family="sans-serif" font-weight="700">SG</text></svg>')).png().toBuffer();
await uploadPhotos(client, '/admin/site/company', [{ field: 'logo', data: logo, fileName: 'logo.png', type: 'image/png', alt: 'Shree Ganesh logo' }]);
await uploadPhotos(client, '/admin/site/products/flanges', [{ field: 'photo', data: await makePhoto({ width: 4000, height: 3000 }), fileName: 'flanges.jpg', alt: 'Forged flanges' }]);
await uploadPhotos(client, '/admin/site/home', [{ field: 'slides.0.photo', data: await makePhoto({ width: 4000, height: 3000, hue: 30 }), fileName: 'press.jpg', alt: 'The forging press' }]);
await uploadPhotos(client, '/admin/site/about', [{ field: 'leaders.0.photo', data: await makePhoto({ width: 900, height: 1200, hue: 120 }), fileName: 'ceo.jpg', alt: 'Rajesh Patel' }]);
const browser = await launchBrowser();
for (const js of [true, false]) for (const width of [375, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: js });
  const page = await context.newPage();
  for (const [name, path] of [['home', '/'], ['flanges', '/products/flanges'], ['products', '/products'], ['about', '/about']]) {
    await page.goto(server.url + path, { waitUntil: 'load' });
    if (js) await waitForHydration(page);
    await page.screenshot({ path: `/tmp/shots/${name}-${width}-${js ? 'js' : 'nojs'}.png`, fullPage: name !== 'home' });
  }
  await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript: js });
  await page.goto(server.url + '/admin/site/products/flanges');
  await page.screenshot({ path: `/tmp/shots/editor-${width}-${js ? 'js' : 'nojs'}.png`, fullPage: true });
  await context.close();
}
await browser.close();
await server.close();
