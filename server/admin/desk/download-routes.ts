import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { DRAWING_TYPES } from '../../../shared/enquiry/quote.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import { csvFileName } from './csv.js';
import type { EnquiryDeskOptions } from './desk-options.js';
import { filterOf, filterQuerySchema, type FilterQuery } from './filter-query.js';
import type { ReadingLimits } from './reading-limits.js';

/** The desk's downloads: a drawing, and the CSV export of the list on screen (audit-logged). */
export function downloadRoutes(
  admin: FastifyInstance,
  options: Pick<EnquiryDeskOptions, 'store' | 'audit' | 'drawings' | 'reader' | 'content'>,
  { limits }: { limits: ReadingLimits },
) {
  const { store, audit, reader } = options;
  const { unavailable, drawingRead, tooFast } = limits;

  // A drawing, only for the signed-in admin, as a download.
  admin.get<{ Params: { id: number; drawingId: number } }>(
    ADMIN_PATHS.drawing,
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1 }, drawingId: { type: 'integer', minimum: 1 } },
          required: ['id', 'drawingId'],
        },
      },
      config: { access: 'unauthorized', risky: drawingRead },
    },
    async (request, reply) => {
      const refused = tooFast(request, reply, 'drawing');
      if (refused) return refused;
      const drawing = store.drawingFile(request.params.id, request.params.drawingId);
      if (!drawing) return reply.code(404).send({ error: 'Not Found', message: 'No such drawing.' });
      const file = { name: drawing.name, type: DRAWING_TYPES[drawing.type].mime, size: drawing.size };
      return sendAttachment(reply, file, createReadStream(options.drawings.pathOf(drawing.storedName)));
    },
  );

  // Exactly the view, search and filters on screen; who exported what is audit-logged.
  admin.get<{ Querystring: FilterQuery }>(
    ADMIN_PATHS.exportCsv,
    {
      schema: { querystring: filterQuerySchema },
      config: { access: 'unauthorized', risky: { what: RISKY_ACTIONS.export, download: true } },
    },
    async (request, reply) => {
      const filter = filterOf(request.query);
      let csv: Awaited<ReturnType<typeof reader.csv>>;
      let count: number;
      try {
        count = await reader.count(filter);
        csv = await reader.csv(filter, options.content.current().content.products);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      audit.record(
        request.adminAccount!.email,
        'export',
        null,
        `CSV of ${count} enquiries (${new URL(request.url, 'http://x').search || 'inbox'})`,
      );
      return sendAttachment(reply, { name: csvFileName(), type: 'text/csv; charset=utf-8' }, csv);
    },
  );
}
