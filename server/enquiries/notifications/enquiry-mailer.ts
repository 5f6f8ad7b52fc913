import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type ProductNames } from '../../../shared/enquiry/quote.js';
import { LANGUAGE_INFO } from '../../../shared/i18n/languages.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';
import { formatForPeople } from '../../../shared/time/time-zone.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';

export interface MailSettings extends MailSenderSettings {
  /** The products' current names, for the product an enquiry asks about. */
  products: () => ProductNames;
  /** The admin panel's absolute address (SITE_URL + /admin), linked from each e-mail. */
  adminUrl: string;
  /** SITE_TIME_ZONE: the time the enquiry came is given in it. */
  timeZone: string;
}

/** "New enquiry [#64]: Flanges DN150": the number in brackets, as in the desk's replies. */
export const notificationSubject = (enquiry: Pick<Enquiry, 'id' | 'subject'>) =>
  `New enquiry [#${enquiry.id}]: ${enquiry.subject}`;

/** The line that says how many messages went to Spam meanwhile, with where to see them; none when none did. */
export function spamLine(count: number, adminUrl: string): string[] {
  if (count === 0) return [];
  const messages = count === 1 ? '1 message was' : `${count} messages were`;
  return [`${messages} filed as spam since the previous notification. See them in Spam: ${adminUrl}?view=spam`, ''];
}

/**
 * The e-mail's text: first where to answer it (the enquiry's own page on the desk: a reply from there
 * reaches the buyer and is kept in the thread), when it came as a person writes it, the enquiry, its
 * quote details, its drawings by name and size (not attached), and how many messages were filed as
 * spam since the previous notification.
 */
export function enquirySummary(
  enquiry: Enquiry,
  settings: Pick<MailSettings, 'adminUrl' | 'timeZone'>,
  products: ProductNames,
  spamCount = 0,
): string {
  const { adminUrl } = settings;
  const line = (label: string, value: string) => `${`${label}: `.padEnd(16)}${value}`;
  const page = `${adminUrl}/enquiries/${enquiry.id}`;
  return [
    `Reply from the desk: ${page}`,
    `(Answering this e-mail does not reach the buyer; a reply from the desk does, and is kept with the enquiry.)`,
    '',
    `Enquiry #${enquiry.id} arrived on ${formatForPeople(enquiry.createdAt, settings.timeZone)}.`,
    '',
    line('Name', enquiry.name),
    line('Email', enquiry.email ?? 'not given'),
    line('Phone', enquiry.phone),
    line('Subject', enquiry.subject),
    ...(enquiry.language === 'en' ? [] : [line('Language', LANGUAGE_INFO[enquiry.language].english)]),
    ...quoteDetails(enquiry, products).map(([label, value]) => line(label, value)),
    '',
    enquiry.message,
    '',
    ...(enquiry.drawings.length > 0
      ? [
          `Drawings (download them in the admin panel):`,
          ...enquiry.drawings.map((d) => `  - ${d.name} (${formatBytes(d.size)})`),
          '',
        ]
      : []),
    ...spamLine(spamCount, adminUrl),
    `This enquiry: ${page}`,
    `All enquiries: ${adminUrl}`,
  ].join('\n');
}

export type EnquiryMailer = ReturnType<typeof createEnquiryMailer>;

/**
 * E-mails the admin a plain-text summary of an enquiry; the notification queue decides when, and
 * retries. Each send is bounded by the mail sender's time limits (platform/mail/mail-sender.ts).
 * It has no Reply-To: pressing Reply in a mail program would answer the buyer outside the desk
 * (the thread never sees it), and the desk's mailbox takes only the buyer's own answers into the
 * thread (an address in From can be forged, so a mail to the desk is never sent on to a buyer).
 * The answer goes through the desk: its link comes first.
 */
export function createEnquiryMailer(settings: MailSettings) {
  const sender = createMailSender(settings);
  return {
    /** Resolves once the SMTP server accepted the message; rejects with its error otherwise, or when `signal` aborts. */
    send(
      enquiry: Enquiry,
      { spamCount = 0, signal }: { spamCount?: number; signal?: AbortSignal } = {},
    ): Promise<void> {
      return sender.send({
        subject: notificationSubject(enquiry),
        text: enquirySummary(enquiry, settings, settings.products(), spamCount),
        ...(signal && { signal }),
      });
    },
    /** Another e-mail to the admin about an enquiry, its words made by the feature that queued it. */
    sendText: (mail: { subject: string; text: string; signal?: AbortSignal }): Promise<void> => sender.send(mail),
    close: sender.close,
  };
}
