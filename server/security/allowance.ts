/** Keys tracked at once; past it expired windows are swept, then the oldest keys go first. */
const MAX_KEYS = 50_000;

/**
 * A fixed-window allowance per key (a client): `take` uses one unit, `giveBack` returns one that
 * bought nothing. Unlike @fastify/rate-limit, which counts every request, this counts only what the
 * caller decides to count (valid enquiries), and several routes can share it.
 */
export function createAllowance(max: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { used: number; resetAt: number }>();

  const sweep = (time: number) => {
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < MAX_KEYS) break;
      windows.delete(key);
    }
  };

  return {
    /** True when the key still had an allowance in this window (and one is now used). */
    take(key: string): boolean {
      const time = now();
      let window = windows.get(key);
      if (!window || window.resetAt <= time) {
        if (windows.size >= MAX_KEYS) sweep(time);
        window = { used: 0, resetAt: time + windowMs };
        windows.set(key, window);
      }
      if (window.used >= max) return false;
      window.used += 1;
      return true;
    },
    giveBack(key: string): void {
      const window = windows.get(key);
      if (window && window.used > 0) window.used -= 1;
    },
  };
}
