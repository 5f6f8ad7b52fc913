import type { SignedIn } from './session.js';

/** What a webhook endpoint can be sent, with the words the Integrations screen uses for each. */
export const WEBHOOK_EVENTS = {
  'enquiry.received': 'Enquiry received',
  'enquiry.answered': 'Buyer answered',
  'enquiry.stage_changed': 'Stage changed',
  'quotation.accepted': 'Quotation accepted',
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];

/** One attempt's outcome as the delivery log shows it. */
export interface WebhookDeliveryRow {
  id: number;
  event: WebhookEvent;
  enquiryId: number | null;
  status: 'pending' | 'sent' | 'failed';
  tries: number;
  responseCode: number | null;
  error: string | null;
  createdAt: string;
  nextAt: string | null;
}

/** An endpoint as the screen shows it: never its secret, except `newSecret` the one time it is shown. */
export interface WebhookEndpointRow {
  id: number;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  /** Why the site turned it off (the receiver answered 410 Gone), or null. */
  disabledReason: string | null;
  /** The secret, shown once: right after it was made or rotated. */
  newSecret: string | null;
  /** Until when the previous secret still signs too (after a rotation), or null. */
  previousUntil: string | null;
  deliveries: WebhookDeliveryRow[];
}

/** /admin/integrations: the webhook endpoints and each one's delivery log. */
export interface AdminIntegrationsPage extends SignedIn {
  screen: 'integrations';
  endpoints: WebhookEndpointRow[];
  /** What was just done, or why the form was refused (with the address typed). */
  message: string | null;
  error: string | null;
  url: string;
}

/** What a form on the screen did: the key of the message the screen then says (INTEGRATIONS_TEXT). */
export type IntegrationsDone = 'added' | 'rotated' | 'turnedOn' | 'turnedOff' | 'removed' | 'resent';
