import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Makes a directory's entries (files just created, renamed or removed in it) durable. */
export function fsyncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
