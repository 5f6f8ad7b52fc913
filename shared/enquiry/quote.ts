import { CATEGORY_SLUGS, isCategorySlug, type CategorySlug } from '../content/categories.js';

/** The quote details of a request for quotation (issue 11): product, quantity, material, drawings. */

export const PRODUCT_OTHER = 'other';
/** What the product field may hold: a category's slug or Other. */
export const PRODUCT_VALUES: readonly string[] = [...CATEGORY_SLUGS, PRODUCT_OTHER];

/** The products' current names, from the content. */
export type ProductNames = Record<CategorySlug, { name: string }>;

/** What the form's product field offers: each category by its current name, then Other (in the page's language). */
export function productChoices(products: ProductNames, other = 'Other'): { value: string; label: string }[] {
  return [
    ...CATEGORY_SLUGS.map((slug) => ({ value: slug, label: products[slug].name })),
    { value: PRODUCT_OTHER, label: other },
  ];
}

export function productLabel(value: string | null, products: ProductNames): string {
  if (value === PRODUCT_OTHER) return 'Other';
  return isCategorySlug(value) ? products[value].name : '';
}

/** The product a /contact?product=<slug> link preselects; an unknown slug is ignored. */
export function productFromQuery(value: string | null | undefined): CategorySlug | null {
  return isCategorySlug(value) ? value : null;
}

/** The query string of the contact page opened for a product (`?product=flanges`), from a request's query; '' for none. */
export function quoteSearch(query: unknown): string {
  const product = productFromQuery((query as { product?: unknown } | undefined)?.product as string | undefined);
  return product ? `?product=${product}` : '';
}

export const QUANTITY_UNITS = ['pieces', 'kg', 'tonnes'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];
export const MAX_QUANTITY = 10_000_000;

export const DRAWING_LIMITS = {
  files: 5,
  fileBytes: 10 * 1024 * 1024,
  totalBytes: 25 * 1024 * 1024,
} as const;

/** Accepted drawing formats, by what their content is (the server checks it), with the names they may carry. */
export const DRAWING_TYPES = {
  pdf: { label: 'PDF', extensions: ['pdf'], mime: 'application/pdf' },
  dwg: { label: 'DWG', extensions: ['dwg'], mime: 'image/vnd.dwg' },
  dxf: { label: 'DXF', extensions: ['dxf'], mime: 'image/vnd.dxf' },
  step: { label: 'STEP', extensions: ['step', 'stp'], mime: 'model/step' },
  iges: { label: 'IGES', extensions: ['iges', 'igs'], mime: 'model/iges' },
  jpeg: { label: 'JPEG', extensions: ['jpg', 'jpeg'], mime: 'image/jpeg' },
  png: { label: 'PNG', extensions: ['png'], mime: 'image/png' },
} as const;
export type DrawingType = keyof typeof DRAWING_TYPES;

export const DRAWING_ACCEPT = Object.values(DRAWING_TYPES)
  .flatMap((type) => type.extensions.map((extension) => `.${extension}`))
  .join(',');

/** A stored drawing as the admin sees it. */
export interface Drawing {
  id: number;
  name: string;
  size: number;
  type: DrawingType;
  sha256: string;
}

/** "2.4 MB", "830 KB": sizes as people read them. */
export function formatBytes(bytes: number, locale = 'en-GB'): string {
  // The site's own English without Intl (the same digits): its first use costs a page as it starts.
  const format = (value: number) =>
    locale === 'en-GB'
      ? String(value)
      : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return `${format(Number((bytes / (1024 * 1024)).toFixed(1)))} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}
