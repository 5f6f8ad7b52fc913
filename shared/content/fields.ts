/**
 * What each editable value is called and how long it may be: the site editor's labels, hints and
 * maxlength attributes, and the limits and messages of the content schema (schema.ts), from here
 * alone. No zod here, so the editor's JavaScript does not carry the validator.
 */

/** One piece of text. `paragraphs` is a multi-line text whose blank lines separate paragraphs. */
export interface TextField {
  kind: 'text' | 'paragraphs';
  label: string;
  hint?: string;
  max: number;
  /** May be left empty. */
  optional?: boolean;
  /** Checked beyond length: an e-mail address, an https:// address, a phone number, WhatsApp digits. */
  format?: 'email' | 'https' | 'phone' | 'digits';
}

/** A list of short texts, one per line in the form. */
export interface LinesField {
  kind: 'lines';
  label: string;
  hint?: string;
  /** One item, in messages ("key feature"). */
  item: string;
  min: number;
  max: number;
  itemMax: number;
  format?: TextField['format'];
}

/** A list of rows of a few texts each (specification rows, business hours): input pairs in the form. */
export interface RowsField {
  kind: 'rows';
  label: string;
  hint?: string;
  item: string;
  min: number;
  max: number;
  columns: Record<string, TextField>;
}

/**
 * A photo: a file input, its alt text (required once there is a photo) and "Remove". Without a
 * photo the page shows what `instead` says.
 */
export interface PhotoField {
  kind: 'photo';
  label: string;
  hint?: string;
  /** What the page shows without a photo ("the drawing"). */
  instead: string;
  /** Help for writing its alt text. */
  altHint: string;
  altMax: number;
}

export type Field = TextField | LinesField | RowsField | PhotoField;

const MAX_LIST_ITEMS = 12;

const text = (label: string, max: number, more: Partial<TextField> = {}): TextField => ({ kind: 'text', label, max, ...more });
const paragraphs = (label: string, max: number, more: Partial<TextField> = {}): TextField => ({ kind: 'paragraphs', label, max, ...more });
const photo = (label: string, instead: string, altHint: string, hint?: string): PhotoField => ({ kind: 'photo', label, instead, altHint, altMax: 200, hint });
const PHOTO_HINT = 'JPEG, PNG, WebP or AVIF, up to 15 MB and 40 megapixels.';
const PARAGRAPHS_HINT = 'Leave an empty line between paragraphs.';
const ONE_PER_LINE = 'One per line.';

export const COMPANY_FIELDS = {
  name: text('Company name', 120, { hint: 'As it appears in the header, the footer and search results.' }),
  logo: photo('Logo', 'the standard logo', 'Usually the company name, e.g. “Shree Ganesh Forgings logo”.', `${PHOTO_HINT} Shown 40 pixels high in the header and on the icons; a square logo on a plain or transparent background works best.`),
  shortName: text('Short name', 40, { optional: true, hint: 'Shown in the header on small screens. Leave empty to use the company name.' }),
  email: text('Contact e-mail address', 254, { format: 'email' }),
  phones: { kind: 'lines', label: 'Phone numbers', hint: 'One to three, one per line, with the country code. The first is the one the Call button dials.', item: 'phone number', min: 1, max: 3, itemMax: 30, format: 'phone' } satisfies LinesField,
  whatsappNumber: text('WhatsApp number', 15, { format: 'digits', hint: 'Digits only, with the country code, like 919876543210.' }),
  whatsappGreeting: text('WhatsApp greeting', 300, { hint: 'The message a buyer’s WhatsApp starts with.' }),
  address: { kind: 'lines', label: 'Postal address', hint: 'One line per line, ending with the town, state, PIN code and country.', item: 'address line', min: 1, max: 6, itemMax: 120 } satisfies LinesField,
  hours: {
    kind: 'rows',
    label: 'Business hours',
    hint: 'Days and hours, one row each. Leave a row empty to remove it.',
    item: 'row of business hours',
    min: 0,
    max: 7,
    columns: { days: text('Days', 60), hours: text('Hours', 60) },
  } satisfies RowsField,
  linkedin: text('LinkedIn', 300, { optional: true, format: 'https' }),
  facebook: text('Facebook', 300, { optional: true, format: 'https' }),
  instagram: text('Instagram', 300, { optional: true, format: 'https' }),
  youtube: text('YouTube', 300, { optional: true, format: 'https' }),
  x: text('X', 300, { optional: true, format: 'https' }),
  grievanceName: text('Name or role', 80, { hint: 'Named in the Privacy Policy, e.g. Grievance Officer.' }),
  grievanceEmail: text('E-mail address', 254, { format: 'email' }),
};

export const SLIDE_FIELDS = {
  title: text('Title', 80),
  subtitle: text('Subtitle', 80),
  description: text('Description', 300),
  button: text('Button label', 30),
  photo: photo('Background photo', 'the dark blue background', 'What the photo shows, e.g. “Closed-die forging press at work”.', `${PHOTO_HINT} Optional. Darkened behind the text; a wide photo works best.`),
};

export const CALL_TO_ACTION_FIELDS = {
  title: text('Title', 120),
  text: text('Text', 300),
  button: text('Button label', 30),
};

export const HOME_FIELDS = {
  summary: paragraphs('About summary', 1200, { hint: PARAGRAPHS_HINT }),
  highlights: { kind: 'lines', label: 'Highlights', hint: `${ONE_PER_LINE} Shown beside the summary, each with a tick.`, item: 'highlight', min: 1, max: 8, itemMax: 80 } satisfies LinesField,
};

export const ABOUT_FIELDS = {
  intro: text('Introduction', 200, { hint: 'The line under the page title.' }),
  story: paragraphs('Our story', 4000, { hint: PARAGRAPHS_HINT }),
  mission: paragraphs('Our mission', 600),
  vision: paragraphs('Our vision', 600),
};

export const VALUE_FIELDS = { title: text('Title', 40), description: text('Description', 300) };
export const LEADER_FIELDS = {
  name: text('Name', 80),
  position: text('Position', 80),
  description: paragraphs('Description', 600),
  photo: photo('Photo', 'an icon', 'Who it shows, e.g. “Rajesh Patel, Managing Director”.', `${PHOTO_HINT} Optional. Shown in a circle; a portrait works best.`),
};

export const PRODUCT_FIELDS = {
  name: text('Name', 60),
  photo: photo('Cover photo', 'the drawing', 'What the photo shows, e.g. “Forged weld-neck flanges stacked after machining”.', `${PHOTO_HINT} Optional. On the product card and its page, in a 3 : 2 frame.`),
  description: text('Short description', 300, { hint: 'On the product cards, under the page title and in search results.' }),
  intro: paragraphs('Introduction', 1200, { hint: PARAGRAPHS_HINT }),
  features: { kind: 'lines', label: 'Key features', hint: `${ONE_PER_LINE} 1 to ${MAX_LIST_ITEMS}.`, item: 'key feature', min: 1, max: MAX_LIST_ITEMS, itemMax: 200 } satisfies LinesField,
  specifications: {
    kind: 'rows',
    label: 'Technical specifications',
    hint: `A label and a value per row, 1 to ${MAX_LIST_ITEMS} rows. Leave a row empty to remove it.`,
    item: 'specification row',
    min: 1,
    max: MAX_LIST_ITEMS,
    columns: { label: text('Label', 60), value: text('Value', 300) },
  } satisfies RowsField,
  applications: { kind: 'lines', label: 'Applications', hint: `${ONE_PER_LINE} 1 to ${MAX_LIST_ITEMS}.`, item: 'application', min: 1, max: MAX_LIST_ITEMS, itemMax: 120 } satisfies LinesField,
  ctaTitle: text('Call to action: title', 120),
  ctaText: text('Call to action: text', 300),
};

export const CONTACT_FIELDS = {
  intro: text('Introduction', 300, { hint: 'The line under the Contact Us title.' }),
};

export const LEGAL_FIELDS = {
  privacy: paragraphs('Privacy Policy', 6000, { hint: `${PARAGRAPHS_HINT} The grievance contact set under Company is added at the end.` }),
  terms: paragraphs('Terms of Service', 6000, { hint: PARAGRAPHS_HINT }),
};

/** The note saved with a revision. */
export const NOTE_FIELD = text('Note', 200, { optional: true, hint: 'Optional: what you changed, for the history.' });
