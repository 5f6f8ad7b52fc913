import { StrictMode, useMemo, type ReactNode } from 'react';
import type { Bootstrap } from '../../shared/page-data.js';
import type { SiteTexts } from '../../shared/i18n/catalogue.js';
import { ContentContext, LanguageContext, PageDataContext, TextsContext } from './site-context.js';

export function Providers({
  bootstrap,
  texts,
  children,
}: {
  bootstrap: Bootstrap;
  texts: SiteTexts;
  children: ReactNode;
}) {
  const { lang, languages } = bootstrap;
  const language = useMemo(() => ({ lang, languages }), [lang, languages]);
  return (
    <StrictMode>
      <LanguageContext.Provider value={language}>
        <TextsContext.Provider value={texts}>
          <ContentContext.Provider value={bootstrap.content}>
            <PageDataContext.Provider value={bootstrap.pageData}>{children}</PageDataContext.Provider>
          </ContentContext.Provider>
        </TextsContext.Provider>
      </LanguageContext.Provider>
    </StrictMode>
  );
}
