import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/platform/paths.js';

/**
 * How `npm start` runs the server (package.json's start script, `NAME=value … node --flag … dist/node/server/main.js`):
 * the environment it sets before `node` (e.g. MALLOC_ARENA_MAX) and node's options (the V8 flags).
 */
export function startScript(): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /((?:\b[A-Z][A-Z0-9_]*=\S+\s+)*)\bnode\s+((?:--\S+\s+)*)dist\/node\/server\/main\.js/.exec(
    scripts.start ?? '',
  );
  if (!match)
    throw new Error(`package.json's start script does not run node … dist/node/server/main.js: ${scripts.start}`);
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(
    words(match[1]!).map((setting) => [
      setting.slice(0, setting.indexOf('=')),
      setting.slice(setting.indexOf('=') + 1),
    ]),
  );
  return { env, flags: words(match[2]!) };
}
