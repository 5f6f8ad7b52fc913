import * as z from 'zod/mini';

/** Limits the spec leaves open; the form's maxLength attributes use the same numbers. */
export const ENQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phoneMin: 6,
  phoneMax: 20,
  subject: 150,
  message: 5000,
} as const;

export const ENQUIRY_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type EnquiryField = (typeof ENQUIRY_FIELDS)[number];

/** What the visitor typed, as typed (the form's state). */
export type EnquiryFormValues = Record<EnquiryField, string>;
export type EnquiryFieldErrors = Partial<Record<EnquiryField, string>>;

/** A valid enquiry, trimmed; an empty e-mail becomes null. */
export interface EnquiryInput {
  name: string;
  email: string | null;
  phone: string;
  subject: string;
  message: string;
}

export const FIELD_LABELS: Record<EnquiryField, string> = {
  name: 'Full Name',
  email: 'Email Address',
  phone: 'Phone Number',
  subject: 'Subject',
  message: 'Message',
};

export const emptyEnquiryForm: EnquiryFormValues = { name: '', email: '', phone: '', subject: '', message: '' };

const PHONE_CHARACTERS = /^[0-9 +()-]+$/;
const emailFormat = z.email();

function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong));
}

const enquirySchema = z.object({
  name: requiredText(
    'Please enter your full name.',
    ENQUIRY_LIMITS.name,
    `Full name must be ${ENQUIRY_LIMITS.name} characters or fewer.`,
  ),
  email: z.pipe(
    z
      .string({ error: 'Please enter a valid email address, or leave it empty.' })
      .check(
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
});

export type EnquiryValidation =
  | { ok: true; enquiry: EnquiryInput }
  | { ok: false; errors: EnquiryFieldErrors; values: EnquiryFormValues };

/** Form values as strings for re-display; anything that is not a string shows as empty. */
export function formValuesOf(body: unknown): EnquiryFormValues {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values = { ...emptyEnquiryForm };
  for (const field of ENQUIRY_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') values[field] = value;
  }
  return values;
}

/** Validates a submitted body (urlencoded or JSON): one schema for the browser and the server. */
export function validateEnquiry(body: unknown): EnquiryValidation {
  const source = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const candidate = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, source[field] ?? '']));
  const result = enquirySchema.safeParse(candidate);
  if (result.success) return { ok: true, enquiry: result.data };
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
export const FORM_NAME = 'contact';

export const SUCCESS_MESSAGE = 'Thank you for contacting us! We will get back to you soon.';

/** The answer when a valid enquiry could not be stored (disk full, database locked): 503. */
export function storageFailureMessage(email: string): string {
  return `We could not save your enquiry just now. Nothing was lost on your side: please send it again in a minute, or e-mail us at ${email}.`;
}

export function failureMessage(email: string): string {
  return `Oops! There was an error submitting the form. Please try again or email us directly at ${email}`;
}
