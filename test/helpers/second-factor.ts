import { TOTP, Secret } from 'otpauth';
import type { AdminConfirmPage } from '../../shared/admin/confirm.js';
import type { AdminSecurityPage } from '../../shared/admin/security.js';
import type { AdminSignedOut } from '../../shared/admin/session.js';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from './admin-client.js';
import type { TestClock } from './clock.js';
import { withServer, type Teardown, type TestServer } from './server.js';
import { bootstrapOf } from './site-editor.js';

export const STEP_MS = 30_000;

/** The authenticator app's code for `secret` at `time`. */
export const codeAt = (secret: string, time: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: time });

/** Posts a form as a browser without JavaScript does, with the page's CSRF token. */
export const post = (client: AdminClient, path: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams({ _csrf: client.csrfToken });
  for (const [name, value] of Object.entries(fields))
    for (const one of ([] as string[]).concat(value)) body.append(name, one);
  return client.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
};

type AnyAdminPage = AdminSecurityPage | AdminSignedOut | AdminConfirmPage;

/** The admin data a page was rendered with; the client keeps its CSRF token for the next form. */
function adminDataOf<Page extends AnyAdminPage>(html: string, client: AdminClient): Page {
  const page = bootstrapOf(html).pageData.admin as Page;
  client.csrfToken = page.csrfToken;
  return page;
}
export async function open<Page extends AnyAdminPage = AdminSignedOut>(client: AdminClient, path: string) {
  const response = await client.request(path);
  const html = await response.text();
  return { page: adminDataOf<Page>(html, client), status: response.status, html };
}
export const pageOf = async <Page extends AnyAdminPage>(response: Response, client: AdminClient) =>
  adminDataOf<Page>(await response.text(), client);

/** A signed-in admin who has turned authenticator codes on: its secret and recovery codes. */
export async function withCodesOn(t: Teardown, clock: TestClock, env: Record<string, string> = {}) {
  const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, ...env }, clock });
  const owner = new AdminClient(server.url);
  await owner.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const { page } = await open<AdminSecurityPage>(owner, '/admin/security?setup=authenticator');
  const { sealed, secret } = page.enrolment!;
  const done = await pageOf<AdminSecurityPage>(
    await post(owner, '/admin/security/authenticator', { sealed, code: codeAt(secret, clock.now()) }),
    owner,
  );
  return { server, owner, secret, recoveryCodes: done.newRecoveryCodes! };
}

/** Signs in with the password in a new browser, without JavaScript: where the first step leads. */
export async function passwordStep(server: TestServer) {
  const browser = new AdminClient(server.url);
  await browser.openPanel();
  const response = await browser.login(TEST_ADMIN.email, TEST_ADMIN.password, false);
  return { browser, response };
}
