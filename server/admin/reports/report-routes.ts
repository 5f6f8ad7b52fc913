import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import { parseRate, RATED_CURRENCIES } from '../../../shared/admin/money-report.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import {
  reportPeriod,
  reportPresets,
  type AdminReportsPage,
  type ReportPeriod,
} from '../../../shared/admin/reports.js';
import { MONEY_TEXTS } from '../../../shared/admin/texts.js';
import { dayInZone } from '../../../shared/time/time-zone.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { DB } from '../../platform/db/open-database.js';
import { sendAttachment } from '../../platform/http/attachment.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import { DeskReaderUnavailableError, type DeskReader } from '../desk/desk-reader.js';
import { quotationsCsv } from './money-csv.js';

/** A calendar day that exists (2026-02-30 is refused), or empty (the date field left empty). */
const day = { type: 'string', anyOf: [{ maxLength: 0 }, { format: 'date' }] } as const;
const periodQuery = { type: 'object', properties: { from: day, to: day } } as const;
type PeriodQuery = { Querystring: { from?: string; to?: string } };
/** The rates form: one field per currency, `rate-USD` …, each empty or a decimal. */
const ratesBody = {
  type: 'object',
  properties: {
    ...Object.fromEntries(RATED_CURRENCIES.map((code) => [`rate-${code}`, { type: 'string', maxLength: 20 }])),
    ...periodQuery.properties,
  },
} as const;

export interface ReportRouteOptions {
  reader: DeskReader;
  pages: PageRenderer;
  content: SiteContentService;
  db: DB;
  timeZone: string;
  /** The site's clock: "the last 90 days" end today. */
  now: () => number;
}

/**
 * /admin/reports: where a period's enquiries came from, what they asked for and from which country,
 * with how many reached Quoted and Won; the quotations' money (issue 39) with the owner's rates to INR
 * and the CSV of quotations; and the enquiries per week and by product. A plain GET form chooses the
 * period. The reads run on the desk's reader thread (desk-reader-worker.ts), never on the event loop
 * that serves the site.
 */
export default async function reportRoutes(admin: FastifyInstance, options: ReportRouteOptions): Promise<void> {
  const { reader } = options;
  const today = () => dayInZone(new Date(options.now()), options.timeZone);

  /** The reader thread is down: 503 with Retry-After. */
  const unavailable = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof DeskReaderUnavailableError)) throw error;
    request.log.warn({ reason: error.message }, 'report unavailable');
    reply.header('retry-after', '5');
    return options.pages.sendPrivate(
      reply,
      ADMIN_PATHS.reports,
      { error: { status: 503, title: 'Service Unavailable', message: error.message } },
      503,
    );
  };

  const sendReport = async (
    request: FastifyRequest,
    reply: FastifyReply,
    period: ReportPeriod,
    extra: Pick<AdminReportsPage, 'rates' | 'done'> = {},
    status = 200,
  ) => {
    let read: Awaited<ReturnType<typeof reader.report>>;
    try {
      read = await reader.report(period, options.content.current().content.products);
    } catch (error) {
      return unavailable(request, reply, error);
    }
    const data: AdminReportsPage = {
      ...reply.signedIn(),
      screen: 'reports',
      period,
      presets: reportPresets(today()),
      ...read,
      ...extra,
    };
    return options.pages.sendPrivate(reply, ADMIN_PATHS.reports, { admin: data }, status);
  };

  admin.get<PeriodQuery & { Querystring: { done?: string } }>(
    ADMIN_PATHS.reports,
    {
      schema: { querystring: { ...periodQuery, properties: { ...periodQuery.properties, done: { type: 'string' } } } },
      config: { access: 'redirect' },
    },
    (request, reply) =>
      sendReport(request, reply, reportPeriod(request.query, today()), {
        done: request.query.done === 'rates' ? MONEY_TEXTS.ratesSaved : undefined,
      }),
  );

  // The owner's rates to INR: all stored in one transaction, or none (400, the form as typed).
  const saveRates = options.db.transaction((rates: [string, number | null][]) => {
    const at = new Date(options.now()).toISOString();
    for (const [currency, rate] of rates) {
      if (rate === null) options.db.prepare('DELETE FROM report_rates WHERE currency = ?').run(currency);
      else
        options.db
          .prepare(
            `INSERT INTO report_rates (currency, rate, set_at) VALUES (?, ?, ?)
             ON CONFLICT (currency) DO UPDATE SET rate = excluded.rate, set_at = excluded.set_at`,
          )
          .run(currency, rate, at);
    }
  });
  admin.post<{ Body: Record<string, string | undefined> & { from?: string; to?: string } }>(
    ADMIN_PATHS.reportRates,
    { schema: { body: ratesBody }, config: { access: 'redirect' } },
    async (request, reply) => {
      const period = reportPeriod(request.body, today());
      const typed = Object.fromEntries(
        RATED_CURRENCIES.map((code) => [code, request.body[`rate-${code}`]?.trim() ?? '']),
      );
      const rates = RATED_CURRENCIES.map((code): [string, number | null] => [
        code,
        typed[code] ? parseRate(typed[code]) : null,
      ]);
      const refused = rates.find(([code, rate]) => rate === null && typed[code] !== '');
      if (refused) {
        const error = MONEY_TEXTS.rateRefused(refused[0]);
        return sendReport(request, reply, period, { rates: { error, typed } }, 400);
      }
      saveRates(rates);
      return reply.redirect(`${ADMIN_PATHS.reports}?from=${period.from}&to=${period.to}&done=rates#report-money`, 303);
    },
  );

  admin.get<PeriodQuery>(
    ADMIN_PATHS.quotationsCsv,
    {
      schema: { querystring: periodQuery },
      config: { access: 'redirect', risky: { what: RISKY_ACTIONS.exportQuotations, download: true } },
    },
    async (request, reply) => {
      const period = reportPeriod(request.query, today());
      try {
        const csv = quotationsCsv(await reader.quotations(period), options.timeZone);
        const name = `quotations_${period.from}_${period.to}.csv`;
        return sendAttachment(reply, { name, type: 'text/csv; charset=utf-8' }, csv);
      } catch (error) {
        return unavailable(request, reply, error);
      }
    },
  );
}
