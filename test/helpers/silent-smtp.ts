import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';

/**
 * A mail server that accepts connections and never says a word (no greeting, no answer): on a free
 * loopback port. Counts the connections it holds, and the most it held at once.
 */
export async function silentSmtp() {
  const sockets = new Set<Socket>();
  const state = { accepted: 0, peak: 0 };
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    state.accepted += 1;
    state.peak = Math.max(state.peak, sockets.size);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    for (const waiter of waiters.filter((w) => sockets.size >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    state,
    /** Connections open now. */
    get open(): number {
      return sockets.size;
    },
    /** Resolves once `count` connections are open at the same time. */
    holding(count: number): Promise<void> {
      if (sockets.size >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    async close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
