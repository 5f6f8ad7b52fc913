// Loaded with `node --import` into each test file's process by test/run-suite.ts: when the process
// exits, writes its CPU time in milliseconds (user + system, its own and that of the child processes it
// waited for: the server it spawned, Chromium) to the file TEST_CPU_FILE names. CPU time, not wall time:
// it hardly moves when other work keeps the machine busy. The variable is taken out of the environment
// at once, so the processes a test starts do not write over it.
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.TEST_CPU_FILE;
delete process.env.TEST_CPU_FILE;
/** Linux's clock ticks a second (sysconf(_SC_CLK_TCK)), 100 on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** utime + stime + cutime + cstime of this process, from /proc/self/stat; process.cpuUsage() without /proc. */
function cpuMs() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    if (Number.isFinite(ticks)) return (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    // Not Linux: the process's own time only.
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

if (file && isMainThread)
  process.on('exit', () => {
    writeFileSync(file, String(Math.round(cpuMs())));
  });
