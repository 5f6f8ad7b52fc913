import type { FastifyRequest } from 'fastify';

/** What Node, busboy and stream pipelines say when the other end went away. */
const HANG_UP_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);
const HANG_UP_MESSAGES = /^(aborted|Unexpected end of (form|multipart data)|Premature close)$/i;

/** The error is what a stream reports when the client hung up (not a fault of the server's). */
export function isHangUpError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && HANG_UP_CODES.has(code)) || HANG_UP_MESSAGES.test(error.message);
}

/**
 * The request failed because the client hung up: its connection is gone and the error is the hang-up
 * itself (a body cut short, a write to a closed socket). Such a request is nobody's fault on this side,
 * so it is logged at info, not as a 500. Any other error, even on a closed connection (a bug that the
 * hang-up revealed), is still an error.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  const { raw } = request;
  const gone = raw.readableAborted || raw.socket === null || raw.socket.destroyed;
  return gone && isHangUpError(error);
}
