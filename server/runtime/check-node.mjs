// The runtime check that runs before anything else: first in `npm start`, `npm test`, `npm run build`
// and the other npm scripts, and first in the server and its commands (main.js, cli/*.js). On a Node
// older than package.json's `engines` it prints one line and exits 1, before anything native is loaded:
// better-sqlite3's binary crashes an older Node with a bare "Segmentation fault".
//
// Plain JavaScript with only Node built-ins, so that any Node can run it (`node server/runtime/check-node.mjs`),
// and imported for its effect by the entry points. `npm run build` copies it beside the built server.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest package.json above this file: the project's, whether this runs from server/runtime/ or
 * from a build's node/server/runtime/ (build/<id>/ and the image's dist/ hold none of their own).
 * @returns {{ name: string, engines: { node: string } }}
 */
function readPackageJson() {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
    if (dirname(dir) === dir) throw new Error('package.json not found above the server code');
  }
}

/**
 * The line to print when `version` (e.g. "20.20.2") is older than `engines` (">=24" or ">=24.3.0"), else undefined.
 * @param {string} name the package's name
 * @param {string} engines package.json's engines.node
 * @param {string} version process.versions.node
 * @returns {string | undefined}
 */
export function nodeVersionProblem(name, engines, version) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(engines.trim());
  if (!match) throw new Error(`package.json engines.node must be ">=<version>", got "${engines}"`);
  const required = match.slice(1).map((part) => Number(part ?? 0));
  const actual = version.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const have = actual[i] ?? 0;
    const need = required[i] ?? 0;
    if (have > need) return undefined;
    if (have < need) {
      const wanted = match
        .slice(1)
        .filter((part) => part !== undefined)
        .join('.');
      return `${name} needs Node ${wanted} or later; this is Node ${version}. See "Node ${match[1]}" in README.md.`;
    }
  }
  return undefined;
}

const { name, engines } = readPackageJson();
const problem = nodeVersionProblem(name, engines.node, process.versions.node);
if (problem !== undefined) {
  console.error(problem);
  process.exit(1);
}
