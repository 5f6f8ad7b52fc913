import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { buildDir, projectRoot, runsFromBuild } from '../paths.js';

/**
 * Records that this server runs from its build folder: an empty file build/.servers/<build>.<pid>,
 * removed when the process exits. `npm run build` (server/cli/build.mjs) never prunes a build folder
 * that such a file names while its process is alive, so a server started two or more builds ago keeps
 * its assets too. Only for a build under build/ (the Docker image's dist/ is a plain folder that
 * nothing prunes); a marker that cannot be written (read-only folder) only loses that protection.
 */
export function markBuildInUse(): void {
  if (!runsFromBuild || dirname(buildDir) !== join(projectRoot, 'build')) return;
  const marker = join(projectRoot, 'build', '.servers', `${basename(buildDir)}.${process.pid}`);
  try {
    mkdirSync(dirname(marker), { recursive: true });
    writeFileSync(marker, '');
  } catch {
    return;
  }
  process.once('exit', () => rmSync(marker, { force: true }));
}
