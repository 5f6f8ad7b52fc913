/** The server processes of `npm run bench`: started as `npm start` starts it (V8 flags, environment), and their memory. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { spawnServer, type ChildServer } from '../helpers/child-server.js';
import { startScript } from '../helpers/start-script.js';

/**
 * What `npm start` runs node with, as one list: the settings of the environment it makes (`NAME=value`)
 * and the V8 flags, e.g. ["MALLOC_ARENA_MAX=2", "--max-semi-space-size=4"] (test/helpers/start-script.ts).
 */
export function startFlags(): string[] {
  const { env, flags } = startScript();
  return [...Object.entries(env).map(([name, value]) => `${name}=${value}`), ...flags];
}

const running = new Set<ChildProcess>();
/** A process the bench started, killed if the bench ends (or fails) before stopping it. */
export function killOnExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A setting of the environment among the flags (`NAME=value`), not an option of node. */
const isEnvSetting = (flag: string) => /^[A-Z][A-Z0-9_]*=/.test(flag);

/**
 * The built server on `dataDir`, with these V8 flags (and `NAME=value` settings of its environment),
 * the admin account, and no per-network enquiry limit.
 */
export async function startSite(dataDir: string, flags: string[]): Promise<ChildServer> {
  const env = Object.fromEntries(
    flags
      .filter(isEnvSetting)
      .map((setting) => [setting.slice(0, setting.indexOf('=')), setting.slice(setting.indexOf('=') + 1)]),
  );
  const site = await spawnServer(
    { DATA_DIR: dataDir, ENQUIRY_RATE_LIMIT: '1000000000', NODE_OPTIONS: '', ...TEST_ADMIN_ENV, ...env },
    'discard',
    { nodeArgs: flags.filter((flag) => !isEnvSetting(flag)) },
  );
  killOnExit(site.child);
  return site;
}

export async function stopSite(site: ChildServer): Promise<void> {
  site.child.kill('SIGTERM');
  await site.exited;
}

/** Resident memory of a process in MB (VmRSS), and its peak so far (VmHWM). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
