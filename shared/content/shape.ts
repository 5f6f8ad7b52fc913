import { SLIDE_TARGETS } from '../slide-targets.js';
import {
  group,
  paragraphs,
  pdf,
  photo,
  repeated,
  rows,
  text,
  together,
  type LinesField,
  type RowsField,
} from './fields.js';
import { PDF_LIMITS } from './pdf.js';
import { ACKNOWLEDGEMENT_PLACEHOLDERS } from './acknowledgement.js';

/**
 * The shape of the site's content, written once: each section's keys in order, how they nest, and
 * each value's label, hint and limits. The content schema (schema.ts) and so its types, and the site
 * editor's forms (sections.ts: form names are paths in this shape, groups are fieldsets), are made
 * from it. No zod here (see fields.ts).
 */

const PHOTO_HINT = 'JPEG, PNG, WebP or AVIF, up to 15 MB and 40 megapixels.';
const PDF_HINT = `A PDF, up to ${PDF_LIMITS.maxBytes / (1024 * 1024)} MB, e.g. the one the certifying body sent. Buyers can download it from the Infrastructure page.`;
const PARAGRAPHS_HINT = 'Leave an empty line between paragraphs.';

const socialLink = (label: string) => text(label, 300, { optional: true, format: 'https' });

export const COMPANY = {
  name: text('Company name', 120, { hint: 'As it appears in the header, the footer and search results.' }),
  logo: photo(
    'Logo',
    'the standard logo',
    'Usually the company name, e.g. “Shree Ganesh Forgings logo”.',
    `${PHOTO_HINT} Shown 40 pixels high in the header and on the icons; a square logo on a plain or transparent background works best.`,
  ),
  shortName: text('Short name', 40, {
    optional: true,
    hint: 'Shown in the header on small screens. Leave empty to use the company name.',
  }),
  email: text('Contact e-mail address', 254, { format: 'email' }),
  phones: {
    kind: 'lines',
    label: 'Phone numbers',
    hint: 'One to three, with the country code. The first is the one the Call button dials.',
    item: 'phone number',
    min: 1,
    max: 3,
    itemMax: 30,
    format: 'phone',
  } satisfies LinesField,
  whatsapp: group('WhatsApp', {
    number: text('WhatsApp number', 15, {
      format: 'digits',
      hint: 'Digits only, with the country code, like 919876543210.',
    }),
    greeting: text('WhatsApp greeting', 300, { hint: 'The message a buyer’s WhatsApp starts with.' }),
  }),
  address: {
    kind: 'lines',
    label: 'Postal address',
    hint: 'A line each, the last ones the town, state, PIN code and country.',
    item: 'address line',
    min: 1,
    max: 6,
    itemMax: 120,
  } satisfies LinesField,
  hours: {
    kind: 'rows',
    label: 'Business hours',
    hint: 'Days and hours, one row each.',
    item: 'row of business hours',
    min: 0,
    max: 7,
    columns: { days: text('Days', 60), hours: text('Hours', 60) },
  } satisfies RowsField,
  // The same networks, in the same order, as SOCIAL_NETWORKS (company.ts).
  social: group(
    'Social links',
    {
      linkedin: socialLink('LinkedIn'),
      facebook: socialLink('Facebook'),
      instagram: socialLink('Instagram'),
      youtube: socialLink('YouTube'),
      x: socialLink('X'),
    },
    'The address of each profile, starting with https://. Leave empty for none.',
  ),
  registration: group(
    'Registration',
    {
      legalName: text('Legal name', 160, {
        optional: true,
        hint: 'As registered, e.g. “Shree Ganesh Forgings Private Limited”.',
      }),
      gstin: text('GSTIN', 15, { optional: true, format: 'gstin', hint: '15 characters, like 24AAACB1234C1ZL.' }),
      iec: text('IEC (Importer-Exporter Code)', 10, { optional: true, format: 'iec', hint: '10 characters.' }),
      cin: text('CIN or Udyam number', 21, {
        optional: true,
        format: 'cin-udyam',
        hint: 'A CIN like U28910GJ2021PTC123456, or an Udyam number like UDYAM-GJ-01-0012345.',
      }),
      established: text('Year established', 4, { optional: true, format: 'year' }),
    },
    'Only what you fill in is shown. The legal name, GSTIN, IEC and CIN or Udyam number are shown in the footer of every page and on the Contact Us page; all of them, with the year, on the About Us and Infrastructure pages and in the capability statement.',
  ),
  grievance: group(
    'Privacy requests and grievances',
    {
      name: text('Name or role', 80, { hint: 'Named in the Privacy Policy, e.g. Grievance Officer.' }),
      email: text('E-mail address', 254, { format: 'email' }),
    },
    'Who answers requests about personal data and grievances (India’s DPDP Act).',
  ),
};

const SLIDE = {
  title: text('Title', 80),
  subtitle: text('Subtitle', 80),
  description: text('Description', 300),
  button: text('Button label', 30),
  photo: photo(
    'Background photo',
    'the dark blue background',
    'What the photo shows, e.g. “Closed-die forging press at work”.',
    `${PHOTO_HINT} Optional. Darkened behind the text; a wide photo works best.`,
  ),
};

export const HOME = {
  slides: repeated(SLIDE, SLIDE_TARGETS.length, (index) => ({
    legend: `Slide ${index + 1}`,
    hint: `Its button opens ${SLIDE_TARGETS[index]!.label}.`,
  })),
  ...together(
    { legend: 'About' },
    {
      summary: paragraphs('About summary', 1200, { hint: PARAGRAPHS_HINT }),
      highlights: {
        kind: 'lines',
        label: 'Highlights',
        hint: 'Shown beside the summary, each with a tick.',
        item: 'highlight',
        min: 1,
        max: 8,
        itemMax: 80,
      } satisfies LinesField,
    },
  ),
  cta: group(
    'Closing call to action',
    { title: text('Title', 120), text: text('Text', 300), button: text('Button label', 30) },
    'Its button opens Contact Us.',
  ),
};

const VALUE_NAMES = ['first', 'second', 'third', 'fourth'] as const;
const LEADER = {
  name: text('Name', 80),
  position: text('Position', 80),
  description: paragraphs('Description', 600),
  photo: photo(
    'Photo',
    'an icon',
    'Who it shows, e.g. “Rajesh Patel, Managing Director”.',
    `${PHOTO_HINT} Optional. Shown in a circle; a portrait works best.`,
  ),
};

export const ABOUT = {
  intro: text('Introduction', 200, { hint: 'The line under the page title.' }),
  story: paragraphs('Our story', 4000, { hint: PARAGRAPHS_HINT }),
  mission: paragraphs('Our mission', 600),
  vision: paragraphs('Our vision', 600),
  values: repeated(
    { title: text('Title', 40), description: text('Description', 300) },
    VALUE_NAMES.length,
    (index) => ({ legend: `Core value: ${VALUE_NAMES[index]}` }),
  ),
  leaders: repeated(LEADER, 2, (index) => ({ legend: `Leader ${index + 1}` })),
};

/** The shape of each product's section. */
export const PRODUCT = {
  name: text('Name', 60),
  photo: photo(
    'Cover photo',
    'the drawing',
    'What the photo shows, e.g. “Forged weld-neck flanges stacked after machining”.',
    `${PHOTO_HINT} Optional. On the product card and its page, in a 3 : 2 frame.`,
  ),
  description: text('Short description', 300, {
    hint: 'On the product cards, under the page title and in search results.',
  }),
  intro: paragraphs('Introduction', 1200, { hint: PARAGRAPHS_HINT }),
  features: {
    kind: 'lines',
    label: 'Key features',
    hint: 'At least one.',
    item: 'key feature',
    min: 1,
    itemMax: 200,
  } satisfies LinesField,
  specifications: {
    kind: 'rows',
    label: 'Technical specifications',
    hint: 'A label and a value per row, at least one row.',
    item: 'specification row',
    min: 1,
    columns: { label: text('Label', 60), value: text('Value', 300) },
  } satisfies RowsField,
  applications: {
    kind: 'lines',
    label: 'Applications',
    hint: 'At least one.',
    item: 'application',
    min: 1,
    itemMax: 120,
  } satisfies LinesField,
  cta: group(
    'Call to action',
    { title: text('Call to action: title', 120), text: text('Call to action: text', 300) },
    'Its button is Request a Quote.',
  ),
};

/**
 * What proves the plant's capability: certificates, machines, capacity, materials and standards,
 * export markets and case studies. Empty until the owner fills it in (nothing made-up ships as fact);
 * shown on the Infrastructure page, in strips on Home and About, and in the capability statement.
 */
export const CAPABILITY = {
  certificates: rows(
    'Certificates',
    'certificate',
    {
      name: text('Certificate', 80, { hint: 'E.g. ISO 9001:2015.' }),
      number: text('Certificate number', 60),
      scope: text('Scope', 300, { hint: 'As the certificate words it.' }),
      certifier: text('Certifying body', 120),
      accreditation: text('Accreditation', 120, { optional: true, hint: 'E.g. accredited by NABCB or UKAS.' }),
      validUntil: text('Valid until', 10, {
        format: 'date',
        hint: 'After this day the certificate is no longer shown; the admin warns 30 days before.',
      }),
      photo: photo(
        'Photo of the certificate',
        'the text alone',
        'E.g. “ISO 9001:2015 certificate issued by TÜV”.',
        PHOTO_HINT,
      ),
      pdf: pdf('PDF of the certificate', PDF_HINT),
    },
    {
      hint: 'Each with its number, scope, certifying body and expiry, and a photo or PDF of it if you have one.',
    },
  ),
  machines: rows(
    'Plant and machines',
    'machine',
    {
      name: text('Machine', 100, { hint: 'Its name or type, e.g. Friction screw press, CNC turning centre.' }),
      make: text('Make', 80, { optional: true }),
      capacity: text('Capacity', 12, { optional: true, format: 'number', hint: 'A number, e.g. 1600.' }),
      unit: text('Unit', 30, { optional: true, hint: 'E.g. tonnes, mm Ø.' }),
      count: text('How many', 3, { optional: true, format: 'count' }),
      photo: photo('Photo of the machine', 'the text alone', 'E.g. “1,600-tonne friction screw press”.', PHOTO_HINT),
    },
    { hint: 'One row per kind of machine.' },
  ),
  capacity: group(
    'Capacity',
    {
      tonnesPerMonth: text('Tonnes per month', 12, { optional: true, format: 'number' }),
      weightRange: text('Weight per piece', 60, { optional: true, hint: 'E.g. 0.2 kg to 150 kg.' }),
      largestDiameter: text('Largest diameter', 60, { optional: true, hint: 'E.g. 650 mm.' }),
    },
    'Leave empty what you would rather not say.',
  ),
  materials: {
    kind: 'lines',
    label: 'Materials',
    hint: 'E.g. Carbon steel (C22, C45, EN8).',
    item: 'material',
    min: 0,
    max: 60,
    itemMax: 120,
  } satisfies LinesField,
  standards: {
    kind: 'lines',
    label: 'Standards',
    hint: 'E.g. ASME B16.5, DIN 2633, EN 10204 3.1.',
    item: 'standard',
    min: 0,
    max: 60,
    itemMax: 120,
  } satisfies LinesField,
  markets: {
    kind: 'lines',
    label: 'Export markets',
    hint: 'Country names in English, e.g. Germany; each is shown with its flag.',
    item: 'country',
    min: 0,
    max: 100,
    itemMax: 60,
    format: 'country',
  } satisfies LinesField,
  caseStudies: rows(
    'Case studies',
    'case study',
    {
      title: text('Title', 120),
      industry: text('Industry', 60),
      country: text('Country', 60, { format: 'country' }),
      made: paragraphs('What was made', 600),
      photo: photo('Photo', 'the text alone', 'What it shows, e.g. “Machined hubs ready for dispatch”.', PHOTO_HINT),
    },
    { hint: 'What you made, for whom (by industry and country), and how.' },
  ),
};

export const CONTACT = {
  intro: text('Introduction', 300, { hint: 'The line under the Contact Us title.' }),
  acknowledgement: paragraphs('Acknowledgement e-mail to buyers', 2000, {
    optional: true,
    hint: `Sent at once to every buyer who gives an e-mail address, in the site’s name; below it come what they sent, your business hours and contact details. ${Object.entries(
      ACKNOWLEDGEMENT_PLACEHOLDERS,
    )
      .map(([placeholder, meaning]) => `${placeholder} is replaced with ${meaning}`)
      .join('; ')}. Leave it empty to send no acknowledgement.`,
  }),
};

export const LEGAL = {
  privacy: paragraphs('Privacy Policy', 6000, {
    hint: `${PARAGRAPHS_HINT} The grievance contact set under Company is added at the end.`,
  }),
  terms: paragraphs('Terms of Service', 6000, { hint: PARAGRAPHS_HINT }),
};
