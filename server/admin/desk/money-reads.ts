import type Database from 'better-sqlite3';
import {
  inInr,
  median,
  type InrMonth,
  type MoneyMonth,
  type MoneyReport,
  type MoneyRow,
  type RateTable,
} from '../../../shared/admin/money-report.js';
import type { ReportPeriod } from '../../../shared/admin/reports.js';
import { countryShown } from '../../../shared/enquiry/country.js';
import { DIRECT_OR_UNKNOWN } from '../../../shared/enquiry/lead-source.js';
import { productLabel, type ProductNames } from '../../../shared/enquiry/quote.js';
import type { Currency } from '../../../shared/quotations/money.js';
import { dayInZone, nextDay, startOfDay } from '../../../shared/time/time-zone.js';

/** A sent revision of a quotation, with its enquiry (Spam and Trash left out). */
export interface SentRevision {
  quotation: number;
  number: string;
  revision: number;
  currency: Currency;
  total: number;
  sentAt: string;
  /** 'accepted' or 'declined' once the buyer answered (migration 45); null before, or without that column. */
  answer: string | null;
  answeredAt: string | null;
  enquiry: number;
  createdAt: string;
  status: string;
  name: string;
  company: string | null;
  product: string | null;
  country: string | null;
  countryCode: string | null;
  source: string | null;
}

/** A quotation as Reports counts it: its latest sent revision, the won one (if any), its first sending. */
interface Counted {
  latest: SentRevision;
  won: { revision: SentRevision; at: string } | null;
  firstSentAt: string;
}

/** The buyer's answer, once migration 45 (Accept/Decline online) has added its columns. */
const answerColumns = (db: Database.Database) =>
  (db.pragma('table_info(quotation_revisions)') as { name: string }[]).some((column) => column.name === 'answer')
    ? 'r.answer AS answer, r.answered_at AS answeredAt'
    : 'NULL AS answer, NULL AS answeredAt';

/** Every sent revision, oldest first per quotation; the buyer's answer where migration 45 has added it. */
function sentRevisions(db: Database.Database): SentRevision[] {
  return db
    .prepare<[], SentRevision>(
      `SELECT q.id AS quotation, q.number, r.revision, r.currency, r.total, r.sent_at AS sentAt,
         ${answerColumns(db)}, e.id AS enquiry, e.created_at AS createdAt,
         e.status, e.name, e.company, e.product, e.country, e.country_code AS countryCode,
         coalesce(lower(e.utm_source), e.source_referrer) AS source
       FROM quotation_revisions r JOIN quotations q ON q.id = r.quotation_id JOIN enquiries e ON e.id = q.enquiry_id
       WHERE r.sent_at IS NOT NULL AND e.trashed_at IS NULL AND e.spam_reason IS NULL
       ORDER BY q.id, r.revision`,
    )
    .all();
}

/**
 * Won: the revision the buyer accepted (when answered online), else the latest sent revision of an
 * enquiry whose stage is Won; it counts when accepted, or when that revision was sent.
 */
function countedOf(revisions: SentRevision[]): Counted {
  const latest = revisions.at(-1)!;
  const accepted = revisions.findLast((revision) => revision.answer === 'accepted');
  const won = accepted
    ? { revision: accepted, at: accepted.answeredAt ?? accepted.sentAt }
    : latest.status === 'won'
      ? { revision: latest, at: latest.sentAt }
      : null;
  return { latest, won, firstSentAt: revisions[0]!.sentAt };
}

function byQuotation(revisions: SentRevision[]): Counted[] {
  const groups = new Map<number, SentRevision[]>();
  for (const revision of revisions)
    groups.set(revision.quotation, [...(groups.get(revision.quotation) ?? []), revision]);
  return [...groups.values()].map(countedOf);
}

/** What one line adds up before its currencies are converted. */
class Line {
  quoted = 0;
  won = 0;
  readonly quotedBy = new Map<Currency, number>();
  readonly wonBy = new Map<Currency, number>();
  readonly toQuote: number[] = [];
  constructor(readonly label: string) {}

  row(rates: RateTable): MoneyRow {
    const inr = (sums: Map<Currency, number>) =>
      [...sums].reduce((sum, [currency, minor]) => sum + (inInr(minor, currency, rates) ?? 0), 0);
    const { label, quoted, won } = this;
    return {
      label,
      quoted,
      won,
      quotedInr: inr(this.quotedBy),
      wonInr: inr(this.wonBy),
      medianToQuote: median(this.toQuote),
    };
  }
}

const add = (sums: Map<Currency, number>, currency: Currency, minor: number) =>
  sums.set(currency, (sums.get(currency) ?? 0) + minor);

type Labels = (revision: SentRevision) => string[];

/** The money report of a period from the sent revisions, at the owner's rates. */
export function moneyReport(
  revisions: SentRevision[],
  {
    period,
    rates,
    timeZone,
    products,
  }: { period: ReportPeriod; rates: RateTable; timeZone: string; products: ProductNames },
): MoneyReport {
  const since = startOfDay(period.from, timeZone).toISOString();
  const until = startOfDay(nextDay(period.to), timeZone).toISOString();
  const inPeriod = (at: string) => at >= since && at < until;
  const monthOf = (at: string) => dayInZone(new Date(at), timeZone).slice(0, 7);
  const months = new Map<string, MoneyMonth>();
  const month = (at: string, currency: Currency) => {
    const key = `${monthOf(at)} ${currency}`;
    if (!months.has(key)) months.set(key, { month: monthOf(at), currency, quoted: 0, won: 0 });
    return months.get(key)!;
  };
  const lines = new Map<string, Line>();
  const linesOf: Labels = (revision) => [
    'total',
    `product ${productLabel(revision.product, products) || 'Not given'}`,
    `country ${countryShown(revision) ?? 'Not given'}`,
    `source ${revision.source ?? DIRECT_OR_UNKNOWN}`,
  ];
  const each = (revision: SentRevision, act: (line: Line) => void) => {
    for (const key of linesOf(revision)) {
      if (!lines.has(key)) lines.set(key, new Line(key.slice(key.indexOf(' ') + 1)));
      act(lines.get(key)!);
    }
  };
  for (const { latest, won, firstSentAt } of byQuotation(revisions)) {
    if (inPeriod(latest.sentAt)) {
      month(latest.sentAt, latest.currency).quoted += latest.total;
      each(latest, (line) => void (line.quoted++, add(line.quotedBy, latest.currency, latest.total)));
    }
    if (won && inPeriod(won.at)) {
      month(won.at, won.revision.currency).won += won.revision.total;
      each(latest, (line) => void (line.won++, add(line.wonBy, won.revision.currency, won.revision.total)));
    }
    if (inPeriod(firstSentAt))
      each(latest, (line) => line.toQuote.push(Date.parse(firstSentAt) - Date.parse(latest.createdAt)));
  }
  const byCurrency = [...months.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency),
  );
  const rows = (kind: string) =>
    [...lines]
      .filter(([key]) => key.startsWith(`${kind} `))
      .map(([, line]) => line.row(rates))
      .sort((a, b) => b.quoted - a.quoted || b.won - a.won || a.label.localeCompare(b.label));
  return {
    byCurrency,
    inr: inrMonths(byCurrency, rates),
    total: (lines.get('total') ?? new Line('total')).row(rates),
    byProduct: rows('product'),
    byCountry: rows('country'),
    bySource: rows('source'),
    rates,
    unrated: [...new Set(byCurrency.map((row) => row.currency))].filter(
      (currency) => inInr(0, currency, rates) === null,
    ),
  };
}

/** Each month's amounts in INR: each currency's sum converted once, rounded half up. */
function inrMonths(byCurrency: MoneyMonth[], rates: RateTable): InrMonth[] {
  const months = new Map<string, InrMonth>();
  for (const { month, currency, quoted, won } of byCurrency) {
    const row = months.get(month) ?? { month, quoted: 0, won: 0, unrated: [] };
    const quotedInr = inInr(quoted, currency, rates);
    if (quotedInr === null) row.unrated.push(currency);
    row.quoted += quotedInr ?? 0;
    row.won += inInr(won, currency, rates) ?? 0;
    months.set(month, row);
  }
  return [...months.values()];
}

/** The owner's rates (report_rates, migration 46). */
export function readRates(db: Database.Database): RateTable {
  const rows = db.prepare<[], { currency: Currency; rate: number }>('SELECT currency, rate FROM report_rates').all();
  return Object.fromEntries(rows.map(({ currency, rate }) => [currency, rate]));
}

/** A sent revision in the CSV of quotations; `won` marks the won revision of its quotation. */
export type QuotationSent = SentRevision & { won: boolean };

export interface MoneyReads {
  money(period: ReportPeriod, products: ProductNames): MoneyReport;
  /** The revisions sent in the period, for the CSV of quotations; `won` marks each quotation's won revision. */
  sent(period: ReportPeriod): QuotationSent[];
}

/** The money reads of the Reports page (answered on the desk's reader thread). */
export function createMoneyReads(db: Database.Database, timeZone: string): MoneyReads {
  return {
    money: (period, products) => moneyReport(sentRevisions(db), { period, rates: readRates(db), timeZone, products }),
    sent(period) {
      const since = startOfDay(period.from, timeZone).toISOString();
      const until = startOfDay(nextDay(period.to), timeZone).toISOString();
      const revisions = sentRevisions(db);
      const won = new Set(byQuotation(revisions).flatMap(({ won }) => (won ? [won.revision] : [])));
      return revisions
        .filter((revision) => revision.sentAt >= since && revision.sentAt < until)
        .map((revision) => ({ ...revision, won: won.has(revision) }));
    },
  };
}
