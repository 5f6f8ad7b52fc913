import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

export interface Attachment {
  /** The file name the browser saves it as: any text (a drawing keeps the name its sender gave it). */
  name: string;
  /** Its media type. */
  type: string;
  /** Its length in bytes, when known before it is sent (a file on disk). */
  size?: number;
  /** How it may be cached: never (the admin's downloads), unless given (a public download, revalidated by its ETag). */
  cacheControl?: string;
}

/**
 * Sends a file to download, the one way files are sent: always saved (never shown inline by the
 * browser), never sniffed, sandboxed if opened anyway, never cached unless `cacheControl` says so. A plain ASCII
 * name is sent as is, quoted; any other as Content-Disposition's encoding requires.
 */
export function sendAttachment(reply: FastifyReply, file: Attachment, body: unknown): FastifyReply {
  const plain = /^[\x20-\x7e]*$/.test(file.name) && !/["\\%]/.test(file.name);
  reply
    .type(file.type)
    .header(
      'content-disposition',
      plain ? `attachment; filename="${file.name}"` : contentDisposition(file.name, { type: 'attachment' }),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', 'sandbox')
    .header('cache-control', file.cacheControl ?? 'no-store');
  if (file.size !== undefined) reply.header('content-length', file.size);
  return reply.send(body);
}
