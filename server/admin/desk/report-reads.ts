import type Database from 'better-sqlite3';
import type { LeadReport, ReportPeriod, ReportRow } from '../../../shared/admin/reports.js';
import { countryName } from '../../../shared/content/countries.js';
import { DIRECT_OR_UNKNOWN } from '../../../shared/enquiry/lead-source.js';
import { productLabel, type ProductNames } from '../../../shared/enquiry/quote.js';
import { nextDay, startOfDay } from '../../../shared/time/time-zone.js';

/**
 * What each report groups by: a source is the campaign's (utm_source, in any case), else the other
 * site that sent the buyer; a country by its ISO code (Germany and Deutschland are one), and a text
 * that names no one country as written, in any case ("europe" and "Europe" are one). `code` is
 * the group's country code, shown by its name.
 */
const GROUPS = {
  bySource: {
    key: 'coalesce(lower(utm_source), source_referrer)',
    shown: 'coalesce(lower(utm_source), source_referrer)',
    code: 'NULL',
  },
  byProduct: { key: 'product', shown: 'product', code: 'NULL' },
  byCountry: {
    key: 'country_code, iif(country_code IS NULL, country, NULL) COLLATE NOCASE',
    shown: 'coalesce(country_code, min(country))',
    code: 'country_code',
  },
} as const;
type Group = keyof typeof GROUPS;

interface Counted {
  shown: string | null;
  code: string | null;
  enquiries: number;
  quoted: number;
  won: number;
}

/**
 * The query of one report: the period's enquiries in the inbox (neither Spam nor Trash), grouped,
 * read from the report's covering index (enquiries_report, migration 18) alone: INDEXED BY makes a
 * query that could not use it fail rather than read the table.
 */
export function reportSql(group: Group): string {
  const { key, shown, code } = GROUPS[group];
  return `SELECT ${shown} AS shown, ${code} AS code, count(*) AS enquiries, sum(status IN ('quoted', 'won')) AS quoted,
      sum(status = 'won') AS won
    FROM enquiries INDEXED BY enquiries_report
    WHERE trashed_at IS NULL AND spam_reason IS NULL AND created_at >= @since AND created_at < @until
    GROUP BY ${key} ORDER BY enquiries DESC, shown IS NULL, shown`;
}

export interface ReportReads {
  report(period: ReportPeriod, products: ProductNames): LeadReport;
}

/** The Reports page's reads (answered on the desk's reader thread, desk-reader-worker.ts). */
export function createReportReads(db: Database.Database, timeZone: string): ReportReads {
  const statements = Object.fromEntries(
    (Object.keys(GROUPS) as Group[]).map((group) => [
      group,
      db.prepare<{ since: string; until: string }, Counted>(reportSql(group)),
    ]),
  ) as Record<Group, Database.Statement<{ since: string; until: string }, Counted>>;
  return {
    report({ from, to }, products) {
      const params = {
        since: startOfDay(from, timeZone).toISOString(),
        until: startOfDay(nextDay(to), timeZone).toISOString(),
      };
      const rows = (group: Group, label: (shown: string | null) => string): ReportRow[] =>
        statements[group].all(params).map(({ shown, code, enquiries, quoted, won }) => ({
          label: label((code === null ? undefined : countryName(code)) ?? shown),
          enquiries,
          quoted,
          won,
        }));
      const bySource = rows('bySource', (shown) => shown ?? DIRECT_OR_UNKNOWN);
      const total = bySource.reduce<ReportRow>(
        (sum, row) => ({
          label: 'All enquiries',
          enquiries: sum.enquiries + row.enquiries,
          quoted: sum.quoted + row.quoted,
          won: sum.won + row.won,
        }),
        { label: 'All enquiries', enquiries: 0, quoted: 0, won: 0 },
      );
      return {
        total,
        bySource,
        byProduct: rows('byProduct', (shown) => productLabel(shown, products) || 'Not given'),
        byCountry: rows('byCountry', (shown) => shown ?? 'Not given'),
      };
    },
  };
}
