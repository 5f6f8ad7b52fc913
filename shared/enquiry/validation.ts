import * as z from 'zod/mini';
import { MAX_QUANTITY, PRODUCT_VALUES, QUANTITY_UNITS, type QuantityUnit } from './quote.js';

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
export const ENQUIRY_FIELDS = [...SPEC_FIELDS, ...QUOTE_FIELDS] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** What the visitor typed, as typed (the form's state). */
export type EnquiryFormValues = Record<EnquiryField, string>;
/** Errors by field; `drawings` is the file input, which has no value to keep. */
export type EnquiryFieldErrors = Partial<Record<EnquiryField | 'drawings', string>>;

export const FIELD_LABELS: Record<EnquiryField, string> = {
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  subject: 'Subject',
  message: 'Message',
  product: 'Product',
  company: 'Company',
  country: 'Country',
  quantity: 'Quantity',
  unit: 'Unit',
  material: 'Material grade',
};

export const emptyEnquiryForm: EnquiryFormValues = Object.fromEntries(
  ENQUIRY_FIELDS.map((field) => [field, field === 'unit' ? QUANTITY_UNITS[0] : '']),
) as EnquiryFormValues;

const PHONE_CHARACTERS = /^[0-9 +()-]+$/;
const emailFormat = z.email();

function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));
}

/** Optional text: trimmed, empty becomes null. */
function optionalText(label: string, max: number) {
  return z.pipe(
    z.string().check(z.trim(), z.maxLength(max, `${label} must be ${max} characters or fewer.`)),
    z.transform((value: string) => (value === '' ? null : value)),
  );
}

const productValues = new Set(PRODUCT_VALUES);
/** Written when first needed: formatting a number in a locale sets up Intl, a long task on a phone's first load. */
const quantityMessage = () =>
  `Please enter a quantity greater than 0 and up to ${MAX_QUANTITY.toLocaleString('en-IN')}, or leave it empty.`;

const enquirySchema = z.object({
  name: requiredText(
    'Please enter your full name.',
    ENQUIRY_LIMITS.name,
    `Full name must be ${ENQUIRY_LIMITS.name} characters or fewer.`,
  ),
  email: z.pipe(
    z.string({ error: 'Please enter a valid email address, or leave it empty.' }).check(
      z.trim(),
      z.maxLength(ENQUIRY_LIMITS.email, `Email address must be ${ENQUIRY_LIMITS.email} characters or fewer.`),
      z.refine((value) => value === '' || emailFormat.safeParse(value).success, {
        message: 'Please enter a valid email address, such as name@company.com, or leave it empty.',
      }),
    ),
    z.transform((value: string) => (value === '' ? null : value)),
  ),
  phone: z.string({ error: 'Please enter your phone number.' }).check(
    z.trim(),
    z.minLength(1, 'Please enter your phone number.'),
    z.refine(
      (value) =>
        value.length >= ENQUIRY_LIMITS.phoneMin &&
        value.length <= ENQUIRY_LIMITS.phoneMax &&
        PHONE_CHARACTERS.test(value) &&
        (value.match(/\d/g)?.length ?? 0) >= ENQUIRY_LIMITS.phoneMin,
      {
        message: `Please enter a phone number of ${ENQUIRY_LIMITS.phoneMin} to ${ENQUIRY_LIMITS.phoneMax} characters, using digits, spaces, +, ( ) or -.`,
        abort: true,
      },
    ),
  ),
  subject: requiredText(
    'Please enter a subject.',
    ENQUIRY_LIMITS.subject,
    `Subject must be ${ENQUIRY_LIMITS.subject} characters or fewer.`,
  ),
  message: requiredText(
    'Please enter your message.',
    ENQUIRY_LIMITS.message,
    `Message must be ${ENQUIRY_LIMITS.message} characters or fewer.`,
  ),
  product: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || productValues.has(value), {
        message: 'Please choose a product from the list.',
      }),
    ),
    z.transform((value: string) => (value === '' ? null : value)),
  ),
  company: optionalText('Company', ENQUIRY_LIMITS.company),
  country: optionalText('Country', ENQUIRY_LIMITS.country),
  quantity: z.pipe(
    z.string().check(
      z.trim(),
      z.refine(
        (value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= MAX_QUANTITY),
        { error: quantityMessage },
      ),
    ),
    z.transform((value: string) => (value === '' ? null : Number(value))),
  ),
  unit: z.string().check(
    z.refine((value) => (QUANTITY_UNITS as readonly string[]).includes(value), {
      message: 'Please choose pieces, kg or tonnes.',
    }),
  ),
  material: optionalText('Material grade', ENQUIRY_LIMITS.material),
});

/** A valid enquiry, trimmed; empty optional fields are null; the unit only with a quantity. */
export type EnquiryInput = Omit<z.output<typeof enquirySchema>, 'unit'> & { unit: QuantityUnit | null };

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

/** Validates a submitted body (urlencoded or JSON): one schema for the browser and the server. */
export function validateEnquiry(body: unknown): EnquiryValidation {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const candidate: Record<string, unknown> = { ...emptyEnquiryForm };
  for (const field of ENQUIRY_FIELDS) {
    const value = source[field];
    if (value !== undefined && value !== null) candidate[field] = typeof value === 'number' ? String(value) : value;
  }
  const result = enquirySchema.safeParse(candidate);
  if (result.success) {
    const { unit, ...rest } = result.data;
    return { ok: true, enquiry: { ...rest, unit: rest.quantity === null ? null : (unit as QuantityUnit) } };
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
