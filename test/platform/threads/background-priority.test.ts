import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { AdminClient, TEST_ADMIN, TEST_ADMIN_ENV } from '../../helpers/admin-client.js';
import { spawnServer } from '../../helpers/child-server.js';
import { BACKGROUND_NICE } from '../../../server/platform/threads/background-priority.js';

/** Each thread of a process with its nice value (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceValues(pid: number): Map<number, number> {
  const values = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    values.set(Number(tid), Number(fields[16]));
  }
  return values;
}

t.test(
  'the enquiry writer and the desk reader run at a lower CPU priority than the event loop that serves pages',
  { skip: existsSync('/proc/thread-self') ? false : 'needs Linux (/proc/thread-self)' },
  async (t) => {
    const server = await spawnServer({ ...TEST_ADMIN_ENV, DATA_DIR: join(t.testdir(), 'data') });
    t.teardown(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    const pid = server.child.pid!;
    // The server starts at this test's own nice value (a CI may run it niced).
    const started = niceValues(process.pid).get(process.pid)!;
    const background = Math.min(19, started + BACKGROUND_NICE);
    const lowered = () => [...niceValues(pid).values()].filter((nice) => nice === background).length;

    t.equal(
      niceValues(pid).get(pid),
      started,
      'the main thread (the event loop) keeps the priority it was started with',
    );
    t.equal(lowered(), 1, 'the enquiry writer, started with the server, runs 10 nicer');

    // The desk's reader starts with the admin's first list.
    const admin = new AdminClient(server.url);
    await admin.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t.equal((await admin.request('/admin')).status, 200);
    t.equal(lowered(), 2, 'so does the desk reader once the desk is opened');
    t.equal(niceValues(pid).get(pid), started, 'the event loop still at its own');
  },
);
