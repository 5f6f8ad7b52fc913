import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle, findRoute, notFoundMeta } from '../../shared/routes.js';
import { useContent } from '../context/site-context.js';

/** After a client-side navigation: scroll to the top, set the title, and move focus to the new content. */
export function RouteChangeEffects() {
  const { pathname, hash } = useLocation();
  const content = useContent();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.title = documentTitle(findRoute(pathname)?.meta(content) ?? notFoundMeta, content.company.name, pathname);
    if (hash) return;
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname, hash, content]);

  return null;
}
