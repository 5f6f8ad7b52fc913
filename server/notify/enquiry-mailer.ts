import nodemailer from 'nodemailer';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { formatBytes, type ProductNames } from '../../shared/enquiry/quote.js';
import { quoteDetails } from '../../shared/enquiry/quote-details.js';

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
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
      ? [`Drawings (download them in the admin panel):`, ...enquiry.drawings.map((d) => `  - ${d.name} (${formatBytes(d.size)})`), '']
      : []),
    ...spamLine(spamCount, adminUrl),
    `Read and manage all enquiries at ${adminUrl}`,
  ].join('\n');
}

export type EnquiryMailer = ReturnType<typeof createEnquiryMailer>;

/** E-mails the admin a plain-text summary of an enquiry; the notification queue decides when, and retries. */
export function createEnquiryMailer(settings: MailSettings) {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    /** Resolves once the SMTP server accepted the message; rejects with its error otherwise. */
    async send(enquiry: Enquiry, spamCount = 0): Promise<void> {
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject: `New enquiry: ${enquiry.subject}`.slice(0, 200),
        text: enquirySummary(enquiry, settings.adminUrl, settings.products(), spamCount),
        ...(enquiry.email ? { replyTo: enquiry.email } : {}),
      });
    },
    close: () => transport.close(),
  };
}
