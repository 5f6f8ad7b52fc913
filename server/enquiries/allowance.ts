/** Keys tracked at once; past it expired windows are swept, then the oldest keys go first. */
const MAX_KEYS = 50_000;

/**
 * A fixed-window allowance per key (a client): `take` uses `amount` units (one message, or a number
 * of bytes), `giveBack` returns what bought nothing. Unlike @fastify/rate-limit, which counts every
 * request, this counts only what the caller decides to count (valid enquiries, bytes kept on disk),
 * and several routes can share it.
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
  /** The key's current window, a fresh one when the last has ended. */
  const windowOf = (key: string) => {
    const time = now();
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      if (windows.size >= MAX_KEYS) sweep(time);
      window = { used: 0, resetAt: time + windowMs };
      windows.set(key, window);
    }
    return window;
  };

  return {
    /** True when the key still had `amount` left in this window (and it is now used). */
    take(key: string, amount = 1): boolean {
      const window = windowOf(key);
      if (window.used + amount > max) return false;
      window.used += amount;
      return true;
    },
    giveBack(key: string, amount = 1): void {
      const window = windows.get(key);
      if (window) window.used = Math.max(0, window.used - amount);
    },
    /** What the key may still take in this window. */
    left(key: string): number {
      const window = windows.get(key);
      return !window || window.resetAt <= now() ? max : max - window.used;
    },
    /** Whole seconds until the key's window ends (and its allowance is whole again). */
    secondsUntilReset(key: string): number {
      const window = windows.get(key);
      return !window ? 0 : Math.max(1, Math.ceil((window.resetAt - now()) / 1000));
    },
  };
}

export type Allowance = ReturnType<typeof createAllowance>;
