import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LinkPreviews } from '../pages/images/link-previews.js';
import type { MediaLibrary } from './media-library.js';
import { MANIFEST_PATH, type SiteIcons } from '../pages/images/site-icons.js';
import type { SiteContentService } from './site-content.js';

export interface ImageRouteOptions {
  previews: LinkPreviews;
  icons: SiteIcons;
  content: SiteContentService;
  media: MediaLibrary;
}

const VARIANT_PATH = /^\/[0-9a-f]{20}\/\d+\.(avif|webp|jpg)$/;

/** Their URLs change with their content, so they are cached for a year and never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The photos' variants (/media/<id>/<width>.<avif|webp|jpg>, made at upload), and the drawn images:
 * link previews (/og/<hash>.jpg), icons (/icons/<hash>/icon-<size>.png) and the web app manifest.
 */
export async function imageRoutes(
  app: FastifyInstance,
  { previews, icons, content, media }: ImageRouteOptions,
): Promise<void> {
  await app.register(fastifyStatic, {
    root: media.photosDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: '365d',
    // Only variants: a folder, a partial folder or anything else is not found.
    allowedPath: (path) => VARIANT_PATH.test(path),
  });
  const send = async (reply: FastifyReply, type: string, image: Promise<Buffer> | undefined) => {
    if (!image) return reply.callNotFound();
    return reply
      .type(type)
      .header('cache-control', IMMUTABLE)
      .send(await image);
  };
  app.get<{ Params: { file: string } }>('/og/:file', (request, reply) =>
    send(reply, 'image/jpeg', previews.jpeg(request.params.file)),
  );
  app.get<{ Params: { hash: string; file: string } }>('/icons/:hash/:file', (request, reply) =>
    send(reply, 'image/png', icons.png(request.params.hash, request.params.file)),
  );
  app.get(MANIFEST_PATH, (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'public, no-cache')
      .send(icons.manifest(content.current().content.company)),
  );
}
