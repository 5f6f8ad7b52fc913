import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../platform/db/open-database.js';
import { createMailSender, type MailSenderSettings } from '../../platform/mail/mail-sender.js';
import { createEnquiryMailChannel } from '../../platform/mail/outbox.js';
import type { EnquiryStore } from '../enquiry-store.js';
import { loadCatalogue } from '../../../shared/i18n/catalogue.js';
import { LANGUAGE_INFO, type LanguageCode } from '../../../shared/i18n/languages.js';
import { ACKNOWLEDGEMENT_TEXTS } from './acknowledgement-texts.js';
import { acknowledgementSubject, acknowledgementText, type AcknowledgementContext } from './acknowledgement-mail.js';

export type AcknowledgementQueue = ReturnType<typeof createAcknowledgementQueue>;

/**
 * The acknowledgement to each buyer who gave an e-mail address, a delivery in the outbox (channel
 * 'acknowledgement': pending, sent or failed, with the last error, the tries and sent_at): queued in the
 * transaction that stores the enquiry (EnquiryStore.create, `acknowledge`), then sent and retried
 * with backoff across restarts like the notification (platform/mail/retry-queue.ts). Its failure
 * never touches the enquiry. From NOTIFY_FROM under the company's name, written from the content
 * published when it is sent.
 */
export function createAcknowledgementQueue(options: {
  db: DB;
  store: Pick<EnquiryStore, 'get'>;
  mail: MailSenderSettings;
  /** The context in a language: the published content in it (English where a text is not translated). */
  context: (lang: LanguageCode) => Omit<AcknowledgementContext, 'texts' | 'labels' | 'units' | 'locale'>;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const sender = createMailSender(options.mail);
  const host = new URL(options.context('en').siteUrl).hostname;
  return createEnquiryMailChannel({
    ...options,
    channel: 'acknowledgement',
    what: 'acknowledgement',
    async send(id, signal) {
      const enquiry = options.store.get(id);
      if (!enquiry?.email) return;
      // In the buyer's language: the owner's translated words where they exist, the English otherwise.
      const { form } = await loadCatalogue(enquiry.language);
      const context: AcknowledgementContext = {
        ...options.context(enquiry.language),
        texts: ACKNOWLEDGEMENT_TEXTS[enquiry.language],
        labels: form.labels,
        units: form.units,
        locale: LANGUAGE_INFO[enquiry.language].intlLocale,
      };
      await sender.sendTo({
        to: enquiry.email,
        fromName: context.content.company.name,
        subject: acknowledgementSubject(enquiry, context),
        text: acknowledgementText(enquiry, context),
        messageId: `${randomUUID()}@${host}`,
        signal,
      });
    },
    onClose: () => sender.close(),
  });
}
