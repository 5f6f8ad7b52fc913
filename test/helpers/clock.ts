/**
 * A clock a test moves on: real time plus what the test has added. A server given `now` issues and
 * checks its form tokens by it, so a test fills a form "at a person's pace" by moving it, not by sleeping.
 */
export function testClock() {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms;
    },
  };
}

export type TestClock = ReturnType<typeof testClock>;

/** A person's pace: long enough to fill the form in, as the spam rules see it (more than 3 s). */
export const A_PERSONS_PACE_MS = 20_000;
export const DAY_MS = 24 * 60 * 60 * 1000;
