import { createContext, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { defaultSiteConfig, type SiteConfig } from '../../shared/config/site-config.js';
import type { PageData } from '../../shared/page-data.js';

export const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig);
export const PageDataContext = createContext<PageData>({});

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

const NO_PAGE_DATA: PageData = {};

/** The data the server rendered this page with; it belongs to the first page only, not to later navigations. */
export function usePageData(): PageData {
  const data = useContext(PageDataContext);
  return useLocation().key === 'default' ? data : NO_PAGE_DATA;
}
