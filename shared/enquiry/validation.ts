import * as z from 'zod/mini';
import { MAX_QUANTITY, PRODUCT_VALUES, QUANTITY_UNITS, type QuantityUnit } from './quote.js';
import { CERTIFICATES, INCOTERMS, INSPECTIONS, TERMS_LIMITS } from '../quotations/request-terms.js';
import { CURRENCIES, CURRENCY_CODES, parseScaled, type Currency } from '../quotations/money.js';
import { SOURCE_FIELDS, SOURCE_LIMITS, SOURCE_PAGE_FIELD, type LeadSource } from './lead-source.js';
import type { Catalogue } from '../i18n/catalogue.js';

/** Limits the spec leaves open; the form's maxLength attributes use the same numbers. */
export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phoneMin: 6,
  phoneMax: 20,
  subject: 150,
  message: 5000,
  company: 150,
  country: 100,
  material: 100,
} as const;

/** The spec's five fields, then the optional quote details. */
export const SPEC_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export const QUOTE_FIELDS = ['product', 'company', 'country', 'quantity', 'unit', 'material'] as const;
/** The commercial terms of a request (issue 39), stored in the columns of their names (migration 38). */
export const TERMS_FIELDS = ['treatment', 'incoterm', 'place', 'deadline', 'certificate'] as const;
/** What else a quotation needs (issue 39, migration 46): the annual quantity (in the unit), a target price, inspection. */
export const NEEDS_FIELDS = ['annual', 'price', 'currency', 'inspection', 'inspector'] as const;
export const ENQUIRY_FIELDS = [...SPEC_FIELDS, ...QUOTE_FIELDS, ...TERMS_FIELDS, ...NEEDS_FIELDS] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** What the visitor typed, as typed (the form's state). */
export type EnquiryFormValues = Record<EnquiryField, string>;
/** Errors by field; `drawings` is the file input, which has no value to keep. */
export type EnquiryFieldErrors = Partial<Record<EnquiryField | 'drawings', string>>;

/** The selects that always hold a choice: stored only with the quantity or price they qualify. */
const FIELD_DEFAULTS: Partial<EnquiryFormValues> = { unit: QUANTITY_UNITS[0], currency: 'USD' };

export const emptyEnquiryForm: EnquiryFormValues = Object.fromEntries(
  ENQUIRY_FIELDS.map((field) => [field, FIELD_DEFAULTS[field] ?? '']),
) as EnquiryFormValues;

const PHONE_CHARACTERS = /^[0-9 +()-]+$/;
const emailFormat = z.email();
/** Whether a text is an e-mail address (the format alone; each form sets its own length). */
export const isEmailAddress = (value: string): boolean => emailFormat.safeParse(value).success;

/** The validation messages of one language (its catalogue's `validation`). */
export type ValidationTexts = Catalogue['validation'];

function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));
}

/** Optional text: trimmed, empty becomes null. */
function optionalText(max: number, tooLong: string) {
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(max, tooLong)),
    z.transform((value: string) => (value === '' ? null : value)),
  );
}

/** Optional choice of a list: empty becomes null. */
function optionalChoice(values: readonly string[], message: string) {
  return z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || values.includes(value), { message }),
    ),
    z.transform((value: string) => (value === '' ? null : value)),
  );
}

/** A YYYY-MM-DD date that exists. */
function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d\d-\d\d$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const productValues = new Set(PRODUCT_VALUES);

/** An optional quantity (per order or a year): a positive number up to MAX_QUANTITY. */
function optionalQuantity(texts: ValidationTexts) {
  return z.pipe(
    z.string().check(
      z.trim(),
      z.refine(
        (value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= MAX_QUANTITY),
        // Written when first needed: formatting a number in a locale sets up Intl, a long task on a phone's first load.
        { error: () => texts.quantity(MAX_QUANTITY) },
      ),
    ),
    z.transform((value: string) => (value === '' ? null : Number(value))),
  );
}

/** An optional price as typed ("1,250.50"), in minor units (integer paise or cents), never through floating point. */
function optionalPrice(message: string) {
  const digits = CURRENCIES.USD.digits;
  return z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || (parseScaled(value, digits) ?? 0n) > 0n, { message }),
    ),
    z.transform((value: string) => (value === '' ? null : Number(parseScaled(value, digits)))),
  );
}

/** The enquiry's schema with the messages of one language. */
function schemaIn(texts: ValidationTexts) {
  const tooLong = (field: keyof ValidationTexts['fieldNames'], max: number) =>
    texts.tooLong(texts.fieldNames[field], max);
  return z.object({
    name: requiredText(texts.name, ENQUIRY_LIMITS.name, tooLong('name', ENQUIRY_LIMITS.name)),
    email: z.pipe(
      z.string({ error: texts.email }).check(
        z.trim(),
        z.maxLength(ENQUIRY_LIMITS.email, tooLong('email', ENQUIRY_LIMITS.email)),
        z.refine((value) => value === '' || emailFormat.safeParse(value).success, { message: texts.email }),
      ),
      z.transform((value: string) => (value === '' ? null : value)),
    ),
    phone: z.string({ error: texts.phone }).check(
      z.trim(),
      z.minLength(1, texts.phone),
      z.refine(
        (value) =>
          value.length >= ENQUIRY_LIMITS.phoneMin &&
          value.length <= ENQUIRY_LIMITS.phoneMax &&
          PHONE_CHARACTERS.test(value) &&
          (value.match(/\d/g)?.length ?? 0) >= ENQUIRY_LIMITS.phoneMin,
        { message: texts.phoneFormat(ENQUIRY_LIMITS.phoneMin, ENQUIRY_LIMITS.phoneMax), abort: true },
      ),
    ),
    subject: requiredText(texts.subject, ENQUIRY_LIMITS.subject, tooLong('subject', ENQUIRY_LIMITS.subject)),
    message: requiredText(texts.message, ENQUIRY_LIMITS.message, tooLong('message', ENQUIRY_LIMITS.message)),
    product: z.pipe(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || productValues.has(value), { message: texts.product }),
      ),
      z.transform((value: string) => (value === '' ? null : value)),
    ),
    company: optionalText(ENQUIRY_LIMITS.company, tooLong('company', ENQUIRY_LIMITS.company)),
    country: optionalText(ENQUIRY_LIMITS.country, tooLong('country', ENQUIRY_LIMITS.country)),
    quantity: optionalQuantity(texts),
    unit: z
      .string()
      .check(z.refine((value) => (QUANTITY_UNITS as readonly string[]).includes(value), { message: texts.unit })),
    material: optionalText(ENQUIRY_LIMITS.material, tooLong('material', ENQUIRY_LIMITS.material)),
    treatment: optionalText(TERMS_LIMITS.treatment, tooLong('treatment', TERMS_LIMITS.treatment)),
    incoterm: optionalChoice(INCOTERMS, texts.incoterm),
    place: optionalText(TERMS_LIMITS.place, tooLong('place', TERMS_LIMITS.place)),
    deadline: z.pipe(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || isCalendarDate(value), { message: texts.deadline }),
      ),
      z.transform((value: string) => (value === '' ? null : value)),
    ),
    certificate: optionalChoice(CERTIFICATES, texts.certificate),
    annual: optionalQuantity(texts),
    price: optionalPrice(texts.price),
    currency: z
      .string()
      .check(z.refine((value) => (CURRENCY_CODES as string[]).includes(value), { message: texts.currency })),
    inspection: optionalChoice(INSPECTIONS, texts.inspection),
    inspector: optionalText(TERMS_LIMITS.inspector, tooLong('inspector', TERMS_LIMITS.inspector)),
  });
}

/** Each language's schema, made once. */
const schemas = new WeakMap<ValidationTexts, ReturnType<typeof schemaIn>>();

/** A valid enquiry, trimmed; empty optional fields are null; the unit only with a quantity, the currency only with a price. */
export type EnquiryInput = Omit<z.output<ReturnType<typeof schemaIn>>, 'unit' | 'currency'> & {
  unit: QuantityUnit | null;
  currency: Currency | null;
};

export type EnquiryValidation =
  { ok: true; enquiry: EnquiryInput } | { ok: false; errors: EnquiryFieldErrors; values: EnquiryFormValues };

/** Form values as strings for re-display; anything that is not a string shows as empty. */
export function formValuesOf(body: unknown): EnquiryFormValues {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values = { ...emptyEnquiryForm };
  for (const field of ENQUIRY_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') values[field] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[field] = String(value);
  }
  return values;
}

/**
 * Validates a submitted body (urlencoded or JSON): one schema for the browser and the server, its messages in
 * the language of the form's page.
 */
export function validateEnquiry(body: unknown, texts: ValidationTexts): EnquiryValidation {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const candidate: Record<string, unknown> = { ...emptyEnquiryForm };
  for (const field of ENQUIRY_FIELDS) {
    const value = source[field];
    if (value !== undefined && value !== null) candidate[field] = typeof value === 'number' ? String(value) : value;
  }
  let schema = schemas.get(texts);
  if (!schema) schemas.set(texts, (schema = schemaIn(texts)));
  const result = schema.safeParse(candidate);
  if (result.success) {
    const { unit, currency, ...rest } = result.data;
    const quantified = rest.quantity !== null || rest.annual !== null;
    return {
      ok: true,
      enquiry: {
        ...rest,
        unit: quantified ? (unit as QuantityUnit) : null,
        currency: rest.price === null ? null : (currency as Currency),
      },
    };
  }
  const errors: EnquiryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EnquiryField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values: formValuesOf(body) };
}

/** Names of the anti-spam fields the form carries. */
export const HONEYPOT_FIELD = 'bot-field';
export const FORM_NAME_FIELD = 'form-name';
/** The signed, timestamped token of the form (server/enquiries/form-token.ts). */
export const FORM_TOKEN_FIELD = 'form_token';
export const FORM_NAME = 'contact';

// Where the lead came from (lead-source.ts): hidden fields the buyer never sees, so a value outside
// these rules is dropped, never an error. Each is cut to its length; nothing of it is trusted later
// (React escapes it where the admin sees it).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
const HOST_NAME = /^(?=[^:]{1,253}(:|$))[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/** A path on this site (with its query): starts with one slash, stays on the same origin. */
function landingOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim().slice(0, SOURCE_LIMITS.landing);
  if (!path.startsWith('/') || CONTROL_CHARACTERS.test(path) || /[\s\\]/.test(path)) return null;
  try {
    return new URL(path, 'http://site.invalid').origin === 'http://site.invalid' ? path : null;
  } catch {
    return null;
  }
}

/** A host name (with a port), nothing else: no scheme, path or user. */
function referrerOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const host = value.trim().toLowerCase();
  return HOST_NAME.test(host) ? host : null;
}

/** A campaign value: trimmed, cut to 100 characters; empty or with control characters is none. */
function utmOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, SOURCE_LIMITS.utm).trim();
  return text === '' || CONTROL_CHARACTERS.test(text) ? null : text;
}

/** The landing page's campaign values, when its address has them. */
function utmInLanding(landing: string | null): Partial<Record<'utmSource' | 'utmMedium' | 'utmCampaign', unknown>> {
  if (landing === null) return {};
  const query = new URL(landing, 'http://site.invalid').searchParams;
  return {
    utmSource: query.get('utm_source'),
    utmMedium: query.get('utm_medium'),
    utmCampaign: query.get('utm_campaign'),
  };
}

/**
 * The form page's Referer as the server rendered it into the form without JavaScript
 * (encodeSourcePage): "<landing path> <referrer host>", URI-encoded; either may be empty.
 */
function sourcePageOf(value: unknown): Partial<Record<'landing' | 'referrer', unknown>> {
  if (!isSourcePage(value)) return {};
  try {
    const [landing, referrer] = decodeURIComponent(value).split(' ');
    return { landing, referrer };
  } catch {
    return {};
  }
}

/** A value encodeSourcePage could have made: safe to put back in a page as it is. */
export function isSourcePage(value: unknown): value is string {
  return typeof value === 'string' && /^[\w.!~*()%-]{1,2000}$/.test(value);
}

/** The one way a form page's source is written into it (the server, from the Referer of its GET). */
export function encodeSourcePage(landing: string, referrer: string): string {
  return encodeURIComponent(`${landing} ${referrer}`).replace(/'/g, '%27');
}

/**
 * Where the lead came from, as sent with the enquiry: the fields the enhanced form sends (from the
 * tab's first page); else, without JavaScript, what the server read from the form page's Referer.
 * The campaign's values come from the landing page's address when not sent on their own.
 */
export function leadSourceOf(body: unknown): LeadSource {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const sent = Object.fromEntries(Object.entries(SOURCE_FIELDS).map(([key, field]) => [key, source[field]])) as Record<
    keyof LeadSource,
    unknown
  >;
  const fromForm = Object.values(sent).some((value) => typeof value === 'string' && value.trim() !== '');
  const given = fromForm ? sent : { ...sent, ...sourcePageOf(source[SOURCE_PAGE_FIELD]) };
  const landing = landingOf(given.landing);
  const inLanding = utmInLanding(landing);
  return {
    landing,
    referrer: referrerOf(given.referrer),
    utmSource: utmOf(given.utmSource) ?? utmOf(inLanding.utmSource),
    utmMedium: utmOf(given.utmMedium) ?? utmOf(inLanding.utmMedium),
    utmCampaign: utmOf(given.utmCampaign) ?? utmOf(inLanding.utmCampaign),
  };
}
