import { execFileSync } from 'node:child_process';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDir, removeDataDir } from './server.js';

/**
 * A temporary data directory on a small tmpfs, unmounted and removed with the test; or why one
 * cannot be mounted here (it needs root): tests skip with that message, and a portable test of the
 * same path stands beside each.
 */
export function smallFileSystem(size: string): { dataDir: string; release: () => void } | { cannot: string } {
  const dataDir = makeDataDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dataDir], { stdio: 'ignore' });
  } catch {
    removeDataDir(dataDir);
    return { cannot: 'cannot mount a tmpfs here (needs root); a portable test covers the same path' };
  }
  return {
    dataDir,
    release() {
      execFileSync('umount', ['-l', dataDir]);
      removeDataDir(dataDir);
    },
  };
}

/** Fills the file system under `dir` until a write fails; that failure's code (ENOSPC when full), and what frees it again. */
export function fillToTheLastByte(dir: string): { code: string | undefined; free: () => void } {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  let code: string | undefined;
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code;
  } finally {
    closeSync(fd);
  }
  return { code, free: () => rmSync(filler) };
}
