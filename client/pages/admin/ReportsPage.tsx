import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT, REPORT_PERIOD_LEGEND, reportPeriodHint } from '../../../shared/admin/texts.js';
import { rateOf, type AdminReportsPage, type ReportRow } from '../../../shared/admin/reports.js';
import { DIRECT_OR_UNKNOWN } from '../../../shared/enquiry/lead-source.js';
import { AdminHeading } from './AdminShell.js';
import { EnquiryCharts } from './EnquiryCharts.js';
import { MoneyReport } from './MoneyReport.js';

/** Rows drawn in a chart (the table lists them all). */
const CHART_ROWS = 8;
const WIDTH = 300;
const LABEL_HEIGHT = 19;
const BAR_HEIGHT = 11;
const BAR_GAP = 3;
const ROW_GAP = 12;
const ROW_HEIGHT = LABEL_HEIGHT + 3 * (BAR_HEIGHT + BAR_GAP) + ROW_GAP;
/** Room left of the bars' end for their figures. */
const FIGURES = 92;
const MEASURES = [
  { key: 'enquiries', label: 'Enquiries', className: 'report-bar--enquiries' },
  { key: 'quoted', label: 'Reached Quoted', className: 'report-bar--quoted' },
  { key: 'won', label: 'Won', className: 'report-bar--won' },
] as const;

/** "5 Mar 2026". */
const longDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const withRate = (part: number, whole: number) => `${part} (${rateOf(part, whole)})`;
const enquiriesText = (n: number) => `${n} ${n === 1 ? 'enquiry' : 'enquiries'}`;
const rowText = (row: ReportRow) =>
  `${row.label}: ${enquiriesText(row.enquiries)}, ${withRate(row.quoted, row.enquiries)} reached Quoted, ${withRate(row.won, row.enquiries)} won`;

/** A label cut to fit beside its bars (the table has it whole). */
const fit = (label: string) => (label.length > 34 ? `${label.slice(0, 33)}…` : label);

/**
 * One report as bars drawn by the server (no chart library): per row its label, then three bars
 * (enquiries, reached Quoted, won) with their figures. An image whose text alternative says the same.
 */
function ReportChart({ id, title, rows }: { id: string; title: string; rows: ReportRow[] }) {
  const shown = rows.slice(0, CHART_ROWS);
  const max = Math.max(1, ...shown.map((row) => row.enquiries));
  const height = shown.length * ROW_HEIGHT;
  const rest = rows.length - shown.length;
  return (
    <figure className="card card--padded chart report-chart">
      <figcaption id={`${id}-chart-title`}>{title}</figcaption>
      <ul className="report-legend" aria-hidden="true">
        {MEASURES.map((measure) => (
          <li key={measure.key}>
            <span className={`report-legend__swatch ${measure.className}`} />
            {measure.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-chart-title ${id}-chart-text`}
        focusable="false"
      >
        {shown.map((row, n) => {
          const top = n * ROW_HEIGHT;
          return (
            <g key={row.label}>
              <text x="0" y={top + 14} className="report-chart__label">
                {fit(row.label)}
              </text>
              {MEASURES.map((measure, m) => {
                const value = row[measure.key];
                const y = top + LABEL_HEIGHT + m * (BAR_HEIGHT + BAR_GAP);
                const length = (value / max) * (WIDTH - FIGURES);
                return (
                  <g key={measure.key}>
                    <rect
                      className={measure.className}
                      x="0"
                      y={y}
                      width={Math.max(length, value > 0 ? 2 : 0)}
                      height={BAR_HEIGHT}
                      rx="1.5"
                    />
                    <text x={length + 4} y={y + BAR_HEIGHT - 1} className="report-chart__figure">
                      {measure.key === 'enquiries' ? value : withRate(value, row.enquiries)}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      {rest > 0 && <p className="report-chart__more">{`And ${rest} more in the table.`}</p>}
      <p id={`${id}-chart-text`} className="visually-hidden">
        {`${shown.map(rowText).join('; ')}.${rest > 0 ? ` And ${rest} more in the table.` : ''}`}
      </p>
    </figure>
  );
}

/** A count with its rate beside it: "2 (50%)". */
function RateCell({ part, whole }: { part: number; whole: number }) {
  return (
    <td>
      {`${part} `}
      <span className="report-rate">{`(${rateOf(part, whole)})`}</span>
    </td>
  );
}

/** One report: its chart and its figures as a table, with the rates beside the counts. */
function Report({ id, title, heading, rows }: { id: string; title: string; heading: string; rows: ReportRow[] }) {
  return (
    <section className="report" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="admin-empty">No enquiries in this period.</p>
      ) : (
        <div className="report__body">
          <ReportChart id={id} title={`${title}: chart`} rows={rows} />
          <div className="table-scroll" role="region" aria-label={`${title}: table`} tabIndex={0}>
            <table className="report-table">
              <thead>
                <tr>
                  <th scope="col">{heading}</th>
                  <th scope="col">Enquiries</th>
                  <th scope="col">Reached Quoted</th>
                  <th scope="col">Won</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    <td>{row.enquiries}</td>
                    <RateCell part={row.quoted} whole={row.enquiries} />
                    <RateCell part={row.won} whole={row.enquiries} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

/** /admin/reports: a period's enquiries by source, product and country, and what became of them. */
export function ReportsPage({ page }: { page: AdminReportsPage }) {
  const { period, report } = page;
  const { total } = report;
  return (
    <>
      <AdminHeading title="Reports" />
      <section className="section section--tight reports">
        <div className="container">
          <form className="admin-filters report-period" method="get" action={ADMIN_PATHS.reports}>
            <fieldset className="admin-filters__fields">
              <legend>{REPORT_PERIOD_LEGEND}</legend>
              <p className="field__hint">{reportPeriodHint(page.timeZone)}</p>
              <div>
                <label htmlFor="report-from">From</label>
                <input id="report-from" type="date" name="from" defaultValue={period.from} required />
              </div>
              <div>
                <label htmlFor="report-to">To</label>
                <input id="report-to" type="date" name="to" defaultValue={period.to} required />
              </div>
              <button type="submit" className="button button--ghost">
                Show
              </button>
            </fieldset>
            <nav aria-label="Periods">
              <ul className="report-presets">
                {page.presets.map((preset) => (
                  <li key={preset.label}>
                    <a
                      href={`${ADMIN_PATHS.reports}?from=${preset.from}&to=${preset.to}`}
                      aria-current={preset.from === period.from && preset.to === period.to ? 'true' : undefined}
                    >
                      {preset.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          </form>
          <p className="report-summary">
            <strong>{`${longDay(period.from)} to ${longDay(period.to)}: ${enquiriesText(total.enquiries)}`}</strong>
            {total.enquiries > 0 &&
              `, of which ${withRate(total.quoted, total.enquiries)} reached Quoted and ${withRate(total.won, total.enquiries)} were won.`}
          </p>
          <p className="report-note">
            “Reached Quoted” counts enquiries whose stage is now Quoted or Won; rates are of the enquiries in each row.
            Spam and Trash are not counted. {ADMIN_TEXT.sourceNote} “{DIRECT_OR_UNKNOWN}” is everything else.
          </p>
          <Report id="report-source" title="By source" heading="Source" rows={report.bySource} />
          <Report id="report-product" title="By product" heading="Product" rows={report.byProduct} />
          <Report id="report-country" title="By country" heading="Country" rows={report.byCountry} />
          <MoneyReport page={page} />
          <section className="report" aria-labelledby="report-inbox">
            <h2 id="report-inbox">The inbox at a glance</h2>
            <p className="report-note">These two charts count every enquiry in the inbox, whatever the period above.</p>
            <EnquiryCharts stats={page.stats} />
          </section>
        </div>
      </section>
    </>
  );
}
