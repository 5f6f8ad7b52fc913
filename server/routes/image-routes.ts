import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LinkPreviews } from '../images/link-previews.js';
import { MANIFEST_PATH, type SiteIcons } from '../images/site-icons.js';
import type { SiteContentService } from '../site/site-content.js';

export interface ImageRouteOptions {
  previews: LinkPreviews;
  icons: SiteIcons;
  content: SiteContentService;
}

/** Their URLs change with their content, so they are cached for a year and never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The drawn images: link previews (/og/<hash>.jpg), icons (/icons/<hash>/icon-<size>.png) and the web app manifest. */
export async function imageRoutes(app: FastifyInstance, { previews, icons, content }: ImageRouteOptions): Promise<void> {
  const send = async (reply: FastifyReply, type: string, image: Promise<Buffer> | undefined) => {
    if (!image) return reply.callNotFound();
    return reply.type(type).header('cache-control', IMMUTABLE).send(await image);
  };
  app.get<{ Params: { file: string } }>('/og/:file', (request, reply) => send(reply, 'image/jpeg', previews.jpeg(request.params.file)));
  app.get<{ Params: { hash: string; file: string } }>('/icons/:hash/:file', (request, reply) =>
    send(reply, 'image/png', icons.png(request.params.hash, request.params.file)),
  );
  app.get(MANIFEST_PATH, (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, no-cache').send(icons.manifest(content.current().content.company)),
  );
}
