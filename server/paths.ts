import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder holding package.json, whether this file runs from server/ (dev) or dist/node/server/ (built). */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const clientBuildDir = join(projectRoot, 'dist', 'client');
export const ssrEntryPath = join(projectRoot, 'dist', 'ssr', 'entry-server.js');

/** A path from the configuration: absolute as given, relative from the project folder. */
export function resolveFromProject(path: string): string {
  return isAbsolute(path) ? path : join(projectRoot, path);
}
