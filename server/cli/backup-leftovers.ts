import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `<name>.partial-<pid>`: the folder a backup writes before renaming it (backup.ts). */
const PARTIAL = /^.+\.partial-(\d+)$/;

/** Whether a process with this id runs now (one of another user's counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the partial folders that backups killed part-way left in `folder` (their process is gone):
 * each holds a copy of customers' personal data that nobody will finish. A backup still running keeps
 * its own. Returns the names removed.
 */
export function removeKilledBackups(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = PARTIAL.exec(name)?.[1];
    if (pid === undefined || Number(pid) === process.pid || isRunning(Number(pid))) continue;
    rmSync(join(folder, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
