// `npm run build`: builds the site into a fresh folder and makes it current only once it is complete.
//
// Each build goes into its own folder, build/<id>/ (client/, ssr/, node/ and .build-stamp). When every
// step has succeeded, `dist` is pointed at it: a new symlink beside it replaces it with rename(2),
// which is atomic, so `dist` always names one complete build and a failed build (a TypeScript error,
// a Vite error) leaves it as it was. A running server keeps its own folder (server/platform/paths.ts), so its
// pages never reference files the new build replaced; a server started afterwards runs the new build.
//
// Pruning, after the switch: a build folder is removed unless it is the new current build, the one
// `dist` named before it (the previous build), a folder a live server runs from (its marker
// build/.servers/<id>.<pid>, server/platform/bundles/build-in-use.ts) or an unfinished build whose process is alive
// (another build running now). Disk use is therefore two builds plus one per older running server.
//
// Plain JavaScript, run by Node directly (it builds the TypeScript); type-checked with the rest
// (`npm run typecheck`, checkJs).

import '../runtime/check-node.mjs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Said once when a build starts: `npm start` builds first after an install or an update. */
export const BUILD_NOTICE =
  'build: building the site first (once after an install or an update; usually about a minute)…';

/** The folder holding every build, the pointer to the current one, and what each build holds. */
export const BUILDS = 'build';
export const CURRENT = 'dist';
export const STAMP = '.build-stamp';
/** Markers of running servers, build/.servers/<id>.<pid> (written by server/platform/bundles/build-in-use.ts). */
export const SERVERS = '.servers';

/**
 * One step of a build: writes its part into `out` (a fresh build folder), or throws.
 * @typedef {{ name: string, run: (root: string, out: string) => Promise<void> }} Step
 */

/** Vite without its table of assets: only its warnings and errors are shown. */
const VITE_QUIET = ['build', '--logLevel', 'warn'];

/** @type {Step[]} The server code first: a type error, the likeliest failure, stops the build soonest. */
export const STEPS = [
  {
    name: 'server code (tsc)',
    run: (root, out) =>
      tool(root, 'tsc', ['-p', 'tsconfig.server.json', '--outDir', relative(root, join(out, 'node'))]),
  },
  {
    name: 'fonts for the drawn images',
    run: async (root, out) =>
      cpSync(
        join(root, 'server', 'pages', 'images', 'fonts'),
        join(out, 'node', 'server', 'pages', 'images', 'fonts'),
        { recursive: true },
      ),
  },
  {
    name: 'runtime check (plain JavaScript, not compiled)',
    run: async (root, out) =>
      cpSync(
        join(root, 'server', 'runtime', 'check-node.mjs'),
        join(out, 'node', 'server', 'runtime', 'check-node.mjs'),
      ),
  },
  {
    name: 'client bundle (vite)',
    run: (root, out) => tool(root, 'vite', [...VITE_QUIET, '--outDir', relative(root, join(out, 'client'))]),
  },
  {
    name: 'SSR bundle (vite)',
    run: (root, out) =>
      tool(root, 'vite', [
        ...VITE_QUIET,
        '--ssr',
        'client/entry-server.tsx',
        '--outDir',
        relative(root, join(out, 'ssr')),
      ]),
  },
];

/**
 * Runs a command-line tool from the project's node_modules/.bin with this Node, in the project folder.
 * @param {string} root
 * @param {string} bin
 * @param {string[]} args
 * @returns {Promise<void>}
 */
async function tool(root, bin, args) {
  const script = realpathSync(join(root, 'node_modules', '.bin', bin));
  const child = spawn(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  const [code, signal] = /** @type {[number | null, string | null]} */ (await once(child, 'exit'));
  if (code !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`);
}

/**
 * A new build's folder name: its start time, sortable, then the pid of the process building it.
 * @param {Date} start
 */
export function buildId(start) {
  return `${start.toISOString().replace(/[:.]/g, '-')}-${process.pid}`;
}

/**
 * Makes the new build's folder, one that no other build has (two builds of one process within a
 * millisecond would have the same name: the later takes the next millisecond's).
 * @param {string} root
 * @param {Date} start
 */
function freshFolder(root, start) {
  for (let time = start.getTime(); ; time++) {
    const out = join(root, BUILDS, buildId(new Date(time)));
    try {
      mkdirSync(out);
      return out;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Runs one step; its failure names the step.
 * @param {Step} step
 * @param {string} root
 * @param {string} out
 */
async function runStep(step, root, out) {
  try {
    await step.run(root, out);
  } catch (error) {
    throw new Error(`${step.name}: ${/** @type {Error} */ (error).message}`, { cause: error });
  }
}

/**
 * The folder `dist` names now (a real path), or undefined when there is none.
 * @param {string} root
 */
export function currentBuild(root) {
  return realPath(join(root, CURRENT));
}

/**
 * Builds into a fresh folder under build/, switches `dist` to it and prunes old builds. On failure
 * the fresh folder is removed and `dist` is untouched.
 * @param {string} root the project folder
 * @param {{ steps?: Step[], log?: (line: string) => void }} [options]
 * @returns {Promise<{ out: string, previous: string | undefined, removed: string[] }>}
 */
export async function build(root, { steps = STEPS, log = (line) => console.log(line) } = {}) {
  const start = new Date();
  mkdirSync(join(root, BUILDS), { recursive: true });
  const out = freshFolder(root, start);
  try {
    for (const step of steps) await runStep(step, root, out);
    // Stamped with the start time: a source saved while the build ran is newer, so build:if-needed builds again.
    writeFileSync(join(out, STAMP), '');
    utimesSync(join(out, STAMP), start, start);
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
  const previous = switchTo(root, out);
  /** @type {string[]} */
  let removed = [];
  try {
    removed = prune(root, [out, previous]);
  } catch (error) {
    // The new build is current already: a folder that could not be removed only waits for the next build.
    log(`build: old builds not pruned: ${/** @type {Error} */ (error).message}`);
  }
  return { out, previous, removed };
}

/**
 * Points `dist` at `out` atomically: a symlink made beside it is renamed over it. A `dist` that is a
 * real folder (the layout before build folders) is first moved into build/, where it counts as the
 * previous build. Returns the folder `dist` named before.
 * @param {string} root
 * @param {string} out
 */
export function switchTo(root, out) {
  const pointer = join(root, CURRENT);
  let previous = currentBuild(root);
  if (previous !== undefined && !lstatSync(pointer).isSymbolicLink()) {
    const moved = join(root, BUILDS, `${CURRENT}-moved-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    renameSync(pointer, moved);
    previous = moved;
  }
  const temporary = join(root, `${CURRENT}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  symlinkSync(join(BUILDS, basename(out)), temporary);
  renameSync(temporary, pointer);
  return previous;
}

/**
 * Removes the build folders that nothing may use any more (the rule at the top of this file), and
 * the markers of servers that are gone. Returns the folders removed.
 * @param {string} root
 * @param {(string | undefined)[]} keep folders always kept: the current and the previous build
 */
export function prune(root, keep) {
  const builds = join(root, BUILDS);
  const kept = new Set(keep.map(realPath));
  /** @type {Set<string>} */
  const inUse = new Set();
  const markers = join(builds, SERVERS);
  for (const marker of existsSync(markers) ? readdirSync(markers) : []) {
    const dot = marker.lastIndexOf('.');
    if (isAlive(Number(marker.slice(dot + 1)))) inUse.add(marker.slice(0, dot));
    else rmSync(join(markers, marker), { force: true });
  }
  /** @type {string[]} */
  const removed = [];
  for (const name of readdirSync(builds)) {
    const dir = join(builds, name);
    const real = realPath(dir);
    // Dot names are not builds (.servers); a folder gone already was removed by a build running beside this one.
    if (name.startsWith('.') || real === undefined || kept.has(real) || inUse.has(name)) continue;
    const builder = /-(\d+)$/.exec(name)?.[1];
    if (!existsSync(join(dir, STAMP)) && builder !== undefined && isAlive(Number(builder))) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/**
 * A path with every symlink resolved, or undefined when there is nothing there.
 * @param {string | undefined} path
 */
function realPath(path) {
  try {
    return path === undefined ? undefined : realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Whether a process with this pid exists (signal 0 checks without sending anything).
 * @param {number} pid
 */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const before = currentBuild(root);
  const started = Date.now();
  console.log(BUILD_NOTICE);
  try {
    const { out } = await build(root);
    console.log(
      `build: done in ${Math.round((Date.now() - started) / 1000)} s (${CURRENT} -> ${BUILDS}/${basename(out)})`,
    );
  } catch (error) {
    console.error(`\nThe build failed: ${/** @type {Error} */ (error).message}`);
    console.error(
      before
        ? `${CURRENT} still names the previous build (${before}).`
        : `There is no build yet (${CURRENT} does not exist).`,
    );
    process.exitCode = 1;
  }
}
