import type { AdminPageData } from './admin/screens.js';
import type { SiteContent } from './content/schema.js';
import type { EnquiryFieldErrors, EnquiryFormValues } from './enquiry/validation.js';
import type { LanguageCode } from './i18n/languages.js';
import type { QuotationPageData } from './quotations/answer.js';

/** The contact form re-rendered by the server after an invalid submission without JavaScript. */
export interface ContactPageData {
  values: EnquiryFormValues;
  errors: EnquiryFieldErrors;
  /** A message about the whole form (e.g. too many submissions). */
  formError?: string;
}

/** An error answered as a page (413, 429, 500 …). */
export interface ErrorPageData {
  status: number;
  title: string;
  message: string;
}

/** Per-request data the server renders a page with; the client hydrates with the same object. */
export interface PageData {
  contact?: ContactPageData;
  error?: ErrorPageData;
  /** The thank-you page's enquiry: its reference number (the form's answer names it). */
  reference?: number;
  /** No page at this address: the 404 page, whatever route the address looks like. */
  notFound?: true;
  admin?: AdminPageData;
  /** The contact form's token (issued for this request; see server/enquiries/form-token.ts). */
  formToken?: string;
  /**
   * Where the visitor came from, as the Referer of the form page says (its SOURCE_PAGE_FIELD, see
   * shared/enquiry/lead-source.ts): sent with the form when the page has no JavaScript.
   */
  formSource?: string;
  /**
   * A section's draft shown as the site would show it (/admin/site/preview/<token>, the admin
   * only): the page's own path, the section's title, and the way back to its form.
   */
  preview?: { path: string; section: string; back: string };
  /** A quotation's page for its buyer (/quotation/<token>, issue 39). */
  quotation?: QuotationPageData;
}

/** What the server embeds in every page as JSON for hydration. */
export interface Bootstrap {
  /** The published content: every page is rendered from it, on the server and in the browser. */
  content: SiteContent;
  pageData: PageData;
  /** The page's language (its address's prefix; the admin's screens are English): the content is in it. */
  lang: LanguageCode;
  /** The public languages, each with its offer in itself ("Diese Seite gibt es auf Deutsch"): the switcher and the offer. */
  languages: LanguageOffer[];
}

/** A public language and the one line that offers the page in it, in that language. */
export interface LanguageOffer {
  lang: LanguageCode;
  offer: string;
  dismiss: string;
}

export const BOOTSTRAP_ELEMENT_ID = 'bootstrap-data';
/** The element the app is rendered into and hydrated in. */
export const APP_ROOT_ID = 'root';
