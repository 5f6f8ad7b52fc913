// The Country field's matcher as a chunk of its own, fetched on the field's first use (CountryField).
export { countriesMatching } from '../../../shared/content/countries.js';
