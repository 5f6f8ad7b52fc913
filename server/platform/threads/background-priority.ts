import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/** The nice value of the site's background threads: the event loop that serves visitors (nice 0) comes first. */
export const BACKGROUND_NICE = 10;

/**
 * Lowers the CPU priority of the calling thread alone (on Linux each thread has its own nice value),
 * so that when the enquiry writer or the desk's reader wants the CPU at the same time as the event
 * loop, the event loop gets it: pages do not wait for writes or the admin's reads. The thread's
 * kernel id is read from /proc/thread-self. Where that cannot be done (not Linux, no /proc), the
 * thread runs at the process's priority.
 */
export function runInBackground(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').at(-1)), BACKGROUND_NICE);
  } catch {
    // The process's priority, as before.
  }
}
