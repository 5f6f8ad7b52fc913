import Fastify from 'fastify';
import { mock } from 'node:test';
import t from 'tap';
import { collectWhenIdle } from '../../../server/platform/http/idle-collection.js';

t.test('the heap is collected once after a busy spell goes quiet, never while requests come', async (t) => {
  // The interval's clock is the test's: each tick is one check.
  mock.timers.enable({ apis: ['setInterval'] });
  t.teardown(() => mock.timers.reset());
  const app = Fastify();
  let collections = 0;
  collectWhenIdle(app, { idleMs: 1000, collect: () => collections++ });
  app.get('/', async () => 'ok');
  app.get('/healthz', async () => 'ok');
  t.teardown(() => app.close());
  await app.ready();

  mock.timers.tick(5000);
  t.equal(collections, 0, 'a server that has had no request is not collected');

  for (let tick = 0; tick < 5; tick++) {
    await app.inject('/');
    mock.timers.tick(1000);
  }
  t.equal(collections, 0, 'not collected while a request comes in every interval');

  mock.timers.tick(1000);
  t.equal(collections, 1, 'collected once a whole interval passed without a request');
  mock.timers.tick(10_000);
  t.equal(collections, 1, 'once per quiet spell, however long it lasts');

  await app.inject('/');
  mock.timers.tick(2000);
  t.equal(collections, 2, 'a new request, then quiet: collected again');

  for (let tick = 0; tick < 5; tick++) {
    await app.inject('/healthz');
    mock.timers.tick(1000);
  }
  t.equal(collections, 2, 'the health check (the image checks every 30 s) is not a visit: no collection after it');
});
