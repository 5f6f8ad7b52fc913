import { createContext, use, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { Company, SiteContent } from '../../shared/content/schema.js';
import { loadFormTexts, type FormTexts, type SiteTexts } from '../../shared/i18n/catalogue.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { LanguageOffer, PageData } from '../../shared/page-data.js';

/** The published content; the server renders every page with it and embeds it for hydration. */
export const ContentContext = createContext<SiteContent | null>(null);
export const PageDataContext = createContext<PageData>({});
/** The page's language (the whole document is in it, and a link to another page stays in it) and the public ones. */
export const LanguageContext = createContext<{ lang: LanguageCode; languages: readonly LanguageOffer[] }>({
  lang: 'en',
  languages: [],
});

export const useLanguage = (): LanguageCode => useContext(LanguageContext).lang;
export const usePublicLanguages = (): readonly LanguageOffer[] => useContext(LanguageContext).languages;

/** The interface texts in the page's language (shared/i18n/catalogues/): only that language's are loaded. */
export const TextsContext = createContext<SiteTexts | null>(null);

export function useTexts(): SiteTexts {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useTexts outside <Providers>');
  return texts;
}

const formTexts = new Map<LanguageCode, Promise<FormTexts>>();

/**
 * The forms' texts in the page's language (shared/i18n/catalogues/forms/), loaded the first time a form
 * asks for them: the component suspends until they are there (the form's page is in a Suspense
 * boundary, and its server HTML is complete). The server preloads them on the pages with a form.
 */
export function useFormTexts(): FormTexts {
  return use(preloadFormTexts(useLanguage()));
}

/** Starts loading the forms' texts in `lang` (once; again after a failed load, e.g. a phone offline for a moment). */
export function preloadFormTexts(lang: LanguageCode): Promise<FormTexts> {
  let loading = formTexts.get(lang);
  if (!loading) {
    loading = loadFormTexts(lang);
    formTexts.set(lang, loading);
    void loading.catch(() => formTexts.delete(lang));
  }
  return loading;
}

export function useContent(): SiteContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error('useContent outside <Providers>');
  return content;
}

export function useCompany(): Company {
  return useContent().company;
}

const NO_PAGE_DATA: PageData = {};

/** The data the server rendered this page with; it belongs to the first page only, not to later navigations. */
export function usePageData(): PageData {
  const data = useContext(PageDataContext);
  return useLocation().key === 'default' ? data : NO_PAGE_DATA;
}
