import { MessageChannel } from 'node:worker_threads';
import t from 'tap';
import { createTurnTaking } from '../../../server/platform/http/turn-taking.js';

t.test(
  'work takes turns in the order asked, one a turn of the event loop, with what arrived meanwhile in between',
  async (t) => {
    // What arrives during a turn is handled in the loop's next poll, as a socket's bytes are; a message
    // between threads (how the enquiry writer answers) is there at once, so the order is certain.
    const { port1, port2 } = new MessageChannel();
    t.teardown(() => port1.close());
    const turns = createTurnTaking();
    const order: string[] = [];
    port2.on('message', () => order.push('something arrived'));
    const done = [1, 2, 3].map((n) =>
      turns.next().then(() => {
        order.push(`turn ${n}`);
        if (n === 1) port1.postMessage('a reply from the writer, a request');
      }),
    );
    await Promise.all(done);
    t.same(order, ['turn 1', 'something arrived', 'turn 2', 'turn 3']);
  },
);
