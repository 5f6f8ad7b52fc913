import type { PluralForms } from '../plural.js';

/**
 * The public site's interface texts in English: the source every other language's catalogue must match key
 * for key (a missing key fails `npm run typecheck`). The site content (the owner's texts) is not here.
 */
export const en = {
  enquirySent: 'Thank you for contacting us! We will get back to you soon.',
  referenceNumber: (reference: number) =>
    `Your reference number is #${reference}. Please mention it when you write to us about this enquiry.`,
  enquiryNotStored: (email: string) =>
    `We could not save your enquiry just now. Nothing was lost on your side: please send it again in a minute, or e-mail us at ${email}.`,
  enquiryFailed: (email: string) =>
    `Oops! There was an error submitting the form. Please try again or email us directly at ${email}`,
  formIncomplete: 'The form arrived incomplete, so nothing was saved. Please check it and send it again.',
  drawingsAttached: { one: '{count} drawing attached', other: '{count} drawings attached' } as PluralForms,
  pageInThisLanguage: 'This page is available in English',
};

export type Catalogue = typeof en;
