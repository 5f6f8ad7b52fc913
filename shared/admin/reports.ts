import type { EnquiryStats } from './desk.js';
import type { SignedIn } from './session.js';
import type { MoneyReport } from './money-report.js';

/**
 * One line of a report: enquiries received in the period (neither Spam nor in Trash), how many of
 * them reached Quoted (their stage now is Quoted or Won) and how many were won.
 */
export interface ReportRow {
  label: string;
  enquiries: number;
  quoted: number;
  won: number;
}

/** Where the period's enquiries came from, what they asked for, and from which country, with their totals. */
export interface LeadReport {
  total: ReportRow;
  bySource: ReportRow[];
  byProduct: ReportRow[];
  byCountry: ReportRow[];
}

/** Calendar days in the site's time zone, both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

/** /admin/reports: a period's enquiries by source, product and country, and the desk's charts. */
export interface AdminReportsPage extends SignedIn {
  screen: 'reports';
  period: ReportPeriod;
  presets: (ReportPeriod & { label: string })[];
  report: LeadReport;
  stats: EnquiryStats;
  money: MoneyReport;
  /** The rates form refused (400): why, and the rates as typed. */
  rates?: { error: string; typed: Record<string, string> };
  /** "Rates saved." after they were stored. */
  done?: string;
}

/** The period a report shows unless another is chosen. */
export const DEFAULT_REPORT_DAYS = 90;

/** The day `days` days before `day` ("2026-03-01" minus 1 is "2026-02-28"). */
export function daysBefore(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date - days)).toISOString().slice(0, 10);
}

/** The last 30 days, 90 days and 12 months, each up to `today`. */
export function reportPresets(today: string): AdminReportsPage['presets'] {
  return [
    { label: 'Last 30 days', from: daysBefore(today, 29), to: today },
    { label: 'Last 90 days', from: daysBefore(today, DEFAULT_REPORT_DAYS - 1), to: today },
    { label: 'Last 12 months', from: daysBefore(today, 364), to: today },
  ];
}

/** The period asked for: a missing end is today, a missing start 90 days before the end; reversed days are put in order. */
export function reportPeriod(query: { from?: string; to?: string }, today: string): ReportPeriod {
  const to = query.to || today;
  const from = query.from || daysBefore(to, DEFAULT_REPORT_DAYS - 1);
  return from > to ? { from: to, to: from } : { from, to };
}

/** "42%": a part of a whole, rounded; a dash when there is no whole. */
export function rateOf(part: number, whole: number): string {
  return whole === 0 ? '–' : `${Math.round((part / whole) * 100)}%`;
}
