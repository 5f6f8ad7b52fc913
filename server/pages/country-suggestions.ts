import { COUNTRY_CHOICES } from '../../shared/content/countries.js';
import { COUNTRY_SUGGESTIONS_ID } from '../../shared/enquiry/country-suggestions.js';
import { escapeHtml } from './escape-html.js';

/**
 * The Country field's suggestions without JavaScript: a <datalist> of every country and of the other
 * names people write, each labelled with the country it stands for ("Deutschland" → Germany). It is
 * part of the contact page's document, after the app, not of the app: the browser never hydrates its
 * 342 options, and the app's combobox (CountryField) loads the list itself when the field is first used.
 */
export const COUNTRY_SUGGESTIONS = `<datalist id="${COUNTRY_SUGGESTIONS_ID}">${COUNTRY_CHOICES.map(
  ({ value, name }) =>
    `<option value="${escapeHtml(value)}"${value === name ? '' : ` label="${escapeHtml(name)}"`}></option>`,
).join('')}</datalist>`;
