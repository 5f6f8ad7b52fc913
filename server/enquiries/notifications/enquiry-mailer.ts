import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type ProductNames } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
  /** The products' current names, for the product an enquiry asks about. */
  products: () => ProductNames;
  /** The admin panel's absolute address (SITE_URL + /admin), linked from each e-mail. */
  adminUrl: string;
  /** The longest each stage of a send may take: connecting, the server's greeting, each command's answer. */
  timeoutMs: number;
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
 * retries. Each send has its own connection, and each stage of it a time limit, so a mail server that
 * accepts and never answers costs one send `timeoutMs`, not minutes.
 */
export function createEnquiryMailer(settings: MailSettings) {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
  });
  return {
    /** Resolves once the SMTP server accepted the message; rejects with its error otherwise, or when `signal` aborts. */
    async send(
      enquiry: Enquiry,
      { spamCount = 0, signal }: { spamCount?: number; signal?: AbortSignal } = {},
    ): Promise<void> {
      // nodemailer closes the connection when the signal aborts (its types do not list the option yet).
      const message: Mail.Options & { signal?: AbortSignal } = {
        from: settings.from,
        to: settings.to,
        subject: `New enquiry: ${enquiry.subject}`.slice(0, 200),
        text: enquirySummary(enquiry, settings.adminUrl, settings.products(), spamCount),
        ...(enquiry.email ? { replyTo: enquiry.email } : {}),
        ...(signal && { signal }),
      };
      try {
        await transport.sendMail(message);
      } catch (error) {
        // nodemailer says only "Timeout" or "Greeting never received": the desk shows what it means.
        if ((error as { timeoutType?: unknown }).timeoutType === undefined) throw error;
        throw new Error(
          `${(error as Error).message}: the mail server did not answer within ${settings.timeoutMs / 1000} s`,
          { cause: error },
        );
      }
    },
    close: () => transport.close(),
  };
}
