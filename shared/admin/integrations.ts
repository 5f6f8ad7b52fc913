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

/** The Integrations screen's texts. */
export const INTEGRATIONS_TEXT = {
  title: 'Integrations',
  intro:
    'Webhooks send each chosen event to an address of yours as a signed JSON POST (Standard Webhooks). Enquiries in Spam never send one.',
  urlLabel: 'Endpoint URL',
  urlHint: 'An https:// address on the internet that answers with 2xx.',
  eventsLegend: 'Events',
  add: 'Add endpoint',
  secretOnce: 'Signing secret (shown once, copy it now):',
  previousUntil: (until: string) => `The previous secret also signs until ${until}.`,
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  rotate: 'Rotate secret',
  remove: 'Remove',
  resend: 'Resend',
  on: 'On',
  off: 'Off',
  noDeliveries: 'Nothing sent yet.',
  noEndpoints: 'No endpoints yet.',
  deliveriesCaption: 'Delivery log (newest first)',
  added: 'Endpoint added. Copy its signing secret below: it is shown only this once.',
  rotated: 'New signing secret made. Copy it below: it is shown only this once.',
  turnedOn: 'Endpoint turned on.',
  turnedOff: 'Endpoint turned off.',
  removed: 'Endpoint removed.',
  resent: 'The delivery is being sent again.',
  urlInvalid: 'Enter a whole address starting with https:// or http://.',
  urlPrivate: 'That address is private or on this machine: webhooks go only to addresses on the internet.',
  urlUnresolved: 'That address has no host the site can find.',
  eventsRequired: 'Choose at least one event.',
} as const;

export type IntegrationsDone = 'added' | 'rotated' | 'turnedOn' | 'turnedOff' | 'removed' | 'resent';
