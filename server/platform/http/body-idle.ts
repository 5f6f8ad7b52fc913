import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A small body (a form, JSON) arrives in one or two packets: it may pause this long at most. */
export const SMALL_BODY_IDLE_MS = 10_000;

/**
 * Answers 408 and closes the connection of a request whose body stops arriving: no new byte for `uploadIdleMs`
 * (UPLOAD_IDLE_SECONDS), or for SMALL_BODY_IDLE_MS when the body declares at most `smallBytes`. A
 * client trickling a body, or stopping mid-way, would otherwise hold its connection (and a slot of
 * MAX_CONNECTIONS) for the whole request limit of 5 minutes. Progress is read from the socket's byte
 * count, so the body is left to its parser. A silence is caught between one and two limits long.
 */
export function closeIdleBodies(
  app: FastifyInstance,
  { uploadIdleMs, smallBytes }: { uploadIdleMs: number; smallBytes: number },
) {
  app.addHook('onRequest', async (request, reply) => {
    const { raw } = request;
    const { socket } = raw;
    const declared = Number(raw.headers['content-length'] ?? 0);
    const chunked = raw.headers['transfer-encoding'] !== undefined;
    // (app.inject's requests have no real socket: nothing to wait on)
    if (!(socket instanceof Socket) || raw.complete || (!chunked && !(declared > 0))) return;
    const idleMs = !chunked && declared <= smallBytes ? Math.min(SMALL_BODY_IDLE_MS, uploadIdleMs) : uploadIdleMs;
    let seen = socket.bytesRead;
    let answered = false;
    reply.raw.once('close', () => (answered = true));
    const check = () => {
      if (answered || raw.complete || socket.destroyed) return;
      if (socket.bytesRead === seen) {
        request.log.info({ idleSeconds: idleMs / 1000 }, 'request body stopped arriving: connection closed');
        // As Node's own request timeout answers: 408, then the connection is closed (the body unread).
        if (!reply.raw.headersSent)
          socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        socket.destroySoon();
        return;
      }
      seen = socket.bytesRead;
      setTimeout(check, idleMs).unref();
    };
    setTimeout(check, idleMs).unref();
  });
}
