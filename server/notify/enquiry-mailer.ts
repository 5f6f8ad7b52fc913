import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { formatBytes } from '../../shared/enquiry/quote.js';
import { quoteDetails } from '../../shared/enquiry/quote-details.js';

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
  /** The admin panel's absolute address (SITE_URL + /admin), linked from each e-mail. */
  adminUrl: string;
}

/** The e-mail's text: the enquiry, its quote details, its drawings by name and size (not attached). */
export function enquirySummary(enquiry: Enquiry, adminUrl: string): string {
  const line = (label: string, value: string) => `${`${label}:`.padEnd(16)}${value}`;
  return [
    `A new enquiry arrived at ${enquiry.createdAt} (UTC).`,
    '',
    line('Name', enquiry.name),
    line('Email', enquiry.email ?? 'not given'),
    line('Phone', enquiry.phone),
    line('Subject', enquiry.subject),
    ...quoteDetails(enquiry).map(([label, value]) => line(label, value)),
    '',
    enquiry.message,
    '',
    ...(enquiry.drawings.length > 0
      ? [`Drawings (download them in the admin panel):`, ...enquiry.drawings.map((d) => `  - ${d.name} (${formatBytes(d.size)})`), '']
      : []),
    `Read and manage all enquiries at ${adminUrl}`,
  ].join('\n');
}

/**
 * E-mails the admin a plain-text summary of each new enquiry. Sending happens after the enquiry is
 * stored and answered; a failure is logged and never touches the enquiry.
 */
export function createEnquiryMailer(settings: MailSettings, log: FastifyBaseLogger) {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    notify(enquiry: Enquiry): void {
      transport
        .sendMail({
          from: settings.from,
          to: settings.to,
          subject: `New enquiry: ${enquiry.subject}`.slice(0, 200),
          text: enquirySummary(enquiry, settings.adminUrl),
          ...(enquiry.email ? { replyTo: enquiry.email } : {}),
        })
        .then(
          () => log.info({ enquiryId: enquiry.id }, 'enquiry notification sent'),
          (error: unknown) => log.error({ err: error, enquiryId: enquiry.id }, 'enquiry notification failed; the enquiry is stored'),
        );
    },
    close: () => transport.close(),
  };
}
