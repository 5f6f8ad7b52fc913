/**
 * Counts failed sign-ins per key (an IP, an account) in a sliding window. Only failures count, which
 * is why this is not @fastify/rate-limit (that counts every request).
 */
export function createLoginThrottle(maxFailures: number, windowMs: number, now: () => number = Date.now) {
  const failures = new Map<string, number[]>();

  const recent = (key: string) => {
    const since = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > since);
    if (times.length > 0) failures.set(key, times);
    else failures.delete(key);
    return times;
  };

  return {
    isBlocked: (keys: string[]) => keys.some((key) => recent(key).length >= maxFailures),
    recordFailure(keys: string[]) {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    reset(keys: string[]) {
      for (const key of keys) failures.delete(key);
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
