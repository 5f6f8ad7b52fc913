import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { ChangeEvent, FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { INBOX, isFiltered, type EnquiryFilter } from '../../../shared/admin/filter.js';
import { STAGE_LABELS, STAGES } from '../../../shared/enquiry/enquiry.js';
import { productChoices } from '../../../shared/enquiry/quote.js';
import { LANGUAGE_INFO, languages } from '../../../shared/i18n/languages.js';
import { useContent } from '../../context/site-context.js';
import { panelHref } from './admin-api.js';

/**
 * The spec's search box with filters by stage, product, the buyer's language and the day received: a GET form, so without
 * JavaScript it reloads /admin with them in the address; with it, the list follows as the admin types.
 */
export function EnquiryFilters({
  filter,
  onChange,
  open,
}: {
  filter: EnquiryFilter;
  onChange: (filter: EnquiryFilter) => void;
  /** The filters shown (when one is set); else under a "Filters" button. */
  open: boolean;
}) {
  const set = (name: keyof EnquiryFilter) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...filter, [name]: event.target.value || (name === 'query' ? '' : null) });
  const submit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <form className="admin-filters" method="get" action={ADMIN_PATHS.desk} role="search" onSubmit={submit}>
      {filter.view !== 'inbox' && <input type="hidden" name="view" value={filter.view} />}
      <div className="admin-search">
        <label htmlFor="admin-search" className="visually-hidden">
          Search enquiries
        </label>
        <input
          id="admin-search"
          type="search"
          name="q"
          value={filter.query}
          maxLength={200}
          placeholder={ADMIN_TEXT.searchPlaceholder}
          onChange={set('query')}
        />
        <button type="submit" className="button button--ghost">
          Search
        </button>
      </div>
      <details className="admin-filters__more" open={open || undefined}>
        <summary>Filters</summary>
        <fieldset className="admin-filters__fields">
          <legend className="visually-hidden">Filters</legend>
          <div>
            <label htmlFor="filter-stage">Stage</label>
            <select id="filter-stage" name="stage" value={filter.stage ?? ''} onChange={set('stage')}>
              <option value="">Any stage</option>
              {STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {STAGE_LABELS[stage]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-product">Product</label>
            <select id="filter-product" name="product" value={filter.product ?? ''} onChange={set('product')}>
              <option value="">Any product</option>
              {productChoices(useContent().products).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-language">Language</label>
            <select id="filter-language" name="language" value={filter.language ?? ''} onChange={set('language')}>
              <option value="">Any language</option>
              {languages.map((code) => (
                <option key={code} value={code}>
                  {LANGUAGE_INFO[code].english}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="filter-from">From</label>
            <input
              id="filter-from"
              type="date"
              name="from"
              value={filter.from ?? ''}
              max={filter.to ?? undefined}
              onChange={set('from')}
            />
          </div>
          <div>
            <label htmlFor="filter-to">To</label>
            <input
              id="filter-to"
              type="date"
              name="to"
              value={filter.to ?? ''}
              min={filter.from ?? undefined}
              onChange={set('to')}
            />
          </div>
          <button type="submit" className="button button--ghost">
            Apply filters
          </button>
          {isFiltered(filter) && (
            <a
              href={panelHref({ ...INBOX, view: filter.view })}
              onClick={(event) => {
                event.preventDefault();
                onChange({ ...INBOX, view: filter.view });
              }}
            >
              Clear filters
            </a>
          )}
        </fieldset>
      </details>
    </form>
  );
}
