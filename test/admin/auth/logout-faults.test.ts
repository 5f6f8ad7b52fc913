import Database from 'better-sqlite3';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { withServer, type TestServer } from '../../helpers/server.js';
import { fillToTheLastByte, smallFileSystem } from '../../helpers/small-file-system.js';

const sessionRows = (server: TestServer) =>
  server.app.db.prepare('SELECT count(*) FROM sessions').pluck().get() as number;
const postLogout = (client: AdminClient) =>
  client.request('/admin/logout', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': client.csrfToken },
    body: '{}',
  });

/** A way the session store cannot write: `apply` breaks it under the running server and returns the repair. */
interface Fault {
  name: string;
  /** The row cannot be deleted while the fault lasts (false when the file system might still take the delete). */
  keepsRow: boolean;
  apply(server: TestServer): () => void;
}

/**
 * Logout with the store broken: 204, the cookie cleared, and the old cookie (kept by someone, or a
 * browser that ignored the clearing) refused on its next use; once the store can write again, the
 * next use deletes the row, and signing in works as before.
 */
async function logoutEndsTheSession(t: Test, server: TestServer, fault: Fault) {
  const client = new AdminClient(server.url);
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  const kept = client.cookie;
  t.equal(sessionRows(server), 1, 'signed in: one session row');

  const repair = fault.apply(server);
  const logout = await postLogout(client);
  t.equal(logout.status, 204, 'logout answers 204, not 503');
  t.match(
    logout.headers.getSetCookie().join('\n'),
    /^forge_admin=; .*Expires=Thu, 01 Jan 1970/m,
    'and clears the session cookie',
  );
  t.notOk(client.jar.has('forge_admin'));

  const replay = new AdminClient(server.url);
  replay.cookie = kept;
  t.equal((await replay.request('/admin/api/enquiries')).status, 401, 'the old cookie is refused on its next use');
  t.match(await replay.openPanel(), /"signedIn":false/, 'the panel shows the login form');
  if (fault.keepsRow) t.equal(sessionRows(server), 1, 'though its row could not be deleted yet');

  repair();
  replay.cookie = kept;
  t.equal((await replay.request('/admin/api/enquiries')).status, 401, 'refused once the store can write again');
  t.equal(sessionRows(server), 0, 'and the delete was written on the way');
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  t.equal((await client.request('/admin/api/enquiries')).status, 200, 'signing in again works');
}

const faults: Fault[] = [
  {
    name: 'a write lock held by another process',
    keepsRow: true,
    apply(server) {
      const other = new Database(join(server.dataDir, 'forge.db'));
      other.exec('BEGIN IMMEDIATE');
      return () => {
        other.exec('ROLLBACK');
        other.close();
      };
    },
  },
  {
    name: 'a read-only database (PRAGMA query_only on the server’s own connection)',
    keepsRow: true,
    apply(server) {
      server.app.db.pragma('query_only = ON');
      return () => server.app.db.pragma('query_only = OFF');
    },
  },
];

for (const fault of faults) {
  t.test(`logout ends the session with ${fault.name}`, async (t) => {
    const server = await withServer(t, { env: TEST_ADMIN_ENV });
    await logoutEndsTheSession(t, server, fault);
  });
}

const tmpfs = smallFileSystem('8m');
t.test(
  'logout ends the session on a full file system (tmpfs)',
  { skip: 'cannot' in tmpfs && tmpfs.cannot },
  async (t) => {
    if (!('dataDir' in tmpfs)) return;
    t.teardown(tmpfs.release);
    const server = await withServer(t, { env: { ...TEST_ADMIN_ENV, MIN_FREE_SPACE_MB: '1' }, dataDir: tmpfs.dataDir });
    await logoutEndsTheSession(t, server, {
      name: 'a full file system',
      keepsRow: false,
      apply() {
        const { code, free } = fillToTheLastByte(tmpfs.dataDir);
        t.equal(code, 'ENOSPC', 'the disk is full');
        return free;
      },
    });
  },
);
