/**
 * The acknowledgement e-mail's own words, which the owner edits in the site editor (Contact page):
 * the placeholders it may use, and its text until the owner changes it. Empty turns the e-mail off.
 * Read by the schema (content saved before the field existed reads as this default) and the defaults.
 */

/** What each placeholder is replaced with in the e-mail. */
export const ACKNOWLEDGEMENT_PLACEHOLDERS = {
  '{name}': 'the buyer’s name',
  '{reference}': 'the enquiry’s reference number, like #64',
} as const;

export const DEFAULT_ACKNOWLEDGEMENT =
  'Dear {name},\n\nThank you for your enquiry. It has reached us, and its reference number is {reference}. Please keep the number in the subject when you write to us about it, or simply reply to this e-mail.\n\nWe usually answer within one working day, during our business hours below.';

/** The owner's text with its placeholders filled in (each place it appears). */
export function fillAcknowledgement(template: string, values: { name: string; reference: string }): string {
  return template.replaceAll('{name}', values.name).replaceAll('{reference}', values.reference);
}
