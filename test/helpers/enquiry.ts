/** The fields a visitor fills in on the contact form (the JSON API takes the same). */
export interface EnquiryFields {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

let made = 0;

/**
 * An enquiry as a visitor sends it, for a test to post (postJson, postForm, quoteForm). Each call
 * makes a new one: its number is in the name, e-mail, subject and message, so two are never taken
 * for a repeat. `overrides` replace fields or add others (a form token, a product, a quantity).
 */
export function makeEnquiry<T extends Record<string, string> = Record<never, string>>(
  overrides: T = {} as T,
): Omit<EnquiryFields, keyof T> & T {
  const n = ++made;
  return {
    name: `Käufer ${n} – ગુજરાત ट्रेडर्स`,
    email: `buyer${n}@example.de`,
    phone: '+49 (0)221 9876543',
    subject: `Schmiedeteile ${n}`,
    message: `Bitte um Angebot für 500 Flansche DN 50 (${n}).`,
    ...overrides,
  };
}
