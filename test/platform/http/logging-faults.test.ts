import { closeSync, existsSync, openSync } from 'node:fs';
import t, { type Test } from 'tap';
import { spawnServer, type LogTarget } from '../../helpers/child-server.js';
import { checkNothingLost, submitEnquiry, type Outcome } from '../../helpers/durability.js';
import { withDataDir } from '../../helpers/server.js';
import { join } from 'node:path';

/**
 * The log destination fails (ENOSPC on every write) or blocks (a pipe nobody reads): the site keeps
 * answering pages and enquiries, and SIGTERM still ends it cleanly within the shutdown bound.
 */
async function keepsServing(t: Test, logs: LogTarget) {
  const dataDir = withDataDir(t);
  const server = await spawnServer({ DATA_DIR: dataDir, ENQUIRY_RATE_LIMIT: '100000' }, logs);
  t.teardown(() => server.child.kill('SIGKILL'));
  const outcomes: Outcome[] = [];
  // Far more log than a pipe holds (64 KiB): about 1,000 request lines and 40 enquiries.
  for (let round = 0; round < 40; round++) {
    const pages = await Promise.all(
      Array.from({ length: 25 }, () => fetch(`${server.url}/products/flanges?round=${round}`)),
    );
    t.ok(
      pages.every((page) => page.status === 200),
      `round ${round}: pages served`,
    );
    await Promise.all(pages.map((page) => page.arrayBuffer()));
    outcomes.push(await submitEnquiry(server.url, round, 'logging'));
  }
  t.ok(
    outcomes.every((outcome) => outcome.status === 201 || outcome.status === 303),
    'every enquiry accepted',
  );
  t.equal((await fetch(`${server.url}/healthz`)).status, 200);
  server.child.kill('SIGTERM');
  t.equal(await server.exited, 0, 'SIGTERM ends the server cleanly (exit 0, not the forced exit)');
  checkNothingLost(t, outcomes, join(dataDir, 'forge.db'));
}

t.test(
  'standard output on a full device (/dev/full: every write fails with ENOSPC)',
  { skip: !existsSync('/dev/full') && 'no /dev/full here' },
  async (t) => {
    const full = openSync('/dev/full', 'w');
    t.teardown(() => closeSync(full));
    await keepsServing(t, full);
  },
);

t.test('standard output on a pipe that nobody reads (it fills, then every write would block)', async (t) => {
  await keepsServing(t, 'unread');
});
