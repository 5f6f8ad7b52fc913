import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { buildDir, clientBuildDir, projectRoot } from '../paths.js';

const STAMP = '.build-stamp';

/**
 * The folders `/assets/` is served from, fixed at start: this server's own build first, then every
 * other complete build beside it under build/ (newest first; the build script keeps the previous one).
 * Asset names carry their content's hash, so one name is one file in any build. A page a browser got
 * from the server before a restart onto a new build (or from a server still on an older build) thus
 * finds its scripts, stylesheets and lazily loaded chunks afterwards too, for as long as that build is
 * kept. The Docker image's plain dist/ has no builds beside it: there it is the one folder.
 */
export function assetFolders(): string[] {
  const own = join(clientBuildDir, 'assets');
  const builds = join(projectRoot, 'build');
  if (dirname(buildDir) !== builds) return [own];
  const others = readdirSync(builds)
    .filter((name) => !name.startsWith('.') && name !== basename(buildDir) && existsSync(join(builds, name, STAMP)))
    .sort()
    .reverse()
    .map((name) => join(builds, name, 'client', 'assets'))
    .filter((folder) => existsSync(folder));
  return [own, ...others];
}
