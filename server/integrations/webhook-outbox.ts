import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import type { DB } from '../platform/db/open-database.js';
import { createRetryQueue, FinalFailure } from '../platform/mail/retry-queue.js';
import { outboxColumns } from '../platform/mail/outbox.js';
import type { WebhookSettings } from '../config/webhook-settings.js';
import type { WebhookDelivery, WebhookEndpoints } from './webhook-endpoints.js';
import { webhookPayload } from './webhook-payload.js';
import { postWebhook, publicOnlyLookup } from './webhook-post.js';
import { targetProblem } from './webhook-targets.js';

/** The Standard Webhooks spec's retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; then "failed". */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((seconds) => seconds * 1000);
export const GONE_REASON = 'The receiver answered 410 Gone: turned off.';

export type WebhookOutbox = ReturnType<typeof createWebhookOutbox>;

/** The three Standard Webhooks headers: one `v1,` signature per secret, separated by spaces. */
function signedHeaders(delivery: WebhookDelivery, body: string, at: Date): Record<string, string> {
  const id = `msg_${delivery.id}`;
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': delivery.secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  };
}

/**
 * The webhooks in the outbox (the deliveries table), sent by the one runner (retry-queue.ts): three at
 * once, each attempt within WEBHOOK_TIMEOUT_SECONDS, retried on the spec's schedule across restarts.
 * 2xx is sent; 410 Gone turns the endpoint off and fails the delivery; any other answer, no answer or
 * a refused address is retried. The answer's status is kept for the delivery log.
 */
export function createWebhookOutbox(options: {
  db: DB;
  store: { get(id: number): Enquiry | undefined };
  endpoints: WebhookEndpoints;
  settings: WebhookSettings;
  siteUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}) {
  const { endpoints, settings, now } = options;
  const lookup = publicOnlyLookup(settings.allowPrivate);

  async function post(delivery: WebhookDelivery, body: string, signal: AbortSignal): Promise<void> {
    const problem = await targetProblem(delivery.url, settings.allowPrivate);
    if (problem) throw new Error(`The address is refused (${problem}).`);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    let status: number;
    try {
      status = await postWebhook(delivery.url, signedHeaders(delivery, body, now()), body, {
        lookup,
        signal: AbortSignal.any([signal, timeout]),
      });
    } catch (error) {
      endpoints.recordAnswer(delivery.id, null);
      if (timeout.aborted) throw new Error(`No answer within ${settings.timeoutMs / 1000} s (timed out).`);
      throw error;
    }
    endpoints.recordAnswer(delivery.id, status);
    if (status === 410) {
      endpoints.setEnabled(delivery.endpointId, false, GONE_REASON);
      throw new FinalFailure(GONE_REASON);
    }
    if (status < 200 || status > 299) throw new Error(`The receiver answered ${status}.`);
  }

  return createRetryQueue({
    db: options.db,
    log: options.log,
    now,
    columns: outboxColumns('webhook'),
    what: 'webhook',
    idKey: 'deliveryId',
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    async send(id, signal) {
      const delivery = endpoints.delivery(id);
      if (!delivery) return;
      if (!delivery.enabled) throw new FinalFailure('The endpoint is turned off.');
      const enquiry = delivery.enquiryId === null ? undefined : options.store.get(delivery.enquiryId);
      if (!enquiry) throw new FinalFailure('The enquiry is no longer there.');
      if (enquiry.spamReason !== null) throw new FinalFailure('The enquiry is in Spam: nothing is sent.');
      const extra = JSON.parse(delivery.data) as Record<string, unknown>;
      await post(delivery, webhookPayload(delivery.event, delivery.createdAt, enquiry, extra, options.siteUrl), signal);
    },
  });
}
