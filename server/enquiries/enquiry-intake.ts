import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../../shared/i18n/catalogue.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { EnquiryStore } from './enquiry-store.js';
import type { EnquiryWriter } from './writer/enquiry-writer.js';
import type { NotificationQueue } from './notifications/notification-queue.js';
import type { WebhookOutbox } from '../integrations/webhook-outbox.js';
import type { AcknowledgementQueue } from './acknowledgement/acknowledgement-queue.js';
import type { PageRenderer } from '../pages/page-renderer.js';
import type { ServerConfig } from '../config/load-config.js';
import type { SiteContentService } from '../site-content/site-content.js';
import type { Allowance } from './allowance.js';
import type { FormTokens } from './form-token.js';
import type { createTurnTaking } from '../platform/http/turn-taking.js';
import type { DrawingBatch } from './drawings/drawing-batch.js';
import type { UploadSlot, UploadSlots } from './drawings/upload-slots.js';
import type { DrawingFiles } from './drawings/drawing-files.js';
import type { Answers } from './enquiry-answers.js';

export interface EnquiryRouteOptions {
  /** Commits each enquiry on its own thread. */
  writer: EnquiryWriter;
  drawings: DrawingFiles;
  pages: PageRenderer;
  secret: string;
  formTokens: FormTokens;
  /** The published content: its contact e-mail is named in messages when an enquiry cannot be stored. */
  content: SiteContentService;
  /**
   * Valid enquiries accepted per client network per minute, both endpoints together; bytes of
   * drawings kept per client network per 10 minutes (ENQUIRY_DRAWINGS_MB); multipart uploads under
   * way at once, per client network and overall; how long a body may stay idle before it is ended.
   */
  config: Pick<
    ServerConfig,
    'enquiryRateLimit' | 'enquiryDrawingBytes' | 'uploadsPerNetwork' | 'uploadsAtOnce' | 'uploadIdleMs'
  >;
  /** Set when e-mail notification is configured: each stored enquiry is queued, then the queue runs. */
  notifications?: NotificationQueue;
  /** The webhook outbox: woken once an enquiry is stored (its deliveries were queued with it). */
  webhooks: Pick<WebhookOutbox, 'run'>;
  /** The enquiries: whether a network sent some before (it keeps a reserved upload slot in a flood). */
  store: Pick<EnquiryStore, 'hasEnquiriesFrom'>;
  /**
   * Set when SMTP is configured: the acknowledgement to the buyer is queued with each enquiry that
   * gives an e-mail address (not spam), while the content's acknowledgement text is not empty.
   */
  acknowledgements?: AcknowledgementQueue;
}

/**
 * What every enquiry the routes take in shares: their options, the allowances per client network (valid
 * enquiries, drawing bytes), the upload slots, the turns of the event loop, each language's catalogue,
 * and each request's client key, taken while its socket was open.
 */
export interface EnquiryIntake {
  options: EnquiryRouteOptions;
  messages: Allowance;
  drawingBytes: Allowance;
  slots: UploadSlots;
  turns: ReturnType<typeof createTurnTaking>;
  catalogues: Record<LanguageCode, Catalogue>;
  clientKeys: WeakMap<FastifyRequest, string>;
  /** The company's e-mail address, as published now. */
  contactEmail: () => string;
  /** Whether the owner left the acknowledgement's text on (not empty) in the site editor. */
  acknowledgementOn: () => boolean;
}

/** The upload slot a submission took at its first drawing, if it did. */
export interface HeldSlot {
  slot: UploadSlot | null;
}

/**
 * One enquiry being decided: its request and reply, how it is answered, its client's network, the batch
 * of its drawings, the upload slot it holds, and the language of the page it was sent from.
 */
export interface EnquiryRequest {
  request: FastifyRequest;
  reply: FastifyReply;
  answers: Answers;
  client: string;
  batch: DrawingBatch;
  upload: HeldSlot;
  lang: LanguageCode;
}
