/**
 * Screenshots of the enquiry desk with 60 realistic enquiries, at a phone's width and a desktop's,
 * for the README (npx tsx test/tools/desk-screenshots.ts [folder], default docs/screenshots).
 * Runs the built server (npm run build first) and Debian's Chromium.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { launchBrowser, signInWithBrowser } from '../helpers/browser.js';
import { deskEnquiry } from '../helpers/realistic-data.js';
import { postJson, removeDataDir, startServer } from '../helpers/server.js';

const folder = process.argv[2] ?? 'docs/screenshots';
mkdirSync(folder, { recursive: true });
const server = await startServer({ ...TEST_ADMIN_ENV, ENQUIRY_RATE_LIMIT: '1000' });
try {
  for (let n = 0; n < 60; n++) {
    const response = await postJson(`${server.url}/api/enquiries`, deskEnquiry(n));
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
  }
  // Some read, some further along: an inbox a few days into the work.
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  for (let id = 1; id <= 40; id += 3) await admin.post(`/admin/enquiries/${id}/read`, {});
  for (const [id, stage] of [
    [59, 'open'],
    [57, 'quoted'],
    [52, 'won'],
    [48, 'lost'],
    [45, 'quoted'],
  ] as const)
    await admin.post(`/admin/enquiries/${id}/stage`, { stage });
  await admin.post('/admin/enquiries/55/star', {});

  const browser = await launchBrowser();
  for (const [name, viewport] of [
    ['desk-1280', { width: 1280, height: 900 }],
    ['desk-375', { width: 375, height: 800 }],
  ] as const) {
    const page = await browser.newPage({ viewport });
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    await page.screenshot({ path: join(folder, `${name}.png`) });
    await page.getByRole('link', { name: /#57/ }).click();
    await page.waitForURL(/enquiries\/57/);
    await page.screenshot({ path: join(folder, `${name}-enquiry.png`) });
    await page.close();
  }
  await browser.close();
} finally {
  await server.close();
  removeDataDir(server.dataDir);
}
