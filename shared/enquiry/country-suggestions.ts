/**
 * The id of the contact page's <datalist> of countries: written by the server after the app
 * (server/pages/country-suggestions.ts), named by the Country field's `list` (CountryField).
 */
export const COUNTRY_SUGGESTIONS_ID = 'enquiry-countries';
