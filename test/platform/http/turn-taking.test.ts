import { once } from 'node:events';
import { createServer, connect, type Socket } from 'node:net';
import t from 'tap';
import { createTurnTaking } from '../../../server/platform/http/turn-taking.js';

t.test(
  'work takes turns in the order asked, one a turn of the event loop, with what arrived meanwhile in between',
  async (t) => {
    // A connected pair of sockets: what one writes is read by the other in a later poll of the loop.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = connect((server.address() as { port: number }).port, '127.0.0.1');
    const [peer] = (await once(server, 'connection')) as [Socket];
    t.teardown(() => {
      client.destroy();
      peer.destroy();
      server.close();
    });

    const turns = createTurnTaking();
    const order: string[] = [];
    peer.on('data', () => order.push('a request arrived'));
    const done = [1, 2, 3].map((n) =>
      turns.next().then(() => {
        order.push(`turn ${n}`);
        // A request that arrives during the first turn is served before the second.
        if (n === 1) client.write('GET / HTTP/1.1\r\n\r\n');
      }),
    );
    await Promise.all(done);
    t.same(order, ['turn 1', 'a request arrived', 'turn 2', 'turn 3']);

    const later = turns.next();
    let settled = false;
    void later.then(() => (settled = true));
    await Promise.resolve();
    t.notOk(settled, 'a turn asked when none is waiting still waits for the next turn of the loop');
    await later;
    t.ok(settled);
  },
);
