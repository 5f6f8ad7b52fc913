import { fillAcknowledgement } from '../../../shared/content/acknowledgement.js';
import type { SiteContent } from '../../../shared/content/schema.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';
import { FIELD_LABELS } from '../../../shared/enquiry/validation.js';
import { formatForPeople } from '../../../shared/time/time-zone.js';

/** What the acknowledgement is written from besides the enquiry: the published content, the site's address and time zone. */
export interface AcknowledgementContext {
  content: Pick<SiteContent, 'company' | 'contact' | 'products'>;
  siteUrl: string;
  timeZone: string;
}

/** Control characters (CR and LF among them) become spaces: a subject is one header line, whatever the buyer typed. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/** "Your enquiry to Example Forgings [#64]: Flanges DN150": the number in brackets, so a reply to it joins the thread. */
export function acknowledgementSubject(enquiry: Pick<Enquiry, 'id' | 'subject'>, company: string): string {
  return oneLine(`Your enquiry to ${company} [#${enquiry.id}]: ${enquiry.subject}`);
}

const line = (label: string, value: string) => `  ${`${label}:`.padEnd(16)}${value}`;

/** The business hours from the content, with the time zone they are in; none when the content lists none. */
function hoursOf({ company }: AcknowledgementContext['content'], timeZone: string): string[] {
  if (company.hours.length === 0) return [];
  return [`Our business hours (${timeZone} time):`, ...company.hours.map((row) => line(row.days, row.hours)), ''];
}

/** What the buyer sent: every field they filled in, the message whole, and each drawing received by name and size. */
function whatWasSent(enquiry: Enquiry, context: AcknowledgementContext): string[] {
  return [
    `What you sent us on ${formatForPeople(enquiry.createdAt, context.timeZone)}:`,
    line(FIELD_LABELS.name, enquiry.name),
    line(FIELD_LABELS.email, enquiry.email ?? ''),
    line(FIELD_LABELS.phone, enquiry.phone),
    line(FIELD_LABELS.subject, enquiry.subject),
    ...quoteDetails(enquiry, context.content.products).map(([label, value]) => line(label, value)),
    '',
    `${FIELD_LABELS.message}:`,
    enquiry.message,
    '',
    ...(enquiry.drawings.length > 0
      ? [
          enquiry.drawings.length === 1
            ? 'The drawing we received:'
            : `The ${enquiry.drawings.length} drawings we received:`,
          ...enquiry.drawings.map((drawing) => `  - ${drawing.name} (${formatBytes(drawing.size)})`),
        ]
      : ['No drawings were attached.']),
    '',
  ];
}

/** How to reach the business: its name, e-mail, phones, address and site. */
function contactDetails({ company }: AcknowledgementContext['content'], siteUrl: string): string[] {
  return [
    company.name,
    line('E-mail', company.email),
    line(company.phones.length === 1 ? 'Phone' : 'Phones', company.phones.join(', ')),
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
    `Reference number: #${enquiry.id}`,
    '',
    ...hoursOf(content, context.timeZone),
    ...whatWasSent(enquiry, context),
    ...contactDetails(content, context.siteUrl),
  ].join('\n');
}
