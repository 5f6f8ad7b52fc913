import type { SiteTexts } from './catalogues/en.js';
import type { FormTexts } from './catalogues/forms/en.js';
import type { LanguageCode } from './languages.js';

export type { FormTexts, SiteTexts };

/** One language's interface texts: those of every page and those of the forms. */
export type Catalogue = SiteTexts & FormTexts;

/**
 * One language's texts of every page. Each language is its own module, loaded on demand, so that a
 * page's bundle carries only the language it is in.
 */
export async function loadSiteTexts(lang: LanguageCode): Promise<SiteTexts> {
  switch (lang) {
    case 'en':
      return (await import('./catalogues/en.js')).en;
    case 'de':
      return (await import('./catalogues/de.js')).de;
    case 'es':
      return (await import('./catalogues/es.js')).es;
    case 'fr':
      return (await import('./catalogues/fr.js')).fr;
    case 'ar':
      return (await import('./catalogues/ar.js')).ar;
  }
}

/**
 * One language's texts of the forms (the enquiry form and its validation, a quotation's page): a module
 * of their own, so that the pages without a form do not download them. Import them only here: a static
 * import elsewhere in the client (the admin's, say) merges a language's file into a shared chunk without
 * its own key in Vite's manifest, and the pages that preload it answer 500.
 */
export async function loadFormTexts(lang: LanguageCode): Promise<FormTexts> {
  switch (lang) {
    case 'en':
      return (await import('./catalogues/forms/en.js')).enForms;
    case 'de':
      return (await import('./catalogues/forms/de.js')).deForms;
    case 'es':
      return (await import('./catalogues/forms/es.js')).esForms;
    case 'fr':
      return (await import('./catalogues/forms/fr.js')).frForms;
    case 'ar':
      return (await import('./catalogues/forms/ar.js')).arForms;
  }
}

/** Every text of one language (the server's e-mails, documents and validation). */
export async function loadCatalogue(lang: LanguageCode): Promise<Catalogue> {
  const [site, forms] = await Promise.all([loadSiteTexts(lang), loadFormTexts(lang)]);
  return { ...site, ...forms };
}
