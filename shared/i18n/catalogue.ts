import type { Catalogue } from './catalogues/en.js';
import type { LanguageCode } from './languages.js';

export type { Catalogue };

/**
 * One language's interface texts. Each catalogue is its own module, loaded on demand, so that a page's
 * bundle carries only the language it is in.
 */
export async function loadCatalogue(lang: LanguageCode): Promise<Catalogue> {
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
