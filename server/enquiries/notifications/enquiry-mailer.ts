import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type ProductNames } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';

export interface MailSettings extends MailSenderSettings {
  /** The products' current names, for the product an enquiry asks about. */
  products: () => ProductNames;
  /** The admin panel's absolute address (SITE_URL + /admin), linked from each e-mail. */
  adminUrl: string;
}

/** The line that says how many messages went to Spam meanwhile, with where to see them; none when none did. */
export function spamLine(count: number, adminUrl: string): string[] {
  if (count === 0) return [];
  const messages = count === 1 ? '1 message was' : `${count} messages were`;
  return [`${messages} filed as spam since the previous notification. See them in Spam: ${adminUrl}?view=spam`, ''];
}

/**
 * The e-mail's text: the enquiry, its quote details, its drawings by name and size (not attached),
 * and how many messages were filed as spam since the previous notification.
 */
export function enquirySummary(enquiry: Enquiry, adminUrl: string, products: ProductNames, spamCount = 0): string {
  const line = (label: string, value: string) => `${`${label}:`.padEnd(16)}${value}`;
  return [
    `A new enquiry arrived at ${enquiry.createdAt} (UTC).`,
    '',
    line('Name', enquiry.name),
    line('Email', enquiry.email ?? 'not given'),
    line('Phone', enquiry.phone),
    line('Subject', enquiry.subject),
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
    `Read and manage all enquiries at ${adminUrl}`,
  ].join('\n');
}

export type EnquiryMailer = ReturnType<typeof createEnquiryMailer>;

/**
 * E-mails the admin a plain-text summary of an enquiry; the notification queue decides when, and
 * retries. Each send is bounded by the mail sender's time limits (platform/mail/mail-sender.ts).
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
        subject: `New enquiry: ${enquiry.subject}`,
        text: enquirySummary(enquiry, settings.adminUrl, settings.products(), spamCount),
        ...(enquiry.email ? { replyTo: enquiry.email } : {}),
        ...(signal && { signal }),
      });
    },
    close: sender.close,
  };
}
