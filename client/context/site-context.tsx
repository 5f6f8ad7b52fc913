import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { Company, SiteContent } from '../../shared/content/schema.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import type { PageData } from '../../shared/page-data.js';

/** The published content; the server renders every page with it and embeds it for hydration. */
export const ContentContext = createContext<SiteContent | null>(null);
export const PageDataContext = createContext<PageData>({});
/** The page's language: the whole document is in it, and a link to another page stays in it. */
export const LanguageContext = createContext<LanguageCode>('en');

export const useLanguage = (): LanguageCode => useContext(LanguageContext);

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
