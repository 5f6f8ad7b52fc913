import { createContext, useContext } from 'react';
import { defaultSiteConfig, type SiteConfig } from '../../shared/config/site-config.js';
import type { PageData } from '../../shared/page-data.js';

export const SiteConfigContext = createContext<SiteConfig>(defaultSiteConfig);
export const PageDataContext = createContext<PageData>({});

export function useSiteConfig(): SiteConfig {
  return useContext(SiteConfigContext);
}

export function usePageData(): PageData {
  return useContext(PageDataContext);
}
