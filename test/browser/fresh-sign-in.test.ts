import t from 'tap';
import { FORM_TOKEN_FIELD } from '../../shared/enquiry/validation.js';
import { TEST_ADMIN, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { violations } from '../helpers/axe.js';
import {
  backToList,
  doneSays,
  inboxRow,
  openEnquiry,
  signInWithBrowser,
  startBrowserSuite,
  waitForHydration,
  watchConsole,
} from '../helpers/browser.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { formTokenFor } from '../helpers/form-token.js';
import { postJson } from '../helpers/server.js';

const { server, browser, clock } = await startBrowserSuite(t, TEST_ADMIN_ENV);
const ELEVEN_MINUTES = 11 * 60_000;
const CONFIRM_HEADING = "Confirm it's you";

for (const [javaScript, width] of [
  [true, 375],
  [false, 1280],
] as const) {
  t.test(
    `${javaScript ? 'with' : 'without'} JavaScript at ${width} px: an export and a permanent deletion 11 minutes after signing in ask for the password, then go on`,
    async (t) => {
      const name = `Rüdiger ${width} – ગુજરાત ફોર્જિંગ`;
      const stored = await postJson(`${server.url}/api/enquiries`, {
        ...makeEnquiry({ name }),
        [FORM_TOKEN_FIELD]: formTokenFor(server.url)!,
      });
      t.equal(stored.status, 201);
      const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
      if (!javaScript) await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      page.on('dialog', (dialog) => void dialog.accept());
      const problems = javaScript ? watchConsole(page) : [];
      const settled = async () => {
        if (javaScript) await waitForHydration(page);
      };
      await signInWithBrowser(page, server.url, TEST_ADMIN, { javaScript });

      // The tab stays open while the admin does something else for 11 minutes.
      clock.advance(ELEVEN_MINUTES);
      await page.getByRole('link', { name: /^Export to CSV/ }).click();
      await page.getByRole('heading', { name: CONFIRM_HEADING, level: 1 }).waitFor();
      await settled();
      t.same(await violations(page), [], 'axe: confirm it is you');
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('alert').filter({ hasText: 'That password is not right.' }).waitFor();
      await settled();
      t.same(await violations(page), [], 'axe: a wrong password');
      await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Confirm' }).click();
      t.match((await download).suggestedFilename(), /^enquiries.*\.csv$/, 'the CSV downloads');

      // Within 10 minutes of confirming, moving to Trash and deleting for good ask nothing more …
      await page.goto(`${server.url}/admin`);
      await settled();
      const id = await openEnquiry(page, inboxRow(page, name), { javaScript });
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await doneSays(page, `Moved #${id} to Trash.`);
      await backToList(page, { javaScript });
      t.equal(await inboxRow(page, name).count(), 0, 'moved to Trash without being asked');
      await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Trash' }).click();
      await page.waitForURL(/\/admin\?view=trash$/);
      await settled();
      await openEnquiry(page, inboxRow(page, name), { javaScript });
      // … later they do, and the deletion goes on after the password.
      clock.advance(ELEVEN_MINUTES);
      await page.getByText('Delete permanently', { exact: true }).click();
      await page.getByRole('button', { name: 'Yes, delete permanently' }).click();
      await page.getByRole('heading', { name: CONFIRM_HEADING, level: 1 }).waitFor();
      await settled();
      const enquiries = () =>
        server.app.db.prepare('SELECT count(*) FROM enquiries WHERE name = ?').pluck().get(name) as number;
      t.equal(enquiries(), 1, 'still there before confirming');
      await page.getByLabel('Password', { exact: true }).fill(TEST_ADMIN.password);
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: /Customer Enquiries/, level: 1 }).waitFor();
      t.match(page.url(), new RegExp(`/admin\\?view=trash#enquiry-${id}$`), 'back on Trash');
      await doneSays(page, `Deleted #${id} permanently.`);
      t.equal(enquiries(), 0, 'deleted for good');
      t.same(
        problems.filter((line) => !/status of 401 \(/.test(line)),
        [],
        'no console errors but the expected 401s',
      );
      await context.close();
    },
  );
}
