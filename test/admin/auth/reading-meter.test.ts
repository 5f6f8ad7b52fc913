import type { FastifyRequest } from 'fastify';
import t from 'tap';
import { createReadingMeter, READING_RATE_LIMITS } from '../../../server/admin/auth/reading-meter.js';

/**
 * A session flooding the desk's later pages is refused (429) for as long as it goes on, and what is
 * kept of its readings stays bounded: its 50,000th request costs what its first ones did.
 */
t.test('a flood is refused throughout, at a bounded cost per request', async (t) => {
  const REQUESTS = 50_000;
  const BATCH = 1000;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const meter = createReadingMeter(() => clock);
  const request = { session: { sessionId: 'stolen' } } as unknown as FastifyRequest;
  const batchMs: number[] = [];
  let over = 0;
  let tooFast = 0;
  for (let batch = 0; batch < REQUESTS / BATCH; batch++) {
    const started = performance.now();
    for (let i = 0; i < BATCH; i++) {
      if (meter.record(request, ['list', 'laterPage'])) over++;
      if (meter.tooFast(request, 'laterPage')) tooFast++;
    }
    batchMs.push(performance.now() - started);
    clock += 1;
  }
  t.equal(tooFast, REQUESTS - READING_RATE_LIMITS.laterPage!.count, 'refused once past the rate, every time after');
  t.ok(over > REQUESTS - 100, 'asked to confirm');
  const first = Math.min(...batchMs.slice(0, 5));
  const last = Math.min(...batchMs.slice(-5));
  t.ok(
    last < first * 10 + 20,
    `the last requests cost what the first did (${first.toFixed(1)} and ${last.toFixed(1)} ms a thousand)`,
  );
  clock += 61_000;
  meter.record(request, ['laterPage']);
  t.notOk(meter.tooFast(request, 'laterPage'), 'a minute later, a page at a person’s pace is read');
});
