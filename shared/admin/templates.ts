import type { SignedIn } from './session.js';
import { MAX_REPLY_LENGTH } from './reply.js';

/** A reply template the owner wrote on /admin/templates. */
export interface ReplyTemplate {
  id: number;
  name: string;
  subject: string;
  body: string;
}

/** The longest name, subject and text a template may have. */
export const TEMPLATE_LIMITS = { name: 100, subject: 200, body: MAX_REPLY_LENGTH } as const;

/** The placeholders a template may hold, and what each becomes in a reply. */
export const TEMPLATE_PLACEHOLDERS = {
  buyer: "the buyer's name",
  enquiry: 'the enquiry number (#58)',
  product: 'the product asked about',
  company: "your company's name",
} as const;

export type TemplateValues = Record<keyof typeof TEMPLATE_PLACEHOLDERS, string>;

/** The text with each {buyer}, {enquiry}, {product} and {company} replaced; any other brace left as written. */
export const fillTemplate = (text: string, values: TemplateValues): string =>
  text.replace(/\{(buyer|enquiry|product|company)\}/g, (_, name: keyof TemplateValues) => values[name]);

/** The query that opens an enquiry's page with a template's text in the reply form (without JavaScript). */
export const USE_TEMPLATE_QUERY = 'template';

/** /admin/templates: the templates, the one being edited (or a new one), and what was done or refused. */
export interface AdminTemplatesPage extends SignedIn {
  screen: 'templates';
  templates: ReplyTemplate[];
  /** The form's fields: a template being edited (its id), a new one (id 0), or one refused as typed. */
  editing: ReplyTemplate;
  /** The signature below every reply (the owner's, else made from the company's details). */
  signature: string;
  message: string | null;
  error: string | null;
}
