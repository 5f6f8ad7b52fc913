import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** The URL as logged: the admin's searches (/admin?q=…) are personal data, so admin query strings are left out. */
function loggedUrl(url: string): string {
  return url.startsWith('/admin') && url.includes('?') ? `${url.slice(0, url.indexOf('?'))}?…` : url;
}

/** pino logging with one line a request, written when the answer is complete. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }
}
