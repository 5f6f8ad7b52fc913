/**
 * `npm test`'s runner (issue #42): runs every planned test file (test/**\/*.test.ts, or the files given)
 * in its own Node process, several at a time as test/suite-profile.json says they fit on the cores
 * (runAll), with tap's in-file timeout, and
 * then prints, last of all:
 *  - the 20 slowest files, by wall time and by CPU time (user + system, with the processes each started);
 *  - the whole run's time, with a warning past 25 minutes;
 *  - each file planned that did not report (crashed before its end, killed, never started): the run fails;
 *    so does a run with no file planned;
 *  - each failing test: its file, its subtests and its first assertion's message;
 *  - and alone on the last line, `N passed, M failed, K skipped`.
 * The same lines go to .tap/summary.txt (the failures and the closing line) for .ci/run to repeat at
 * its end, and every file's TAP to .tap/test-results/. Usage: node --import=tsx test/run-suite.ts [files]
 */
import { spawn } from 'node:child_process';
import { globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { failureLine, parseTap, type FileResults } from './helpers/tap-results.js';

const root = join(import.meta.dirname, '..');
const tapConfig = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { tap: TapConfig }).tap;
interface TapConfig {
  include: string[];
  timeout: number;
  jobs: number;
  'node-arg': string[];
}
/** At most this many files at once (TEST_JOBS, else package.json's tap.jobs)... */
const JOBS = Number(process.env.TEST_JOBS) || tapConfig.jobs;
/** ...and no more than this many cores kept busy by them, by the profile (see runAll). */
const CORE_BUDGET = availableParallelism() + 0.5;
/** Past this the run warns (wall time on the reference machine, 2 cores): see docs/development.md. */
const TOTAL_BUDGET_S = 25 * 60;
/** A file still running this long after tap's own timeout (which ends it and names the test) is killed. */
const HARD_LIMIT_S = Number(process.env.TEST_HARD_LIMIT_S) || 20 * 60;
const SLOWEST = 20;
/** Failure lines kept at the end, so that they and the closing line fit in CI's last 40 lines. */
const FAILURES_SHOWN = 30;
/** Where the run leaves its records (TEST_OUTPUT_DIR for the runner's own test). */
const outputDir = process.env.TEST_OUTPUT_DIR ?? join(root, '.tap');
const resultsDir = join(outputDir, 'test-results');
const timeoutS = Number(process.env.TEST_TIMEOUT_S) || tapConfig.timeout;

interface FileRun extends FileResults {
  file: string;
  wallMs: number;
  cpuMs: number | undefined;
  exit: string;
}

const planned = (
  process.argv.length > 2
    ? process.argv.slice(2)
    : tapConfig.include.flatMap((pattern) => globSync(pattern, { cwd: root }))
).sort();

/** Each file's wall and CPU time (ms) in a whole run on the reference machine (2 cores), committed. */
const profileFile = join(root, 'test', 'suite-profile.json');
type Profile = Record<string, { wallMs: number; cpuMs: number }>;
function readProfile(path: string): Profile {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Profile;
  } catch {
    return {};
  }
}
const profile = readProfile(profileFile);

/**
 * How many cores a file keeps busy while it runs: its CPU time over its wall time. A file that mostly
 * waits (on a server, a browser, a timer) runs beside others; a file not in the profile counts as one core.
 */
function coresOf(file: string): number {
  const known = profile[file];
  return known ? Math.min(1.5, Math.max(0.2, known.cpuMs / known.wallMs)) : 1;
}

/** The longest files first (by the profile), so that the last to start end together; new files first of all. */
function scheduled(files: string[]): string[] {
  return [...files].sort((a, b) => (profile[b]?.wallMs ?? Infinity) - (profile[a]?.wallMs ?? Infinity));
}

/**
 * The process groups of the files running now. Each file runs in a group of its own, so that a kill
 * (the hard limit, or this run interrupted) also ends the processes it started, which would otherwise
 * run on (holding ports, CPU and, with an inherited stdout, this runner's pipe).
 */
const running = new Set<number>();
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has ended already.
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const pid of running) killGroup(pid, 'SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });

const cpuDir = mkdtempSync(join(tmpdir(), 'test-cpu-'));
const cpuTimeModule = pathToFileURL(join(root, 'test', 'helpers', 'cpu-time.mjs')).href;

function runFile(file: string, index: number): Promise<FileRun> {
  const cpuFile = join(cpuDir, `${index}`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', ...tapConfig['node-arg'], `--import=${cpuTimeModule}`, file],
    {
      cwd: root,
      env: { ...process.env, TAP: '1', TAP_TIMEOUT: String(timeoutS), TEST_CPU_FILE: cpuFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: a kill takes the servers it started with it (see killGroup).
      detached: true,
    },
  );
  running.add(child.pid!);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const killer = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), HARD_LIMIT_S * 1000);
  // What a file that crashed or was killed left running (a server it started) ends with it: at its
  // exit, since its output does not close while such a process holds it.
  child.on('exit', () => killGroup(child.pid!, 'SIGKILL'));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      running.delete(child.pid!);
      const wallMs = performance.now() - started;
      let cpuMs: number | undefined;
      try {
        cpuMs = Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        // Killed before its exit handler ran.
      }
      const saved = join(resultsDir, `${file}.tap`);
      mkdirSync(dirname(saved), { recursive: true });
      writeFileSync(saved, `${out}${err ? `\n# stderr:\n${err.replace(/^/gm, '# ')}` : ''}`);
      const run: FileRun = { file, wallMs, cpuMs, exit: signal ?? String(code), ...parseTap(out) };
      // A file that failed without a failing assertion (a crash at load, a non-zero exit) fails as itself.
      if (code !== 0 && run.failed === 0) {
        const lastError =
          err
            .trim()
            .split('\n')
            .findLast((line) => /error/i.test(line)) ?? '';
        run.failed = 1;
        run.failures.push({
          path: run.unfinished,
          name: `exited with ${signal ?? `code ${code}`}`,
          detail: lastError.trim(),
        });
      }
      const seconds = (wallMs / 1000).toFixed(1);
      const cpu = cpuMs === undefined ? '?' : (cpuMs / 1000).toFixed(1);
      if (run.failed > 0 || !run.complete) process.stdout.write(`${out}\n${err}`);
      console.log(`${run.failed > 0 || !run.complete ? 'not ok' : 'ok'} - ${file} # ${seconds} s, cpu ${cpu} s`);
      resolve(run);
    });
  });
}

/**
 * A file that measures the pages' latency against its own baseline says `test-runner: alone` in its
 * text: it runs with no other file beside it, whose bursts of CPU would be counted as its own.
 */
const runsAlone = new Set(
  planned.filter((file) => readFileSync(join(root, file), 'utf8').includes('test-runner: alone')),
);

/**
 * Runs the files, at most JOBS at once, starting the next (the longest that fits) while the files
 * running keep fewer than CORE_BUDGET cores busy by the profile: the cores stay busy, not overloaded.
 */
async function runAll(files: string[]): Promise<FileRun[]> {
  const queue = scheduled(files);
  const runs: FileRun[] = [];
  let busy = 0;
  let active = 0;
  let alone = false;
  const fits = (file: string) => (runsAlone.has(file) ? active === 0 : busy + coresOf(file) <= CORE_BUDGET);
  return new Promise((resolve) => {
    const startNext = () => {
      while (queue.length > 0 && active < JOBS && !alone) {
        const index = queue.findIndex(fits);
        if (index < 0) return;
        const [file] = queue.splice(index, 1) as [string];
        const cores = coresOf(file);
        alone = runsAlone.has(file);
        busy += cores;
        active++;
        void runFile(file, planned.indexOf(file)).then((run) => {
          runs.push(run);
          busy -= cores;
          active--;
          alone = false;
          if (active === 0 && queue.length === 0) resolve(runs);
          else startNext();
        });
      }
    };
    if (files.length === 0) resolve(runs);
    else startNext();
  });
}

/**
 * The machine's busy CPU seconds so far, every process on it counted (Linux's /proc/stat; undefined
 * elsewhere). A file's own figure misses what its Chromium's helper processes spent when the browser
 * left them for init to reap: one browser file counted 18 s while the machine was busy for 49 s.
 */
function machineBusyS(): number | undefined {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq!) / 100;
  } catch {
    return undefined;
  }
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(outputDir, { recursive: true });
const startedAt = performance.now();
const busyAtStart = machineBusyS();
console.log(
  `# ${planned.length} test files planned, up to ${JOBS} at a time while they keep under ${CORE_BUDGET} cores busy`,
);
const runs = await runAll(planned);
const totalS = (performance.now() - startedAt) / 1000;
rmSync(cpuDir, { recursive: true, force: true });

const seconds = (ms: number | undefined) => (ms === undefined ? '    ?' : (ms / 1000).toFixed(1).padStart(6));
const slowest = [...runs].sort((a, b) => b.wallMs - a.wallMs).slice(0, SLOWEST);
console.log(`\n# The ${SLOWEST} slowest files (wall s, CPU s = user + system with their child processes):`);
for (const run of slowest) console.log(`# ${seconds(run.wallMs)} ${seconds(run.cpuMs)}  ${run.file}`);
const cpuTotal = runs.reduce((sum, run) => sum + (run.cpuMs ?? 0), 0) / 1000;
const busyEnd = machineBusyS();
const machine =
  busyAtStart === undefined || busyEnd === undefined
    ? ''
    : `; the machine was busy for ${((busyEnd - busyAtStart) / 60).toFixed(1)} of its ` +
      `${((totalS * availableParallelism()) / 60).toFixed(1)} core-minutes`;
console.log(
  `# Whole run: ${(totalS / 60).toFixed(1)} min wall, ${(cpuTotal / 60).toFixed(1)} min CPU in the files' processes, ${JOBS} jobs${machine}.`,
);
if (totalS > TOTAL_BUDGET_S)
  console.log(
    `# WARNING: the run took ${(totalS / 60).toFixed(1)} min, over its budget of ${TOTAL_BUDGET_S / 60} min ` +
      `(a warning, not a failure: wall time depends on the machine's load; see docs/development.md).`,
  );
// TEST_SAVE_PROFILE=1 npm test (a whole run on the reference machine) writes the profile to commit.
if (process.env.TEST_SAVE_PROFILE === '1') {
  const measured = runs.filter((run) => run.cpuMs !== undefined);
  const entries = measured.map((run) => [run.file, { wallMs: Math.round(run.wallMs), cpuMs: run.cpuMs }] as const);
  writeFileSync(profileFile, `${JSON.stringify(Object.fromEntries(entries.sort()), null, 1)}\n`);
}

const unreported = planned.filter((file) => !runs.some((run) => run.file === file && run.complete));
const failures = runs.flatMap((run) => run.failures.map((failure) => failureLine(run.file, failure)));
const summary = [
  `# ${planned.length} test files planned, ${planned.length - unreported.length} reported to their end.`,
  ...unreported.map((file) => `NOT REPORTED ${file}: it ended before its last line (crash, kill or timeout)`),
  ...failures.slice(0, FAILURES_SHOWN),
  ...(failures.length > FAILURES_SHOWN ? [`... and ${failures.length - FAILURES_SHOWN} more failures above`] : []),
];
const count = (key: 'passed' | 'failed' | 'skipped') => runs.reduce((sum, run) => sum + run[key], 0);
// No file planned (a pattern that matched nothing, a wrong working directory) is a failed run, not a pass.
if (planned.length === 0) summary.push(`NOTHING RUN: no test file matches ${tapConfig.include.join(', ')}`);
const failed =
  count('failed') +
  unreported.filter((file) => !runs.some((run) => run.file === file && run.failed)).length +
  (planned.length === 0 ? 1 : 0);
const closing = `${count('passed')} passed, ${failed} failed${count('skipped') ? `, ${count('skipped')} skipped` : ''}`;
writeFileSync(join(outputDir, 'summary.txt'), `${[...summary, closing].join('\n')}\n`);
console.log(`\n${summary.join('\n')}\n${closing}`);
process.exitCode = failed > 0 ? 1 : 0;
