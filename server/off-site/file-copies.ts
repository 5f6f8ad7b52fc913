import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describeTarget, type BackupTarget } from './backup-target.js';
import { RESTIC_MISSING, resticBinary, resticInvocation, run } from './engines.js';
import type { OffSiteKeys } from './off-site-key.js';

/** The id a server tags its copies with, kept in its data folder and copied with the files. */
export const SERVER_ID_FILE = 'off-site-id';

/** What restic copies from the data folder: everything that is not the database and cannot be made again. */
export const COPIED_FILES = [
  'uploads',
  'media/photos',
  'media/originals',
  'media/pdfs',
  'session-secret',
  'off-site-id',
];

/** Every snapshot is made under one host name, so a container's changing host name starts no new series. */
const HOST = 'forge-site';

/** Looking at the repository: an unreachable target is known within this. */
const QUICK_MS = 20_000;

export interface ResticSnapshot {
  time: string;
  tags?: string[];
  paths: string[];
}

/** restic on the target's repository <target>/files, encrypted with the off-site key. */
export function fileCopies(target: BackupTarget, keys: OffSiteKeys, knownHosts: string) {
  const binary = resticBinary();
  const { env, options } = resticInvocation(target, keys, knownHosts);
  const restic = (args: string[], timeoutMs?: number) => {
    if (!binary) throw new Error(RESTIC_MISSING);
    return run(binary, [...args, ...options], env, timeoutMs);
  };
  return {
    present: binary !== undefined,
    /** Makes the repository when there is none yet (restic init refuses one that exists). */
    async prepare(): Promise<void> {
      try {
        await restic(['cat', 'config'], QUICK_MS);
      } catch {
        await restic(['init'], QUICK_MS).catch((error: Error) => {
          if (!/already exists/.test(error.message)) throw error;
          throw new Error(
            `BACKUP_TARGET ${describeTarget(target)} holds the copies of another server (this server's key does not open them): refused`,
          );
        });
      }
    },
    async latest(): Promise<ResticSnapshot | undefined> {
      const { stdout } = await restic(['snapshots', '--json', '--latest', '1', '--host', HOST], QUICK_MS);
      const snapshots = JSON.parse(stdout) as ResticSnapshot[];
      return snapshots.sort((a, b) => a.time.localeCompare(b.time)).pop();
    },
    /** One snapshot of the data folder's files, tagged with the server's id; their bytes added to the target. */
    async snapshot(dataDir: string, serverId: string): Promise<void> {
      const paths = COPIED_FILES.map((name) => join(dataDir, name)).filter((path) => existsSync(path));
      await restic(['backup', '--host', HOST, '--tag', `server-${serverId}`, ...paths]);
    },
    /** The latest snapshot's files into `folder`, under the data folder's path they were copied from. */
    async restore(folder: string): Promise<ResticSnapshot> {
      const latest = await this.latest();
      if (!latest) throw new Error('the target holds no copy of the files');
      await restic(['restore', 'latest', '--host', HOST, '--target', folder], 600_000);
      return latest;
    },
    async sizeBytes(): Promise<number> {
      const { stdout } = await restic(['stats', '--json', '--mode', 'raw-data', '--no-lock'], QUICK_MS);
      return (JSON.parse(stdout) as { total_size: number }).total_size;
    },
    async check(): Promise<void> {
      await restic(['check'], 600_000);
    },
  };
}

export type FileCopies = ReturnType<typeof fileCopies>;
