import { countryCode, countryName } from '../content/countries.js';

/** What the desk keeps of the country a buyer wrote: their text, and its ISO 3166-1 code when it names one country. */
export interface WrittenCountry {
  country: string | null;
  countryCode: string | null;
}

/** The code a buyer's text is stored with: null when it names no one country (then shown as written). */
export function codeOfWritten(country: string | null): string | null {
  return country === null ? null : (countryCode(country) ?? null);
}

/** The country as the desk shows it: its display name ("Germany" for "Deutschland"), else the text as written. */
export function countryShown({ country, countryCode: code }: WrittenCountry): string | null {
  return (code === null ? undefined : countryName(code)) ?? country;
}

/** The display name, with the buyer's own text when it says more than a change of case: "Germany (written “Deutschland”)". */
export function countryWithWritten(enquiry: WrittenCountry): string | null {
  const shown = countryShown(enquiry);
  const { country } = enquiry;
  return shown !== null && country !== null && shown.toLowerCase() !== country.trim().toLowerCase()
    ? `${shown} (written “${country}”)`
    : shown;
}
