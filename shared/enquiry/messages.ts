/** What the visitor reads after sending an enquiry (the spec's texts, and the 503 of issue 9). */

export const SUCCESS_MESSAGE = 'Thank you for contacting us! We will get back to you soon.';

/** Under the success message, when the enquiry was stored: the number its acknowledgement and our replies carry. */
export const referenceMessage = (reference: number) =>
  `Your reference number is #${reference}. Please mention it when you write to us about this enquiry.`;

/** The answer when a valid enquiry could not be stored (disk full, database locked): 503. */
export function storageFailureMessage(email: string): string {
  return `We could not save your enquiry just now. Nothing was lost on your side: please send it again in a minute, or e-mail us at ${email}.`;
}

export function failureMessage(email: string): string {
  return `Oops! There was an error submitting the form. Please try again or email us directly at ${email}`;
}

/** The answer to a multipart body that cannot be read (no boundary, cut short before its end): 400. */
export const MALFORMED_FORM_MESSAGE =
  'The form arrived incomplete, so nothing was saved. Please check it and send it again.';
