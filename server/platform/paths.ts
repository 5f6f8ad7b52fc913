import { existsSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server's folder: server/ when run from the sources (dev, tests), <build>/node/server/ when built. */
const here = dirname(dirname(fileURLToPath(import.meta.url)));

/** The folder holding package.json, whether this file runs from server/ (dev) or <build>/node/server/ (built). */
function findProjectRoot(): string {
  let dir = here;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();

/** True when this process runs the built server (<build>/node/server/main.js), not the sources. */
export const runsFromBuild = dirname(here) !== projectRoot;

/**
 * The build this process serves, as a real path fixed at start. Built code is its own build's: Node
 * resolves `dist/node/server/main.js` through the `dist` symlink to build/<id>/node/server/main.js,
 * so a server keeps serving its own version's assets and SSR bundle after `npm run build` has pointed
 * `dist` at a newer one. From the sources (dev, tests) it is the build `dist` points at now.
 */
export const buildDir = runsFromBuild ? dirname(dirname(here)) : currentBuildOf(projectRoot);
export const clientBuildDir = join(buildDir, 'client');
export const ssrEntryPath = join(buildDir, 'ssr', 'entry-server.js');

function currentBuildOf(root: string): string {
  const pointer = join(root, 'dist');
  return existsSync(pointer) ? realpathSync(pointer) : pointer;
}

/** A path from the configuration: absolute as given, relative from the project folder. */
export function resolveFromProject(path: string): string {
  return isAbsolute(path) ? path : join(projectRoot, path);
}
