import { StrictMode, type ReactNode } from 'react';
import type { Bootstrap } from '../../shared/page-data.js';
import { PageDataContext, SiteConfigContext } from './site-context.js';

export function Providers({ bootstrap, children }: { bootstrap: Bootstrap; children: ReactNode }) {
  return (
    <StrictMode>
      <SiteConfigContext.Provider value={bootstrap.config}>
        <PageDataContext.Provider value={bootstrap.pageData}>{children}</PageDataContext.Provider>
      </SiteConfigContext.Provider>
    </StrictMode>
  );
}
