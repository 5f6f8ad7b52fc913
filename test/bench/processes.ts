/** The server processes of `npm run bench`: started with `npm start`'s V8 flags, and their memory. */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/platform/paths.js';
import { TEST_ADMIN_ENV } from '../helpers/admin-client.js';
import { spawnServer, type ChildServer } from '../helpers/child-server.js';

/** The V8 flags `npm start` gives node (package.json's start script), e.g. ["--max-semi-space-size=8"]. */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /\bnode\s+((?:--\S+\s+)*)dist\/node\/server\/main\.js/.exec(scripts.start ?? '');
  if (!match)
    throw new Error(`package.json's start script does not run node … dist/node/server/main.js: ${scripts.start}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
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

/** The built server on `dataDir`, with these V8 flags, the admin account, and no per-network enquiry limit. */
export async function startSite(dataDir: string, flags: string[]): Promise<ChildServer> {
  const site = await spawnServer(
    { DATA_DIR: dataDir, ENQUIRY_RATE_LIMIT: '1000000000', NODE_OPTIONS: '', ...TEST_ADMIN_ENV },
    'discard',
    { nodeArgs: flags },
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
