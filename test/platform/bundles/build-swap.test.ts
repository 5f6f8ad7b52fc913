/**
 * `npm run build` (server/cli/build.mjs) never leaves a running server without its assets: each build
 * goes into a fresh folder under build/, `dist` is switched to it only when it is complete, a running
 * server keeps serving its own folder, and old folders are pruned by the rule in build.mjs. The real
 * builds run in a temporary copy of the project, so this project's own `dist` is never switched under
 * the other tests.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import t, { type Test } from 'tap';
import { build, BUILDS, CURRENT, SERVERS, STAMP, type Step } from '../../../server/cli/build.mjs';
import { projectRoot } from '../../../server/platform/paths.js';
import { type ChildServer, spawnServer } from '../../helpers/child-server.js';
import { withDataDir } from '../../helpers/server.js';

const BUILD_SCRIPT = join(projectRoot, 'server', 'cli', 'build.mjs');
const quiet = { log: () => {} };

/** A temporary folder (its real path, as the build script reports folders), removed after the test. */
function tempFolder(t: Test, prefix: string): string {
  const folder = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

/** `npm run build` in a project folder: the build script run by this Node, without tap's Node options. */
async function runBuild(root: string): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_OPTIONS'));
  const child = spawn(process.execPath, [BUILD_SCRIPT], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

/** The pid of a process that has exited (so no live process has it, barring reuse within the test). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

/** A build step that stands for the real ones: writes a file naming its folder. */
const fakeStep: Step = {
  name: 'fake',
  run: async (_root, out) => writeFileSync(join(out, 'built-in'), out),
};

const folders = (root: string) =>
  readdirSync(join(root, BUILDS))
    .filter((name) => !name.startsWith('.'))
    .sort();

t.test(
  'a failed build leaves dist and the current build as they were (a TypeScript error, the real script)',
  async (t) => {
    const root = tempFolder(t, 'forge-build-fail-');
    symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'));
    mkdirSync(join(root, 'server'));
    writeFileSync(join(root, 'server', 'broken.ts'), "export const port: number = 'eighty';\n");
    writeFileSync(
      join(root, 'tsconfig.server.json'),
      JSON.stringify({ compilerOptions: { strict: true, types: [] }, include: ['server'] }),
    );
    mkdirSync(join(root, BUILDS, 'current'), { recursive: true });
    writeFileSync(join(root, BUILDS, 'current', STAMP), '');
    symlinkSync(join(BUILDS, 'current'), join(root, CURRENT));

    const result = await runBuild(root);
    t.not(result.code, 0, 'the build exits with an error', { output: result.output });
    t.match(result.output, /error TS2322/, "tsc's error is shown");
    t.match(result.output, /The build failed: server code \(tsc\): tsc .* failed \(exit code 2\)/, 'naming the step');
    t.match(result.output, /dist still names the previous build/);
    t.equal(readlinkSync(join(root, CURRENT)), join(BUILDS, 'current'), 'dist is untouched');
    t.same(folders(root), ['current'], 'the failed build left no folder behind');
  },
);

t.test('a step that fails after writing: its folder is removed, dist untouched', async (t) => {
  const root = tempFolder(t, 'forge-build-api-');
  const { out: current } = await build(root, { steps: [fakeStep], ...quiet });
  const failing: Step = {
    name: 'fails halfway',
    run: async (_root, out) => {
      writeFileSync(join(out, 'half-written'), '');
      throw new Error('vite failed');
    },
  };
  await t.rejects(build(root, { steps: [fakeStep, failing], ...quiet }), /vite failed/);
  t.equal(readlinkSync(join(root, CURRENT)), join(BUILDS, basename(current)), 'dist still names the build before');
  t.same(folders(root), [basename(current)], 'only that build is left');
});

t.test(
  'dist is a relative symlink switched to each complete build; pruning keeps the current, the previous and those in use',
  async (t) => {
    const root = tempFolder(t, 'forge-build-prune-');
    const markers = join(root, BUILDS, SERVERS);
    const a = await build(root, { steps: [fakeStep], ...quiet });
    t.equal(a.previous, undefined, 'the first build has no previous one');
    t.equal(
      readlinkSync(join(root, CURRENT)),
      join(BUILDS, basename(a.out)),
      'dist -> build/<id>, relative: the project folder can move',
    );
    t.ok(existsSync(join(root, CURRENT, STAMP)), 'the stamp that build:if-needed reads is in the current build');
    t.notOk(
      readdirSync(root).some((name) => name.endsWith('.tmp')),
      'no temporary symlink left',
    );

    const b = await build(root, { steps: [fakeStep], ...quiet });
    t.equal(b.previous, a.out);
    t.same(b.removed, [], 'two builds: both kept');
    const c = await build(root, { steps: [fakeStep], ...quiet });
    t.same(c.removed, [a.out], 'the build before the previous one is removed when nothing uses it');
    t.same(folders(root), [basename(b.out), basename(c.out)]);

    // A live server runs from b, one that is gone from c; an unfinished build of a live process, and of a dead one.
    const dead = await deadPid();
    mkdirSync(markers, { recursive: true });
    writeFileSync(join(markers, `${basename(b.out)}.${process.pid}`), '');
    writeFileSync(join(markers, `${basename(c.out)}.${dead}`), '');
    const building = join(root, BUILDS, `2000-01-01T00-00-00-000Z-${process.pid}`);
    const abandoned = join(root, BUILDS, `2000-01-01T00-00-00-000Z-${dead}`);
    mkdirSync(building);
    mkdirSync(abandoned);

    const d = await build(root, { steps: [fakeStep], ...quiet });
    t.same(d.removed, [abandoned], "only the dead process's unfinished build is removed");
    t.ok(existsSync(b.out), 'kept: a live server runs from it');
    t.ok(existsSync(c.out), 'kept: the previous build');
    t.ok(existsSync(building), 'kept: a build still running beside this one');
    t.notOk(existsSync(join(markers, `${basename(c.out)}.${dead}`)), "a gone server's marker is removed");

    const e = await build(root, { steps: [fakeStep], ...quiet });
    t.same(e.removed, [c.out], 'the no longer previous build goes once no live server uses it');
    t.ok(existsSync(b.out), 'the live server keeps its build through any number of builds');
    rmSync(join(markers, `${basename(b.out)}.${process.pid}`));
    rmSync(building, { recursive: true });
    const f = await build(root, { steps: [fakeStep], ...quiet });
    t.same(
      f.removed.sort(),
      [b.out, d.out].sort(),
      'once that server is gone, its build goes too (with d, now two back)',
    );
    t.same(folders(root), [basename(e.out), basename(f.out)], 'left: the current and the previous build');
  },
);

t.test('a dist folder of the layout before build folders is moved into build/ as the previous build', async (t) => {
  const root = tempFolder(t, 'forge-build-legacy-');
  mkdirSync(join(root, CURRENT));
  writeFileSync(join(root, CURRENT, STAMP), '');
  const { out, previous } = await build(root, { steps: [fakeStep], ...quiet });
  t.ok(lstatSync(join(root, CURRENT)).isSymbolicLink(), 'dist is now a symlink');
  t.equal(realpathSync(join(root, CURRENT)), out);
  t.match(previous, /\/build\/dist-moved-[^/]+$/);
  t.ok(existsSync(join(previous!, STAMP)), 'the old build is kept as the previous one');
});

/** Every /assets/ URL in the given pages' HTML (all answered 200); fails unless there are scripts, stylesheets and preloads. */
async function assetsOf(t: Test, server: ChildServer, paths: string[]): Promise<Set<string>> {
  const urls = new Set<string>();
  const kinds = new Set<string>();
  for (const path of paths) {
    const response = await fetch(server.url + path);
    t.equal(response.status, 200, `GET ${path}`);
    const html = await response.text();
    for (const [, tag, url] of html.matchAll(
      /<(script type="module"|link rel="stylesheet"|link rel="modulepreload"|img)\s(?:[^>]*?\s)?(?:src|href)="(\/assets\/[^"]+)"/g,
    )) {
      kinds.add(tag!);
      urls.add(url!);
    }
  }
  for (const kind of ['script type="module"', 'link rel="stylesheet"', 'link rel="modulepreload"'])
    t.ok(kinds.has(kind), `the pages have <${kind}>`);
  return urls;
}

async function allServed(t: Test, server: ChildServer, urls: Iterable<string>, what: string) {
  for (const url of urls) {
    const response = await fetch(server.url + url);
    t.equal(response.status, 200, `${what}: ${url}`);
    await response.arrayBuffer();
  }
}

async function stop(server: ChildServer) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}

t.test(
  'a rebuild while the server runs: its pages keep working, a server started afterwards serves the new build',
  async (t) => {
    // A copy of the project (sources and configuration; node_modules linked) to build and switch freely.
    const root = tempFolder(t, 'forge-build-swap-');
    for (const entry of [
      'client',
      'server',
      'shared',
      'package.json',
      'vite.config.ts',
      'tsconfig.json',
      'tsconfig.server.json',
    ]) {
      cpSync(join(projectRoot, entry), join(root, entry), { recursive: true });
    }
    symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'));
    const main = join(root, CURRENT, 'node', 'server', 'main.js');
    const pages = ['/', '/contact', '/admin'];

    const first = await runBuild(root);
    t.equal(first.code, 0, 'the first build', { output: first.output });
    const oldBuild = realpathSync(join(root, CURRENT));
    const oldData = withDataDir(t);
    const running = await spawnServer({ DATA_DIR: oldData }, 'keep', { cwd: root, main });
    t.teardown(() => stop(running));
    const marker = join(root, BUILDS, SERVERS, `${basename(oldBuild)}.${running.child.pid}`);
    t.ok(existsSync(marker), 'the running server marked its build folder in use');
    const before = await assetsOf(t, running, ['/', '/admin']);

    // The next version changes the stylesheet, the entry script and the contact page, so their hashed names change.
    appendFileSync(join(root, 'client', 'styles', 'site.css'), '\n.build-swap-test { outline: 1px solid red; }\n');
    appendFileSync(
      join(root, 'client', 'entry-client.tsx'),
      "\ndocument.documentElement.dataset.version = 'second';\n",
    );
    appendFileSync(join(root, 'client', 'pages', 'ContactPage.tsx'), "\nexport const version = 'second';\n");
    const second = await runBuild(root);
    t.equal(second.code, 0, 'the second build, while the server runs', { output: second.output });
    const newBuild = realpathSync(join(root, CURRENT));
    t.not(newBuild, oldBuild, 'dist names the new build');

    // The running server also renders a page it had not rendered yet (the contact page's SSR chunk is loaded now).
    const old = await assetsOf(t, running, pages);
    t.ok(
      [...before].every((url) => old.has(url)),
      'the running server still links the files it linked before',
    );
    const replaced = [...old].filter((url) => !existsSync(join(newBuild, 'client', url)));
    t.ok(
      replaced.length >= 3,
      `the new build no longer has ${replaced.length} of those files (in place, they would now be missing)`,
      { replaced },
    );
    await allServed(t, running, old, 'the running server still serves its own file');

    const freshData = withDataDir(t);
    const fresh = await spawnServer({ DATA_DIR: freshData }, 'keep', { cwd: root, main });
    t.teardown(() => stop(fresh));
    const current = await assetsOf(t, fresh, pages);
    t.ok(
      replaced.every((url) => !current.has(url)),
      'a server started after the build links the new files',
    );
    t.ok(
      [...current].every((url) => existsSync(join(newBuild, 'client', url))),
      "they are the new build's",
    );
    await allServed(t, fresh, current, 'the new server serves');
    // A page a browser got before the restart still loads its scripts, stylesheets and lazy chunks after it.
    await allServed(t, fresh, old, "the new server also serves the previous build's file");

    // Two more builds (copies of the last, to save time): the running server's folder is neither the
    // current nor the previous build any more, and is kept while the server lives.
    const copy: Step = {
      name: 'copy of the last build',
      run: async (_root, out) => cpSync(newBuild, out, { recursive: true }),
    };
    const third = await build(root, { steps: [copy], ...quiet });
    const { removed } = await build(root, { steps: [copy], ...quiet });
    t.same(removed, [], 'nothing removed: both older builds have a running server');
    await allServed(t, running, old, 'two builds later, the running server still serves its own file');
    await allServed(t, running, before, 'every asset of a page rendered before the second build, three builds later');

    await stop(running);
    t.notOk(existsSync(marker), 'the server removed its marker when it stopped');
    const { removed: afterStop } = await build(root, { steps: [copy], ...quiet });
    t.same(
      afterStop.sort(),
      [oldBuild, third.out].sort(),
      "the next build removes the stopped server's folder (and the third build, now two back)",
    );
    t.ok(existsSync(newBuild), 'the build the other server runs from is kept');
  },
);
