import { StrictMode, type ReactNode } from 'react';
import type { Bootstrap } from '../../shared/page-data.js';
import { ContentContext, LanguageContext, PageDataContext } from './site-context.js';

export function Providers({ bootstrap, children }: { bootstrap: Bootstrap; children: ReactNode }) {
  return (
    <StrictMode>
      <LanguageContext.Provider value={bootstrap.lang}>
        <ContentContext.Provider value={bootstrap.content}>
          <PageDataContext.Provider value={bootstrap.pageData}>{children}</PageDataContext.Provider>
        </ContentContext.Provider>
      </LanguageContext.Provider>
    </StrictMode>
  );
}
