import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** How much nicer than the process the site's background threads are: the event loop that serves visitors comes first. */
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
    const thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    // Relative to the thread's own (the process's when it starts): never above the event loop.
    setPriority(thread, Math.min(19, getPriority(thread) + BACKGROUND_NICE));
  } catch {
    // The process's priority, as before.
  }
}
