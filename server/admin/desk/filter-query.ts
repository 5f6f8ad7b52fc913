import { ADMIN_VIEWS, type EnquiryFilter } from '../../../shared/admin/filter.js';
import { STAGES } from '../../../shared/enquiry/enquiry.js';
import { PRODUCT_VALUES } from '../../../shared/enquiry/quote.js';
import { languages, type LanguageCode } from '../../../shared/i18n/languages.js';

/** A calendar day that exists (2026-02-30 is refused), or empty. */
const day = { type: 'string', anyOf: [{ maxLength: 0 }, { format: 'date' }] } as const;

/**
 * The panel's address (/admin?view=…&q=…&stage=…&product=…&language=…&from=…&to=…&after=…), as a route schema.
 * Empty values are what a form without JavaScript sends for "any": they mean no filter.
 */
export const filterQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    after: { type: 'string', maxLength: 80 },
    view: { type: 'string', enum: [...ADMIN_VIEWS] },
    stage: { type: 'string', enum: ['', ...STAGES] },
    product: { type: 'string', enum: ['', ...PRODUCT_VALUES] },
    language: { type: 'string', enum: ['', ...languages] },
    from: day,
    to: day,
    // "Select all" without JavaScript: the same page with every card ticked.
    select: { type: 'string', enum: ['all'] },
  },
} as const;

export interface FilterQuery {
  q?: string;
  after?: string;
  view?: EnquiryFilter['view'];
  stage?: string;
  product?: string;
  language?: LanguageCode | '';
  from?: string;
  to?: string;
  select?: 'all';
}

/** The filter an address asks for (the schema has refused what is not one). */
export function filterOf(query: FilterQuery): EnquiryFilter {
  const from = query.from || null;
  const to = query.to || null;
  return {
    view: query.view ?? 'inbox',
    query: query.q ?? '',
    stage: (query.stage || null) as EnquiryFilter['stage'],
    product: query.product || null,
    language: query.language || null,
    // From after To: the admin meant the range between them.
    ...(from && to && from > to ? { from: to, to: from } : { from, to }),
  };
}
