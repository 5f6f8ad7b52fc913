import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { ADMIN_AREA } from '../../../shared/admin/area.js';
import { isClientAbort } from './client-abort.js';

/** The URL as logged: the admin's searches (/admin?q=…) are personal data, so admin query strings are left out. */
function loggedUrl(url: string): string {
  return url.startsWith(ADMIN_AREA) && url.includes('?') ? `${url.slice(0, url.indexOf('?'))}?…` : url;
}

/** pino logging with one line a request, written when the answer is complete. */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: loggedUrl(request.url),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    // An answer cut short because the client hung up (a closed socket) is not the server's error.
    if (error && isClientAbort(error, request))
      request.log.info({ ...line, aborted: true, reason: error.message }, 'request');
    else if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }
}
