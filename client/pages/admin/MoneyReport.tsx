import {
  daysText,
  rateText,
  RATED_CURRENCIES,
  type MoneyReport as Money,
  type MoneyRow,
} from '../../../shared/admin/money-report.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { rateOf, type AdminReportsPage } from '../../../shared/admin/reports.js';
import { MONEY_TEXTS as TEXTS } from '../../../shared/admin/texts.js';
import { formatMoney } from '../../../shared/quotations/money.js';

const inr = (paise: number) => formatMoney(paise, 'INR');

/** By product, country or source: quotations sent and won, their values in INR, the win rate, the median time. */
function MoneyTable({ title, heading, rows }: { title: string; heading: string; rows: MoneyRow[] }) {
  return (
    <div className="table-scroll" role="region" aria-label={title} tabIndex={0}>
      <table className="report-table">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col">{TEXTS.quoted}</th>
            <th scope="col">{TEXTS.won}</th>
            <th scope="col">{TEXTS.winRate}</th>
            <th scope="col">{TEXTS.quotedInr}</th>
            <th scope="col">{TEXTS.wonInr}</th>
            <th scope="col">{TEXTS.toQuote}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.quoted}</td>
              <td>{row.won}</td>
              <td>{rateOf(row.won, row.quoted)}</td>
              <td>{inr(row.quotedInr)}</td>
              <td>{inr(row.wonInr)}</td>
              <td>{daysText(row.medianToQuote)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each month's quoted and won amounts: in each currency, then in INR. */
function MonthTables({ money }: { money: Money }) {
  return (
    <>
      <div className="table-scroll" role="region" aria-label={TEXTS.byMonth} tabIndex={0}>
        <table className="report-table">
          <caption>{TEXTS.byMonth}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.month}</th>
              <th scope="col">{TEXTS.currency}</th>
              <th scope="col">{TEXTS.quoted}</th>
              <th scope="col">{TEXTS.won}</th>
            </tr>
          </thead>
          <tbody>
            {money.byCurrency.map((row) => (
              <tr key={`${row.month} ${row.currency}`}>
                <th scope="row">{row.month}</th>
                <td>{row.currency}</td>
                <td>{formatMoney(row.quoted, row.currency)}</td>
                <td>{formatMoney(row.won, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-scroll" role="region" aria-label={TEXTS.inInr} tabIndex={0}>
        <table className="report-table">
          <caption>{TEXTS.inInr}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.month}</th>
              <th scope="col">{TEXTS.quotedInr}</th>
              <th scope="col">{TEXTS.wonInr}</th>
            </tr>
          </thead>
          <tbody>
            {money.inr.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.month}</th>
                <td>{inr(row.quoted)}</td>
                <td>{inr(row.won)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The owner's rates to INR: a plain form, each field empty or a decimal. */
function RatesForm({ page }: { page: AdminReportsPage }) {
  const { money, rates, period } = page;
  return (
    <form className="admin-filters report-rates" method="post" action={ADMIN_PATHS.reportRates}>
      <input type="hidden" name="_csrf" value={page.csrfToken} />
      <input type="hidden" name="from" value={period.from} />
      <input type="hidden" name="to" value={period.to} />
      <fieldset className="admin-filters__fields">
        <legend>{TEXTS.rates}</legend>
        <p className="field__hint">{TEXTS.ratesHint}</p>
        {rates && <p className="notice notice--error">{rates.error}</p>}
        {RATED_CURRENCIES.map((code) => (
          <div key={code}>
            <label htmlFor={`rate-${code}`}>{TEXTS.rateLabel(code)}</label>
            <input
              id={`rate-${code}`}
              name={`rate-${code}`}
              inputMode="decimal"
              maxLength={20}
              defaultValue={rates ? rates.typed[code] : rateText(money.rates[code])}
            />
          </div>
        ))}
        <button type="submit" className="button button--ghost">
          {TEXTS.saveRates}
        </button>
      </fieldset>
    </form>
  );
}

/** Reports follow the money (issue 39): quoted and won by month, in each currency and in INR, and by group. */
export function MoneyReport({ page }: { page: AdminReportsPage }) {
  const { money, period } = page;
  const { total } = money;
  return (
    <section className="report" aria-labelledby="report-money-title" id="report-money">
      <h2 id="report-money-title">{TEXTS.title}</h2>
      {page.done && (
        <p className="notice" role="status">
          {page.done}
        </p>
      )}
      <p className="report-note">{TEXTS.note}</p>
      {money.byCurrency.length === 0 ? (
        <p className="admin-empty">{TEXTS.none}</p>
      ) : (
        <>
          <p className="report-summary">
            {TEXTS.summary(total.quoted, total.won, rateOf(total.won, total.quoted), daysText(total.medianToQuote))}
          </p>
          {money.unrated.length > 0 && <p className="notice notice--error">{TEXTS.unrated(money.unrated)}</p>}
          <MonthTables money={money} />
          <MoneyTable title="Quotations by product" heading="Product" rows={money.byProduct} />
          <MoneyTable title="Quotations by country" heading="Country" rows={money.byCountry} />
          <MoneyTable title="Quotations by source" heading="Source" rows={money.bySource} />
        </>
      )}
      <p>
        <a href={`${ADMIN_PATHS.quotationsCsv}?from=${period.from}&to=${period.to}`} download>
          {TEXTS.csv}
        </a>
      </p>
      <RatesForm page={page} />
    </section>
  );
}
