import { en } from '../i18n/catalogues/en.js';

/**
 * What the visitor reads after sending an enquiry, in English (the spec's texts, and the 503 of issue 9): the
 * English catalogue's, named as the server and the tests know them. A page in another language uses its own.
 */
export const SUCCESS_MESSAGE = en.enquirySent;

/** Under the success message, when the enquiry was stored: the number its acknowledgement and our replies carry. */
export const referenceMessage = en.referenceNumber;

/** The answer when a valid enquiry could not be stored (disk full, database locked): 503. */
export const storageFailureMessage = en.enquiryNotStored;

export const failureMessage = en.enquiryFailed;

/** The answer to a multipart body that cannot be read (no boundary, cut short before its end): 400. */
export const MALFORMED_FORM_MESSAGE = en.formIncomplete;
