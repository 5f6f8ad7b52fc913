import { fillAcknowledgement } from '../../../shared/content/acknowledgement.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type QuantityUnit } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';
import type { EnquiryField } from '../../../shared/enquiry/validation.js';
import { formatForPeople } from '../../../shared/time/time-zone.js';
import type { AcknowledgementTexts } from './acknowledgement-texts.js';

/**
 * What the acknowledgement is written from besides the enquiry: the published content, the site's
 * address and time zone, all in the buyer's language (its texts, and the form's labels from its catalogue).
 */
export interface AcknowledgementContext {
  content: Pick<SiteContent, 'company' | 'contact' | 'products'>;
  siteUrl: string;
  timeZone: string;
  texts: AcknowledgementTexts;
  labels: Record<EnquiryField, string>;
  /** The quantity units in the buyer's words ("Stück"). */
  units: Record<QuantityUnit, string>;
  /** The buyer's locale (LANGUAGE_INFO's intlLocale): dates and numbers are written as they read them. */
  locale: string;
}

/** Control characters (CR and LF among them) become spaces: a subject is one header line, whatever the buyer typed. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** "Your enquiry to Example Forgings [#64]: Flanges DN150": the number in brackets, so a reply to it joins the thread. */
export function acknowledgementSubject(
  enquiry: Pick<Enquiry, 'id' | 'subject'>,
  { content, texts }: Pick<AcknowledgementContext, 'content' | 'texts'>,
): string {
  return oneLine(texts.subject(content.company.name, `#${enquiry.id}`, enquiry.subject));
}

const line = (label: string, value: string) => `  ${`${label}: `.padEnd(16)}${value}`;

/** The business hours from the content, with the time zone they are in; none when the content lists none. */
function hoursOf({ content: { company }, timeZone, texts }: AcknowledgementContext): string[] {
  if (company.hours.length === 0) return [];
  return [texts.businessHours(timeZone), ...company.hours.map((row) => line(row.days, row.hours)), ''];
}

/** What the buyer sent: every field they filled in, the message whole, and each drawing received by name and size. */
function whatWasSent(enquiry: Enquiry, context: AcknowledgementContext): string[] {
  const { labels, texts } = context;
  return [
    texts.whatYouSent(formatForPeople(enquiry.createdAt, context.timeZone, context.locale)),
    line(labels.name, enquiry.name),
    line(labels.email, enquiry.email ?? ''),
    line(labels.phone, enquiry.phone),
    line(labels.subject, enquiry.subject),
    ...quoteDetails(enquiry, context.content.products, labels, context.locale, context.units).map(([label, value]) =>
      line(label, value),
    ),
    '',
    `${labels.message}:`,
    enquiry.message,
    '',
    ...(enquiry.drawings.length > 0
      ? [
          enquiry.drawings.length === 1 ? texts.oneDrawing : texts.drawings(enquiry.drawings.length),
          ...enquiry.drawings.map((drawing) => `  - ${drawing.name} (${formatBytes(drawing.size, context.locale)})`),
        ]
      : [texts.noDrawings]),
    '',
  ];
}

/** How to reach the business: its name, e-mail, phones, address and site. */
function contactDetails({ content: { company }, siteUrl, texts }: AcknowledgementContext): string[] {
  return [
    company.name,
    line(texts.email, company.email),
    line(company.phones.length === 1 ? texts.phone : texts.phones, company.phones.join(', ')),
    ...company.address.map((addressLine) => `  ${addressLine}`),
    `  ${siteUrl}`,
  ];
}

/**
 * The acknowledgement's text: the owner's words (its placeholders filled in), the business hours,
 * what the buyer sent and the contact details. Plain text: nothing the buyer typed is read as markup.
 */
export function acknowledgementText(enquiry: Enquiry, context: AcknowledgementContext): string {
  const { content } = context;
  const words = fillAcknowledgement(content.contact.acknowledgement, {
    name: enquiry.name,
    reference: `#${enquiry.id}`,
  }).trim();
  return [
    ...(words ? [words, ''] : []),
    `${context.texts.referenceNumber}: #${enquiry.id}`,
    '',
    ...hoursOf(context),
    ...whatWasSent(enquiry, context),
    ...contactDetails(context),
  ].join('\n');
}
