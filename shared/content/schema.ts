import { z } from 'zod';
import { CATEGORY_SLUGS } from './category-slugs.js';
import {
  ABOUT_FIELDS, CALL_TO_ACTION_FIELDS, COMPANY_FIELDS, CONTACT_FIELDS, HOME_FIELDS, LEADER_FIELDS, LEGAL_FIELDS,
  PRODUCT_FIELDS, SLIDE_FIELDS, VALUE_FIELDS, type LinesField, type PhotoField, type RowsField, type TextField,
} from './fields.js';
import { PHOTO_ID } from './photo.js';

/**
 * The site's content: one typed document, validated by this one schema when the editor saves a
 * section, when a file is imported and when the server reads a revision. Types come from here.
 */

const lowerFirst = (label: string) => (/^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label);

const FORMATS = {
  email: { test: (value: string) => z.email().safeParse(value).success, message: () => 'Enter an e-mail address in the correct format, like name@example.com' },
  https: { test: (value: string) => /^https:\/\/[^\s/$.?#][^\s]*\.[^\s]+$/i.test(value) && URL.canParse(value), message: (label: string) => `Enter a web address for ${label} that starts with https://` },
  phone: { test: (value: string) => /^\+?[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length >= 6, message: () => 'Enter a phone number, like +91 98765 43210' },
  digits: { test: (value: string) => /^\d{6,15}$/.test(value), message: () => 'Enter digits only, with the country code, like 919876543210' },
} satisfies Record<NonNullable<TextField['format']>, unknown>;

function text(field: TextField) {
  const what = lowerFirst(field.label);
  let schema = z.string().trim().max(field.max, `${field.label} must be ${field.max} characters or fewer`);
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
  return z
    .array(checked)
    .min(field.min, `Enter at least ${field.min === 1 ? `one ${field.item}` : `${field.min} ${field.item}s`}`)
    .max(field.max, `Enter at most ${field.max} ${field.item}s`);
}

function rows<C extends Record<string, TextField>>(field: RowsField & { columns: C }) {
  const shape = Object.fromEntries(Object.entries(field.columns).map(([key, column]) => [key, text(column)])) as { [K in keyof C]: ReturnType<typeof text> };
  return z
    .array(z.object(shape).strict())
    .min(field.min, `Enter at least one ${field.item}`)
    .max(field.max, `Enter at most ${field.max} ${field.item}s`);
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
      alt: z.string().trim().min(1, `Enter the alt text of the ${what}`).max(field.altMax, `The alt text of the ${what} must be ${field.altMax} characters or fewer`),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      placeholder: z.string().max(4000).regex(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/),
    })
    .strict()
    .nullable()
    .default(null);
}

const slide = z.object({
  title: text(SLIDE_FIELDS.title),
  subtitle: text(SLIDE_FIELDS.subtitle),
  description: text(SLIDE_FIELDS.description),
  button: text(SLIDE_FIELDS.button),
  photo: photo(SLIDE_FIELDS.photo),
}).strict();

const value = z.object({ title: text(VALUE_FIELDS.title), description: text(VALUE_FIELDS.description) }).strict();
const leader = z.object({
  name: text(LEADER_FIELDS.name),
  position: text(LEADER_FIELDS.position),
  description: text(LEADER_FIELDS.description),
  photo: photo(LEADER_FIELDS.photo),
}).strict();

const companySchema = z.object({
  name: text(COMPANY_FIELDS.name),
  logo: photo(COMPANY_FIELDS.logo),
  shortName: text(COMPANY_FIELDS.shortName),
  email: text(COMPANY_FIELDS.email),
  phones: lines(COMPANY_FIELDS.phones),
  whatsapp: z.object({ number: text(COMPANY_FIELDS.whatsappNumber), greeting: text(COMPANY_FIELDS.whatsappGreeting) }).strict(),
  address: lines(COMPANY_FIELDS.address),
  hours: rows(COMPANY_FIELDS.hours),
  social: z.object({
    linkedin: text(COMPANY_FIELDS.linkedin),
    facebook: text(COMPANY_FIELDS.facebook),
    instagram: text(COMPANY_FIELDS.instagram),
    youtube: text(COMPANY_FIELDS.youtube),
    x: text(COMPANY_FIELDS.x),
  }).strict(),
  grievance: z.object({ name: text(COMPANY_FIELDS.grievanceName), email: text(COMPANY_FIELDS.grievanceEmail) }).strict(),
}).strict();

const homeSchema = z.object({
  slides: z.tuple([slide, slide, slide]),
  summary: text(HOME_FIELDS.summary),
  highlights: lines(HOME_FIELDS.highlights),
  cta: z.object({ title: text(CALL_TO_ACTION_FIELDS.title), text: text(CALL_TO_ACTION_FIELDS.text), button: text(CALL_TO_ACTION_FIELDS.button) }).strict(),
}).strict();

const aboutSchema = z.object({
  intro: text(ABOUT_FIELDS.intro),
  story: text(ABOUT_FIELDS.story),
  mission: text(ABOUT_FIELDS.mission),
  vision: text(ABOUT_FIELDS.vision),
  values: z.tuple([value, value, value, value]),
  leaders: z.tuple([leader, leader]),
}).strict();

const productSchema = z.object({
  name: text(PRODUCT_FIELDS.name),
  photo: photo(PRODUCT_FIELDS.photo),
  description: text(PRODUCT_FIELDS.description),
  intro: text(PRODUCT_FIELDS.intro),
  features: lines(PRODUCT_FIELDS.features),
  specifications: rows(PRODUCT_FIELDS.specifications),
  applications: lines(PRODUCT_FIELDS.applications),
  cta: z.object({ title: text(PRODUCT_FIELDS.ctaTitle), text: text(PRODUCT_FIELDS.ctaText) }).strict(),
}).strict();

const contactSchema = z.object({ intro: text(CONTACT_FIELDS.intro) }).strict();
const legalSchema = z.object({ privacy: text(LEGAL_FIELDS.privacy), terms: text(LEGAL_FIELDS.terms) }).strict();

export const siteContentSchema = z.object({
  company: companySchema,
  home: homeSchema,
  about: aboutSchema,
  products: z.object(Object.fromEntries(CATEGORY_SLUGS.map((slug) => [slug, productSchema])) as Record<(typeof CATEGORY_SLUGS)[number], typeof productSchema>).strict(),
  contact: contactSchema,
  legal: legalSchema,
}).strict();

export type SiteContent = z.infer<typeof siteContentSchema>;

const SECTION_SCHEMAS = { company: companySchema, home: homeSchema, about: aboutSchema, contact: contactSchema, legal: legalSchema };

/** The schema of one section of the site editor ('company' … or 'products/<slug>'). */
export function schemaOfSection(id: string): z.ZodType {
  return id.startsWith('products/') ? productSchema : SECTION_SCHEMAS[id as keyof typeof SECTION_SCHEMAS];
}
export type Company = SiteContent['company'];
export type ProductContent = z.infer<typeof productSchema>;
