import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';

/**
 * npm test's runner (test/run-suite.ts, issue #42) on three small files: one passes, one fails in a
 * nested subtest, one is killed before its end (leaving a process that holds its output). The run fails, names the file that did not report and
 * each failing test with its first assertion's message at its end, and closes with the counts alone on
 * the last line; the slowest files are listed with their wall and CPU times.
 */
const FIXTURES = ['passes.ts', 'fails.ts', 'dies.ts'].map((name) => `test/fixtures/suite-runner/${name}`);

t.test(
  'a failing run names the file that did not report and each failing test, then closes with the counts',
  async (t) => {
    const outputDir = t.testdir();
    const runner = spawn(process.execPath, ['--import=tsx', 'test/run-suite.ts', ...FIXTURES], {
      cwd: projectRoot,
      env: { ...process.env, TEST_OUTPUT_DIR: outputDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    runner.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve) => runner.on('close', resolve));
    t.equal(code, 1, 'the run fails');

    const lines = out.trimEnd().split('\n');
    const last40 = lines.slice(-40);
    t.equal(lines.at(-1), '3 passed, 3 failed, 1 skipped', 'the counts close the output, alone on the last line');
    t.ok(last40.includes('# 3 test files planned, 2 reported to their end.'), 'planned against reported');
    for (const named of [
      'NOT REPORTED test/fixtures/suite-runner/dies.ts: it ended before its last line (crash, kill or timeout)',
      'FAIL test/fixtures/suite-runner/dies.ts: exited with SIGKILL',
      'FAIL test/fixtures/suite-runner/fails.ts > outer group > inner: one is two (-2 +1)',
      'FAIL test/fixtures/suite-runner/fails.ts > outer group > inner: three is four (-4 +3)',
    ])
      t.ok(last40.includes(named), `in the last 40 lines: ${named}`);
    const slowest = lines.filter((line) => /^# +[\d.]+ +([\d.]+|\?) +test\/fixtures\/suite-runner\//.test(line));
    t.equal(slowest.length, 3, 'each file in the slowest list with its wall and CPU time');
    t.match(
      slowest.find((line) => line.endsWith('passes.ts')),
      /^# +\d+\.\d +\d+\.\d +test/,
      'a file that ended has its CPU time',
    );
    const left = Number(/# left running: (\d+)/.exec(out)?.[1]);
    t.ok(left > 0, 'the killed file said what it left running');
    const gone = async () => {
      for (let tries = 0; tries < 50; tries++, await new Promise((resolve) => setTimeout(resolve, 100))) {
        try {
          process.kill(left, 0);
        } catch {
          return true;
        }
      }
      return false;
    };
    t.ok(await gone(), 'what the killed file left running (holding its output) was ended with it');
    t.equal(
      readFileSync(join(outputDir, 'summary.txt'), 'utf8'),
      `${lines.slice(lines.indexOf('# 3 test files planned, 2 reported to their end.')).join('\n')}\n`,
      'the summary kept for .ci/run is the end of the output',
    );
  },
);
