import type { FastifyRequest } from 'fastify';

/**
 * What one session reads of the desk: every list page ('list'), the pages after the first
 * ('laterPage': paging through the desk), the enquiries opened one by one ('enquiry') and the
 * drawings opened ('drawing').
 */
export type ReadingKind = 'list' | 'laterPage' | 'enquiry' | 'drawing';

interface Limit {
  count: number;
  withinMs: number;
}
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Beyond either of these, a session whose sign-in is older than the fresh sign-in window is asked
 * "Confirm it's you" (fresh-sign-in.ts); once confirmed it reads on for those 10 minutes. A person
 * paging at a reading pace (a page every 10 seconds or slower) or opening drawings one by one stays
 * under them; a stolen cookie copying the desk does not.
 */
export const READING_CONFIRM_LIMITS: Record<ReadingKind, { burst: Limit; volume: Limit }> = {
  // Every page, the first of each search and filter too (a search sent as the admin types counts once).
  list: { burst: { count: 30, withinMs: MINUTE }, volume: { count: 300, withinMs: HOUR } },
  laterPage: { burst: { count: 8, withinMs: MINUTE }, volume: { count: 40, withinMs: HOUR } },
  // An enquiry's page opens again after each action on it: a person working through enquiries stays under these.
  enquiry: { burst: { count: 20, withinMs: MINUTE }, volume: { count: 200, withinMs: HOUR } },
  drawing: { burst: { count: 12, withinMs: MINUTE }, volume: { count: 60, withinMs: HOUR } },
};
/**
 * Beyond these a session is answered 429 whether or not it confirmed: no person pages or opens drawings
 * this fast. (First pages have none: a search is sent as the admin types.)
 */
export const READING_RATE_LIMITS: Partial<Record<ReadingKind, Limit>> = {
  laterPage: { count: 60, withinMs: MINUTE },
  enquiry: { count: 60, withinMs: MINUTE },
  drawing: { count: 30, withinMs: MINUTE },
};
/** How many sessions' readings are kept at most (the oldest forgotten first). */
const SESSIONS_KEPT = 1000;
/**
 * The most reads of one kind kept per session: one past the highest count above, which is all any of
 * the limits looks at (the newest are kept). A session flooding a route (answered 429) would otherwise
 * grow its list without end and make each request filter all of it.
 */
const TIMES_KEPT =
  Math.max(
    ...Object.values(READING_CONFIRM_LIMITS).flatMap(({ burst, volume }) => [burst.count, volume.count]),
    ...Object.values(READING_RATE_LIMITS).map((limit) => limit.count),
  ) + 1;

/**
 * Counts, in memory and per session, what it read in the last hour (by the site's clock). Counted
 * synchronously as each request arrives, so reads sent at once with one cookie are all counted.
 */
export function createReadingMeter(now: () => number) {
  const readings = new Map<string, Map<ReadingKind, number[]>>();

  const timesOf = (sessionId: string, kind: ReadingKind): number[] => {
    let kinds = readings.get(sessionId);
    if (!kinds) {
      if (readings.size >= SESSIONS_KEPT) readings.delete(readings.keys().next().value!);
      kinds = new Map();
      readings.set(sessionId, kinds);
    }
    const kept = (kinds.get(kind) ?? []).filter((at) => now() - at < HOUR);
    kinds.set(kind, kept);
    return kept;
  };
  const within = (times: number[], limit: Limit) => times.filter((at) => now() - at < limit.withinMs).length;

  return {
    /** Counts one read of each kind by this request's session; true when one is past its burst or volume limit. */
    record(request: FastifyRequest, kinds: ReadingKind[]): boolean {
      let over = false;
      for (const kind of kinds) {
        const times = timesOf(request.session.sessionId, kind);
        times.push(now());
        if (times.length > TIMES_KEPT) times.splice(0, times.length - TIMES_KEPT);
        const limits = READING_CONFIRM_LIMITS[kind];
        if (within(times, limits.burst) > limits.burst.count || times.length > limits.volume.count) over = true;
      }
      return over;
    },
    /** Whether this request's session read `kind` faster than READING_RATE_LIMITS allows (counted already). */
    tooFast(request: FastifyRequest, kind: ReadingKind): boolean {
      const limit = READING_RATE_LIMITS[kind];
      return limit !== undefined && within(timesOf(request.session.sessionId, kind), limit) > limit.count;
    },
  };
}

export type ReadingMeter = ReturnType<typeof createReadingMeter>;
