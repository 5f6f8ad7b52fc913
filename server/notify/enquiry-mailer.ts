import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';

export interface MailSettings {
  smtpUrl: string;
  to: string;
  from: string;
}

export function enquirySummary(enquiry: Enquiry): string {
  return [
    `A new enquiry arrived at ${enquiry.createdAt} (UTC).`,
    '',
    `Name:    ${enquiry.name}`,
    `Email:   ${enquiry.email ?? 'not given'}`,
    `Phone:   ${enquiry.phone}`,
    `Subject: ${enquiry.subject}`,
    '',
    enquiry.message,
    '',
    'Read and manage all enquiries at /admin.',
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
          text: enquirySummary(enquiry),
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
