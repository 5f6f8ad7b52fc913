import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';
import { ADMIN_PATHS } from '../../shared/admin/paths.js';
import { AdminClient, TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { spawnServer } from '../helpers/child-server.js';
import { makeEnquiry } from '../helpers/enquiry.js';
import { withFormToken } from '../helpers/form-token.js';
import { testSmtp } from '../helpers/smtp.js';

/** Libraries only the admin's work or a configured mail server needs: each is loaded when first used (about 40 MB together). */
const ON_FIRST_USE = ['pdfkit', 'fontkit', '@simplewebauthn/server', 'imapflow', 'mailparser', 'nodemailer'];

t.test(
  'a visit loads none of the libraries of the statement, passkeys and mail; each comes with its first use',
  async (t) => {
    const dir = t.testdir();
    const loaded = join(dir, 'loaded-packages');
    const smtp = await testSmtp();
    t.teardown(() => smtp.close());
    const server = await spawnServer(
      {
        ...TEST_ADMIN_ENV,
        DATA_DIR: join(dir, 'data'),
        LOADED_PACKAGES_FILE: loaded,
        SMTP_URL: smtp.url,
        NOTIFY_TO: 'sales@forge.test',
      },
      'keep',
      { nodeArgs: ['--import', join(projectRoot, 'test', 'helpers', 'loaded-packages.mjs')] },
    );
    t.teardown(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    const packages = () => new Set(readFileSync(loaded, 'utf8').split('\n').filter(Boolean));

    // A buyer's visit (pages, the contact page), and the admin's sign-in page.
    for (const path of ['/', '/products', '/products/flanges', '/contact']) {
      const response = await fetch(server.url + path);
      t.equal(response.status, 200, path);
    }
    const admin = new AdminClient(server.url);
    t.match(await admin.openPanel(), /Sign in/, "the admin's sign-in page");
    const before = packages();
    t.ok(before.has('fastify') && before.has('react-dom') && before.has('better-sqlite3'), 'the loads are recorded');
    for (const name of ON_FIRST_USE) t.notOk(before.has(name), `${name} is not loaded by a visit`);

    // An enquiry: stored, and its notification sent through the mail server.
    const enquiry = makeEnquiry();
    const url = `${server.url}/api/enquiries`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(withFormToken(url, enquiry)),
    });
    t.equal(response.status, 201, 'the enquiry is stored');
    await smtp.waitFor(enquiry.message);
    const after = packages();
    t.ok(after.has('nodemailer'), 'the notification loaded nodemailer');
    for (const name of ON_FIRST_USE.filter((name) => name !== 'nodemailer'))
      t.notOk(after.has(name), `${name} is still not loaded`);

    // The sign-in page asks for a passkey challenge.
    const options = await admin.post(ADMIN_PATHS.loginPasskeyOptions);
    t.equal(options.status, 200, 'a passkey challenge is given');
    t.match(await options.json(), { challenge: String, rpId: String });
    t.ok(packages().has('@simplewebauthn/server'), 'the passkey challenge loaded @simplewebauthn/server');
  },
);
