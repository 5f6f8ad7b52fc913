import { z } from 'zod';
import { CATEGORY_SLUGS } from './category-slugs.js';
import type { Group, LinesField, PdfField, PhotoField, Repeated, RowsField, Shape, TextField } from './fields.js';
import { countryCode } from './countries.js';
import { EMPTY_CAPABILITY, EMPTY_REGISTRATION } from './empty-records.js';
import { DEFAULT_ACKNOWLEDGEMENT } from './acknowledgement.js';
import { isCinOrUdyam, isGstin, isIec } from './identity.js';
import { PDF_LIMITS } from './pdf.js';
import { PHOTO_ID } from './photo.js';
import { ABOUT, CAPABILITY, COMPANY, CONTACT, HOME, LEGAL, PRODUCT } from './shape.js';

/**
 * The site's content: one typed document, validated by this one schema when the editor saves a
 * section, when a file is imported and when the server reads a revision. The schema is made from
 * the content's shape (shape.ts); the types come from the schema.
 */

const lowerFirst = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

const FORMATS = {
  email: {
    test: (value: string) => z.email().safeParse(value).success,
    message: () => 'Enter an e-mail address in the correct format, like name@example.com',
  },
  https: {
    test: (value: string) => /^https:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value) && URL.canParse(value),
    message: (label: string) => `Enter a web address for ${label} that starts with https://`,
  },
  phone: {
    test: (value: string) => /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6,
    message: () => 'Enter a phone number, like +91 98765 43210',
  },
  digits: {
    test: (value: string) => /^\d{6,15}$/.test(value),
    message: () => 'Enter digits only, with the country code, like 919876543210',
  },
  date: {
    test: (value: string) => {
      // Month 13 or day 32 make an invalid Date (toISOString would throw); 30 February another day.
      const day = new Date(`${value}T00:00:00Z`);
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
    },
    message: (label: string) => `Enter ${lowerFirst(label)} as a date, like 2027-03-31`,
  },
  year: {
    test: (value: string) => /^\d{4}$/.test(value) && Number(value) >= 1800 && Number(value) <= 2100,
    message: (label: string) => `Enter ${lowerFirst(label)} as a year, like 2021`,
  },
  number: {
    test: (value: string) => /^\d{1,3}(,?\d{3})*(\.\d+)?$/.test(value) && Number(value.replace(/,/g, '')) > 0,
    message: (label: string) => `Enter ${lowerFirst(label)} as a number, like 1600`,
  },
  count: {
    test: (value: string) => /^[1-9]\d{0,2}$/.test(value),
    message: (label: string) => `Enter ${lowerFirst(label)} as a whole number from 1 to 999`,
  },
  country: {
    test: (value: string) => countryCode(value) !== undefined,
    message: (label: string) => `Enter a country’s name in English for ${lowerFirst(label)}, like Germany`,
  },
  gstin: {
    test: isGstin,
    message: () => 'Enter the GSTIN as its 15 characters, like 24AAACB1234C1ZL: this one does not check out',
  },
  iec: {
    test: isIec,
    message: () => 'Enter the IEC as its 10 letters and digits',
  },
  'cin-udyam': {
    test: isCinOrUdyam,
    message: () => 'Enter a CIN like U28910GJ2021PTC123456, or an Udyam number like UDYAM-GJ-01-0012345',
  },
} satisfies Record<NonNullable<TextField['format']>, unknown>;

/** Registration numbers are written in capitals, whatever was typed. */
const CAPITALS: readonly TextField['format'][] = ['gstin', 'iec', 'cin-udyam'];

function text(field: TextField) {
  const what = lowerFirst(field.label);
  let schema = z.string().trim().max(field.max, `${field.label} must be ${field.max} characters or fewer`);
  if (CAPITALS.includes(field.format)) schema = schema.overwrite((value) => value.toUpperCase());
  if (!field.optional) schema = schema.min(1, `Enter the ${what}`);
  const format = field.format && FORMATS[field.format];
  return format ? schema.refine((value) => value === '' || format.test(value), format.message(field.label)) : schema;
}

function lines(field: LinesField) {
  const item = z
    .string()
    .trim()
    .min(1, `A ${field.item} cannot be empty`)
    .max(field.itemMax, `Each ${field.item} must be ${field.itemMax} characters or fewer`);
  const format = field.format && FORMATS[field.format];
  const checked = format ? item.refine(format.test, format.message(field.item)) : item;
  const list = z
    .array(checked)
    .min(field.min, `Enter at least ${field.min === 1 ? `one ${field.item}` : `${field.min} ${field.item}s`}`);
  return field.max === undefined ? list : list.max(field.max, `Enter at most ${field.max} ${field.item}s`);
}

function rows(field: RowsField) {
  const shape = Object.fromEntries(
    Object.entries(field.columns).map(([key, column]) => [
      key,
      column.kind === 'photo' ? photo(column) : column.kind === 'pdf' ? pdf(column) : text(column),
    ]),
  );
  const schema = z.array(z.object(shape).strict()).min(field.min, `Enter at least one ${field.item}`);
  return field.max === undefined ? schema : schema.max(field.max, `Enter at most ${field.max} ${field.item}s`);
}

/**
 * A photo, or null for none (also when a revision saved before photos existed has no key). Its size
 * and placeholder come from the uploaded file, never from a form.
 */
function photo(field: PhotoField) {
  const what = lowerFirst(field.label);
  return z
    .object({
      id: z.string().regex(PHOTO_ID, `The ${what} is not one uploaded to this site`),
      alt: z
        .string()
        .trim()
        .min(1, `Enter the alt text of the ${what}`)
        .max(field.altMax, `The alt text of the ${what} must be ${field.altMax} characters or fewer`),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      placeholder: z
        .string()
        .max(4000)
        .regex(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/),
    })
    .strict()
    .nullable()
    .default(null);
}

/**
 * A PDF, or null for none (also when a row saved before PDFs existed has no key). Its size comes
 * from the uploaded file, never from a form.
 */
function pdf(field: PdfField) {
  return z
    .object({
      id: z.string().regex(PHOTO_ID, `The ${lowerFirst(field.label)} is not one uploaded to this site`),
      bytes: z.number().int().positive().max(PDF_LIMITS.maxBytes),
    })
    .strict()
    .nullable()
    .default(null);
}

type ObjectSchema<S extends Shape> = z.ZodObject<{ -readonly [K in keyof S]: SchemaOf<S[K]> }, z.core.$strict>;
type TupleOf<T, N extends number, Items extends T[] = []> = Items['length'] extends N
  ? Items
  : TupleOf<T, N, [...Items, T]>;
type SchemaOf<P> = P extends TextField
  ? ReturnType<typeof text>
  : P extends LinesField
    ? ReturnType<typeof lines>
    : P extends RowsField
      ? z.ZodArray<
          z.ZodObject<
            {
              -readonly [K in keyof P['columns']]: P['columns'][K] extends PhotoField
                ? ReturnType<typeof photo>
                : P['columns'][K] extends PdfField
                  ? ReturnType<typeof pdf>
                  : ReturnType<typeof text>;
            },
            z.core.$strict
          >
        >
      : P extends PhotoField
        ? ReturnType<typeof photo>
        : P extends Group<infer S>
          ? ObjectSchema<S>
          : P extends Repeated<infer S, infer N>
            ? z.ZodTuple<TupleOf<ObjectSchema<S>, N>, null>
            : never;

/** The schema of a part of the shape: its keys in its order, each level a strict object, each repeated object a tuple. */
function objectOf<S extends Shape>(shape: S): ObjectSchema<S> {
  const schemaOf = (part: Shape[string]): z.ZodType => {
    switch (part.kind) {
      case 'group':
        return objectOf(part.shape);
      case 'repeated': {
        const item = objectOf(part.shape);
        return z.tuple(Array.from({ length: part.count }, () => item) as [typeof item]);
      }
      case 'lines':
        return lines(part);
      case 'rows':
        return rows(part);
      case 'photo':
        return photo(part);
      default:
        return text(part);
    }
  };
  return z
    .object(Object.fromEntries(Object.entries(shape).map(([key, part]) => [key, schemaOf(part)])))
    .strict() as ObjectSchema<S>;
}

const { registration: REGISTRATION, ...COMPANY_BEFORE_REGISTRATION } = COMPANY;
const registrationSchema = objectOf(REGISTRATION.shape);
const capabilitySchema = objectOf(CAPABILITY);

/**
 * Also what the server's configuration may seed the content with (server/site-content/site-config-schema.ts).
 * Content saved before the registration numbers and the capability records existed has neither:
 * they are read as empty.
 */
export const companySchema = objectOf(COMPANY_BEFORE_REGISTRATION).extend({
  registration: registrationSchema.default(() => structuredClone(EMPTY_REGISTRATION)),
});
const productSchema = objectOf(PRODUCT);
/** Content saved before the acknowledgement e-mail existed reads with its default text (so it is on). */
const { acknowledgement: ACKNOWLEDGEMENT, ...CONTACT_BEFORE_ACKNOWLEDGEMENT } = CONTACT;
const contactSchema = objectOf(CONTACT_BEFORE_ACKNOWLEDGEMENT).extend({
  acknowledgement: text(ACKNOWLEDGEMENT).default(DEFAULT_ACKNOWLEDGEMENT),
});

export const siteContentSchema = z
  .object({
    company: companySchema,
    home: objectOf(HOME),
    about: objectOf(ABOUT),
    products: z
      .object(
        Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, productSchema])) as Record<
          (typeof CATEGORY_SLUGS)[number],
          typeof productSchema
        >,
      )
      .strict(),
    capability: capabilitySchema.default(() => structuredClone(EMPTY_CAPABILITY)),
    contact: contactSchema,
    legal: objectOf(LEGAL),
  })
  .strict();

export type SiteContent = z.infer<typeof siteContentSchema>;

/** The schema of one section of the site editor ('company' … or 'products/<slug>'). */
export function schemaOfSection(id: string): z.ZodType {
  return id.startsWith('products/')
    ? productSchema
    : siteContentSchema.shape[id as Exclude<keyof SiteContent, 'products'>];
}
export type Company = SiteContent['company'];
export type Capability = SiteContent['capability'];
export type ProductContent = z.infer<typeof productSchema>;
