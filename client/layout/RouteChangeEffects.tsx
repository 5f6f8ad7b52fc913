import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle, findPage, notFoundMeta } from '../../shared/content/pages.js';
import { useSiteConfig } from '../app/site-context.js';

/** After a client-side navigation: scroll to the top, set the title, and move focus to the new content. */
export function RouteChangeEffects() {
  const { pathname, hash } = useLocation();
  const { companyName } = useSiteConfig();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.title = documentTitle(findPage(pathname) ?? notFoundMeta, companyName);
    if (hash) return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash, companyName]);

  return null;
}
