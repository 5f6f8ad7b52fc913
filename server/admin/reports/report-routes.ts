import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { reportPeriod, reportPresets, type AdminReportsPage } from '../../../shared/admin/reports.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import { DeskReaderUnavailableError, type DeskReader } from '../desk/desk-reader.js';

/** A calendar day that exists (2026-02-30 is refused), or empty (the date field left empty). */
const day = { type: 'string', anyOf: [{ maxLength: 0 }, { format: 'date' }] } as const;

export interface ReportRouteOptions {
  reader: DeskReader;
  pages: PageRenderer;
  content: SiteContentService;
  timeZone: string;
  /** The site's clock: "the last 90 days" end today. */
  now: () => number;
}

/**
 * /admin/reports: where a period's enquiries came from, what they asked for and from which country,
 * with how many reached Quoted and Won; and the enquiries per week and by product. A plain GET form
 * chooses the period. The grouping reads run on the desk's reader thread (desk-reader-worker.ts),
 * never on the event loop that serves the site.
 */
export default async function reportRoutes(admin: FastifyInstance, options: ReportRouteOptions): Promise<void> {
  const { reader } = options;

  admin.get<{ Querystring: { from?: string; to?: string } }>(
    ADMIN_PATHS.reports,
    {
      schema: { querystring: { type: 'object', properties: { from: day, to: day } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const today = dayInZone(new Date(options.now()), options.timeZone);
      const period = reportPeriod(request.query, today);
      let read: Awaited<ReturnType<typeof reader.report>>;
      try {
        read = await reader.report(period, options.content.current().content.products);
      } catch (error) {
        if (!(error instanceof DeskReaderUnavailableError)) throw error;
        request.log.warn({ reason: error.message }, 'report unavailable');
        reply.header('retry-after', '5');
        return options.pages.sendPrivate(
          reply,
          ADMIN_PATHS.reports,
          { error: { status: 503, title: 'Service Unavailable', message: error.message } },
          503,
        );
      }
      const data: AdminReportsPage = {
        ...reply.signedIn(),
        screen: 'reports',
        period,
        presets: reportPresets(today),
        ...read,
      };
      return options.pages.sendPrivate(reply, ADMIN_PATHS.reports, { admin: data });
    },
  );
}
