import t from 'tap';
import type { Page } from 'playwright-core';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import { signInWithBrowser, startBrowserSuite, waitForHydration, watchConsole } from '../helpers/browser.js';
import { makePhoto } from '../helpers/photos.js';

const { server, browser } = await startBrowserSuite(t, TEST_ADMIN_ENV);

/** The id of the focused element, once the page (reloaded without JavaScript, or changed in place) has settled. */
const focusedId = async (page: Page, id: string) => {
  await page.waitForFunction((wanted) => document.activeElement?.id === wanted, id);
  return id;
};

for (const javaScript of [true, false])
  for (const width of [375, 1280]) {
    t.test(
      `${javaScript ? 'with' : 'without'} JavaScript at ${width} px: the owner adds a certificate with its photo and two machines, reorders and deletes rows, then publishes`,
      async (t) => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript });
        const page = await context.newPage();
        const problems = watchConsole(page);
        await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });
        // From the admin's own menu, as the owner goes.
        await page.getByRole('link', { name: 'Site', exact: true }).click();
        await page.getByRole('link', { name: 'Capability', exact: true }).click();
        await page.getByRole('heading', { name: 'Capability', level: 2 }).waitFor();
        if (javaScript) await waitForHydration(page);
        t.ok(await page.getByText('No certificates yet.').isVisible(), 'empty until the owner adds one');
        // axe needs the page's timers, which do not run with JavaScript off; the markup it checks is the
        // server's either way.
        if (javaScript) t.same(await violations(page), [], 'axe: the empty section');

        await page.getByRole('button', { name: 'Add a certificate' }).click();
        await page.getByRole('status').filter({ hasText: 'Added certificate 1.' }).waitFor();
        t.equal(
          await focusedId(page, 'field-certificates-0-name'),
          'field-certificates-0-name',
          'the new row’s first input is focused',
        );
        const certificate = page.getByRole('group', { name: 'Certificate 1' });
        await certificate.getByLabel('Certificate', { exact: true }).fill('ISO 9001:2015');
        await certificate.getByLabel('Certificate number').fill(`QMS-${width}-0042`);
        await certificate
          .getByLabel('Scope')
          .fill(
            'Design and manufacture of closed-die forgings and precision-machined parts in carbon, alloy and stainless steel',
          );
        await certificate.getByLabel('Certifying body').fill('TÜV SÜD South Asia Pvt. Ltd.');
        await certificate.getByLabel('Valid until').fill('2028-06-30');
        await certificate.getByLabel('Choose a photo').setInputFiles({
          name: 'ISO-Zertifikat.jpg',
          mimeType: 'image/jpeg',
          buffer: await makePhoto({ width: 4000, height: 3000, hue: width % 360 }),
        });
        await certificate.getByLabel('Alt text').fill('ISO 9001:2015 certificate issued by TÜV SÜD');

        // Two machines: the second added, then moved above the first. The photo chosen above is sent
        // (and kept) with each of these posts.
        for (const [n, name, capacity, unit] of [
          [1, 'Friction screw press', '1600', 'tonnes'],
          [2, 'CNC turning centre', '400', 'mm Ø'],
        ] as const) {
          await page.getByRole('button', { name: 'Add a machine' }).click();
          await page
            .getByRole('status')
            .filter({ hasText: `Added machine ${n}.` })
            .waitFor();
          const machine = page.getByRole('group', { name: `Machine ${n}` });
          await machine.getByLabel('Machine', { exact: true }).fill(name);
          await machine.getByLabel('Capacity').fill(capacity);
          await machine.getByLabel('Unit').fill(unit);
          await machine.getByLabel('How many').fill('2');
        }
        t.match(
          await page.getByRole('group', { name: 'Certificate 1' }).locator('figcaption').innerText(),
          /Uploaded \(4000 × 3000 pixels\), not saved yet/,
          'the certificate’s photo was kept by the row posts, not yet published',
        );
        await page.getByRole('button', { name: 'Move machine 2 up' }).click();
        await page.getByRole('status').filter({ hasText: 'Moved machine 2 up to row 1.' }).waitFor();
        t.equal(
          await focusedId(page, 'field-machines-0-down'),
          'field-machines-0-down',
          'the moved row’s Down button is focused',
        );
        t.equal(
          await page.getByRole('group', { name: 'Machine 1' }).getByLabel('Machine', { exact: true }).inputValue(),
          'CNC turning centre',
        );
        t.equal(await page.getByRole('group', { name: 'Machine 2' }).getByLabel('Capacity').inputValue(), '1600');
        if (javaScript) t.same(await violations(page), [], 'axe: the section with rows');

        // A list: an input per export market, added and moved the same way. With JavaScript and no file
        // chosen, the form changes at once, with no request to the server.
        let posts = 0;
        const countPost = (request: { method(): string }) => void (request.method() === 'POST' && (posts += 1));
        page.on('request', countPost);
        for (const [n, country] of [
          [1, 'Germany'],
          [2, 'UAE'],
        ] as const) {
          await page.getByRole('button', { name: 'Add a country' }).click();
          await page
            .getByRole('status')
            .filter({ hasText: `Added country ${n}.` })
            .waitFor();
          t.equal(await focusedId(page, `field-markets-${n - 1}`), `field-markets-${n - 1}`, `country ${n} is focused`);
          await page.getByLabel(`Country ${n}`, { exact: true }).fill(country);
        }
        await page.getByRole('button', { name: 'Move country 2 up' }).click();
        await page.getByRole('status').filter({ hasText: 'Moved country 2 up to row 1.' }).waitFor();
        t.equal(await page.getByLabel('Country 1', { exact: true }).inputValue(), 'UAE');
        page.off('request', countPost);
        t.equal(posts, javaScript ? 0 : 3, javaScript ? 'no request for a row added or moved' : 'a post for each');

        // A third machine added by mistake, then deleted.
        await page.getByRole('button', { name: 'Add a machine' }).click();
        await page.getByRole('group', { name: 'Machine 3' }).waitFor();
        await page.getByRole('button', { name: 'Delete machine 3' }).click();
        await page.getByRole('status').filter({ hasText: 'Deleted machine 3.' }).waitFor();
        t.equal(await page.getByRole('group', { name: 'Machine 3' }).count(), 0);

        // A wrong date: refused beside its input, everything typed kept.
        await page.getByRole('group', { name: 'Machine 1' }).getByLabel('How many').fill('zero');
        await page.getByRole('button', { name: 'Save and publish' }).last().click();
        await page.locator('.error-summary').waitFor();
        t.ok(
          await page.getByText('Machine 1: Enter how many as a whole number from 1 to 999').first().isVisible(),
          'the message names the row',
        );
        if (javaScript) t.same(await violations(page), [], 'axe: the section with a message');
        await page.getByRole('group', { name: 'Machine 1' }).getByLabel('How many').fill('1');
        // Enter in a field saves: the form's default button is Save, never a row's Up or Delete.
        await page.getByRole('group', { name: 'Machine 1' }).getByLabel('Make').fill('Lokesh Machines');
        await page.getByRole('group', { name: 'Machine 1' }).getByLabel('Make').press('Enter');
        await page.getByRole('status').filter({ hasText: 'Saved. The site shows your changes now.' }).waitFor();
        t.equal(
          await page.getByRole('group', { name: 'Machine 1' }).getByLabel('Machine', { exact: true }).inputValue(),
          'CNC turning centre',
          'Enter moved no row',
        );

        const content = await (await fetch(`${server.url}/about`)).text();
        t.match(content, `"number":"QMS-${width}-0042"`, 'published: the certificate');
        t.match(content, '"markets":["UAE","Germany"]', 'the markets in their order');
        t.match(
          content,
          /"machines":\[\{"name":"CNC turning centre","make":"Lokesh Machines","capacity":"400"/,
          'the machines in their order',
        );
        t.match(
          content,
          /"photo":\{"id":"[0-9a-f]{20}","alt":"ISO 9001:2015 certificate issued by TÜV SÜD","width":4000/,
          'with the photo',
        );
        t.same(
          problems.filter((problem) => !/status of 400 \(Bad Request\)/.test(problem)),
          [],
          'no console errors',
        );
        // The next run starts from no records again.
        const admin = await page.request.get(`${server.url}/admin/site/capability`);
        t.equal(admin.status(), 200);
        await context.close();
        await resetCapability();
      },
    );
  }

/** Empties the capability section, as the owner would by deleting each row. */
async function resetCapability() {
  const { AdminClient } = await import('../helpers/admin-client.js');
  const { openSection, saveSection } = await import('../helpers/site-editor.js');
  const admin = new AdminClient(server.url);
  await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page, view } = await openSection(admin, '/admin/site/capability');
  const kept = Object.fromEntries(
    Object.entries(view.values).filter(([name]) => !/^(certificates|machines|markets)\./.test(name)),
  );
  const response = await saveSection(admin, '/admin/site/capability', kept, page.revision.id);
  if (response.status !== 303) throw new Error(`reset: ${response.status}`);
}

t.test(
  'with JavaScript: a row added after someone else saved the section still saves as a conflict, never over their change',
  async (t) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInWithBrowser(page, server.url, TEST_ADMIN);
    await page.goto(`${server.url}/admin/site/capability`);
    await waitForHydration(page);
    // Meanwhile, in another tab, the section is saved.
    const { AdminClient } = await import('../helpers/admin-client.js');
    const { editSection } = await import('../helpers/site-editor.js');
    const other = new AdminClient(server.url);
    await other.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await editSection(other, '/admin/site/capability', { 'capacity.tonnesPerMonth': '850' })).status, 303);

    await page.getByRole('button', { name: 'Add a machine' }).click();
    await page.getByRole('group', { name: 'Machine 1' }).getByLabel('Machine', { exact: true }).fill('Hammer');
    await page.getByRole('button', { name: 'Save and publish' }).last().click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: this section was changed since you opened it' })
      .waitFor();
    const about = await (await fetch(`${server.url}/about`)).text();
    t.match(about, '"tonnesPerMonth":"850"', 'the other tab’s change stands');
    t.notMatch(about, '"name":"Hammer"', 'and this tab’s was not saved over it');
    await context.close();
    await resetCapability();
  },
);
