import { ADMIN_PATHS, pathTo } from '../../shared/admin/paths.js';
import type { WebhookEvent } from '../../shared/admin/integrations.js';
import type { Enquiry } from '../../shared/enquiry/enquiry.js';
import { ENQUIRY_FIELDS } from '../../shared/enquiry/validation.js';

/** A payload stays under this many bytes: the message is shortened to fit (20 KB, less room for headers). */
export const MAX_PAYLOAD_BYTES = 19 * 1024;

/** The enquiry's fields as a webhook carries them: what the buyer wrote, its stage, a link, its drawings' names (never their bytes). */
function enquiryFields(enquiry: Enquiry, siteUrl: string, message: string) {
  const fields = Object.fromEntries(ENQUIRY_FIELDS.map((field) => [field, enquiry[field] ?? null]));
  return {
    id: enquiry.id,
    url: `${siteUrl}${pathTo(ADMIN_PATHS.enquiryPage, { id: enquiry.id })}`,
    createdAt: enquiry.createdAt,
    stage: enquiry.status,
    ...fields,
    message,
    countryCode: enquiry.countryCode,
    drawings: enquiry.drawings.map(({ name, size, type }) => ({ name, size, type })),
  };
}

/**
 * The JSON body of one delivery, as the Standard Webhooks spec shapes it: `type`, `timestamp` (when
 * the event happened) and `data` (the enquiry, and what the event adds: the stage it moved from and to,
 * the answer's subject, the quotation). Under MAX_PAYLOAD_BYTES: a long message is cut, with "…".
 */
export function webhookPayload(
  event: WebhookEvent,
  at: string,
  enquiry: Enquiry,
  extra: Record<string, unknown>,
  siteUrl: string,
): string {
  let message = enquiry.message;
  for (;;) {
    const body = JSON.stringify({
      type: event,
      timestamp: at,
      data: { ...extra, enquiry: enquiryFields(enquiry, siteUrl, message) },
    });
    if (Buffer.byteLength(body) <= MAX_PAYLOAD_BYTES || message.length === 0) return body;
    message = `${[...message].slice(0, Math.floor([...message].length / 2)).join('')}…`.replace(/^…$/, '');
  }
}
