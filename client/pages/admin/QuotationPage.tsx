import { useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { QUOTATION_TEXT as TEXT } from '../../../shared/admin/texts.js';
import { QUANTITY_UNITS } from '../../../shared/enquiry/quote.js';
import { CURRENCY_CODES, formatMoney, type Currency } from '../../../shared/quotations/money.js';
import { itemLabel } from '../../../shared/quotations/price-list.js';
import {
  QUOTATION_LIMITS,
  TAX_KINDS,
  lineFieldName,
  priceLine,
  priceQuotation,
  type QuotationDraft,
  type QuotationLine,
  type QuotationTotals,
} from '../../../shared/quotations/quotation.js';
import { readQuotationForm } from '../../../shared/quotations/quotation-form.js';
import type { AdminQuotationPage } from '../../../shared/quotations/quotation-page.js';
import { INCOTERMS } from '../../../shared/quotations/request-terms.js';
import { revisionLabel } from '../../../shared/quotations/revisions.js';
import { QuotationSend } from './QuotationSend.js';

/** What the totals show: each line's total as far as it can be worked out, and the sums once every line can. */
interface Shown {
  currency: Currency;
  lines: (number | null)[];
  totals: QuotationTotals | null;
}
const shownOf = (draft: QuotationDraft, totals: QuotationTotals | null): Shown => ({
  currency: draft.currency,
  lines: draft.lines.map((line) => priceLine(line, draft.currency)),
  totals,
});
const money = (minor: number | null | undefined, currency: Currency) =>
  minor === null || minor === undefined ? '—' : formatMoney(minor, currency);

function Field({
  name,
  label,
  error,
  children,
}: {
  name: string;
  label: string;
  error: string | undefined;
  children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = `quotation-${name}`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name, ...(error && { 'aria-invalid': true, 'aria-describedby': `${id}-error` }) })}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

function LineFields({
  line,
  index,
  page,
  total,
}: {
  line: QuotationLine;
  index: number;
  page: AdminQuotationPage;
  total: string;
}) {
  const text = (field: Exclude<keyof QuotationLine, 'unit'>, max: number, inputMode?: 'decimal') => (
    <Field name={lineFieldName(index, field)} label={TEXT[field]} error={page.errors[lineFieldName(index, field)]}>
      {(props) => <input {...props} defaultValue={line[field]} maxLength={max} inputMode={inputMode} />}
    </Field>
  );
  return (
    <fieldset className="quotation__line">
      <legend>{`${TEXT.line} ${index + 1}`}</legend>
      {text('description', QUOTATION_LIMITS.description)}
      {text('drawing', QUOTATION_LIMITS.short)}
      {text('material', QUOTATION_LIMITS.short)}
      {text('hsCode', 12)}
      {text('quantity', 20, 'decimal')}
      <Field name={lineFieldName(index, 'unit')} label={TEXT.unit} error={page.errors[lineFieldName(index, 'unit')]}>
        {(props) => (
          <select {...props} defaultValue={line.unit}>
            {QUANTITY_UNITS.map((unit) => (
              <option key={unit}>{unit}</option>
            ))}
          </select>
        )}
      </Field>
      {text('unitPrice', 20, 'decimal')}
      <p className="quotation__line-total">
        {`${TEXT.lineTotal}: `}
        <output
          htmlFor={`quotation-${lineFieldName(index, 'quantity')} quotation-${lineFieldName(index, 'unitPrice')}`}
        >
          {total}
        </output>
      </p>
      <button className="button button--small button--ghost" type="submit" name="action" value={`remove-line-${index}`}>
        {TEXT.removeLine}
      </button>{' '}
      <button className="button button--small button--ghost" type="submit" name="action" value={`save-line-${index}`}>
        {TEXT.saveLine}
      </button>
    </fieldset>
  );
}

function TermFields({ page }: { page: AdminQuotationPage }) {
  const { draft, errors } = page;
  const text = (field: 'place' | 'validUntil' | 'leadTime' | 'gstRate', type = 'text') => (
    <Field name={field} label={TEXT[field]} error={errors[field]}>
      {(props) => <input {...props} type={type} defaultValue={draft[field]} maxLength={QUOTATION_LIMITS.short} />}
    </Field>
  );
  const area = (field: 'paymentTerms' | 'packing' | 'inspection' | 'notes') => (
    <Field name={field} label={TEXT[field]} error={errors[field]}>
      {(props) => <textarea {...props} rows={2} defaultValue={draft[field]} maxLength={QUOTATION_LIMITS.text} />}
    </Field>
  );
  return (
    <fieldset className="quotation__terms">
      <legend>{TEXT.terms}</legend>
      <Field name="currency" label={TEXT.currency} error={errors.currency}>
        {(props) => (
          <select {...props} defaultValue={draft.currency}>
            {CURRENCY_CODES.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        )}
      </Field>
      <Field name="incoterm" label={TEXT.incoterm} error={errors.incoterm}>
        {(props) => (
          <select {...props} defaultValue={draft.incoterm}>
            <option value="">{TEXT.noIncoterm}</option>
            {INCOTERMS.map((term) => (
              <option key={term}>{term}</option>
            ))}
          </select>
        )}
      </Field>
      {text('place')}
      {text('validUntil', 'date')}
      {area('paymentTerms')}
      {text('leadTime')}
      {area('packing')}
      {area('inspection')}
      {area('notes')}
      <Field name="tax" label={TEXT.tax} error={errors.tax}>
        {(props) => (
          <select {...props} defaultValue={draft.tax}>
            {TAX_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TEXT.taxKinds[kind]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {text('gstRate')}
    </fieldset>
  );
}

function PriceListPick({ page }: { page: AdminQuotationPage }) {
  if (page.priceList.length === 0) return null;
  return (
    <div className="field quotation__pick">
      <label htmlFor="quotation-price-item">{TEXT.pickFromList}</label>
      <select id="quotation-price-item" name="priceItem">
        {page.priceList.map((item) => (
          <option key={item.id} value={item.id}>
            {itemLabel(item)}
          </option>
        ))}
      </select>{' '}
      <button className="button button--small button--ghost" type="submit" name="action" value="pick">
        {TEXT.pick}
      </button>
    </div>
  );
}

/**
 * The form of an enquiry's next quotation revision. A plain form: its buttons post it (Save, or a
 * change of the lines that comes back with everything typed kept) and the server works out the totals.
 * With JavaScript the totals follow what is typed, worked out by the same code as the server's.
 */
export function QuotationPage({ page }: { page: AdminQuotationPage }) {
  const [shown, setShown] = useState(() => shownOf(page.draft, page.totals));
  const update = (event: FormEvent<HTMLFormElement>) => {
    const { draft } = readQuotationForm(Object.fromEntries(new FormData(event.currentTarget)));
    const priced = priceQuotation(draft);
    setShown(shownOf(draft, priced.ok ? priced.totals : null));
  };
  const title = page.number ? `${page.number} ${revisionLabel(page.nextRevision)}` : TEXT.prepare;
  const { currency, totals } = shown;
  return (
    <div className="container quotation">
      <a href={pathTo(ADMIN_PATHS.enquiryPage, { id: page.enquiry.id })}>{TEXT.backToEnquiry}</a>
      <h1>{`${TEXT.heading} ${title}`}</h1>
      <p>{`#${page.enquiry.id} · ${page.enquiry.name}${page.enquiry.company ? `, ${page.enquiry.company}` : ''} · ${page.enquiry.subject}`}</p>
      <p>{TEXT.intro}</p>
      {page.message && (
        <p className="notice notice--info" role="status">
          {page.message}
        </p>
      )}
      <form method="post" action={pathTo(ADMIN_PATHS.quotation, { id: page.enquiry.id })} onInput={update}>
        <input type="hidden" name="_csrf" value={page.csrfToken} />
        {/* Enter in a field updates the totals: the first submit button is the form's default. */}
        <button
          type="submit"
          name="action"
          value="update"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
        />
        <fieldset className="quotation__lines">
          <legend>{TEXT.lines}</legend>
          {page.errors.lines && <p className="field__error">{page.errors.lines}</p>}
          {page.draft.lines.map((line, index) => (
            <LineFields key={index} line={line} index={index} page={page} total={money(shown.lines[index], currency)} />
          ))}
          {page.draft.lines.length < QUOTATION_LIMITS.lines && (
            <button className="button button--small" type="submit" name="action" value="add-line">
              {TEXT.addLine}
            </button>
          )}
          <PriceListPick page={page} />
        </fieldset>
        <TermFields page={page} />
        <dl className="quotation__totals" aria-live="polite">
          <dt>{TEXT.subtotal}</dt>
          <dd>{money(totals?.subtotal, currency)}</dd>
          <dt>{TEXT.tax}</dt>
          <dd>{money(totals?.tax, currency)}</dd>
          <dt>{TEXT.total}</dt>
          <dd>{money(totals?.total, currency)}</dd>
        </dl>
        <button className="button button--ghost" type="submit" name="action" value="update">
          {TEXT.update}
        </button>{' '}
        <button className="button" type="submit" name="action" value="save">
          {TEXT.save}
        </button>
      </form>
      {page.send && <QuotationSend send={page.send} id={page.enquiry.id} csrfToken={page.csrfToken} />}
    </div>
  );
}
