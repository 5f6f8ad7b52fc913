import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { documentTitle, findRoute } from '../../shared/routes.js';
import { useContent, useTexts } from '../context/site-context.js';

/** How long a lazy page may take to render the fragment the address names. */
const LAZY_PAGE_WAIT_MS = 10_000;

/** The element id a fragment names; null when it names none (empty, or not valid percent-encoding). */
function fragmentId(hash: string): string | null {
  try {
    return decodeURIComponent(hash.slice(1)) || null;
  } catch {
    return null;
  }
}

/**
 * After a client-side navigation: set the title, scroll to the top (or to the address's fragment, as
 * a browser does on a full load: Request a Quote opens the contact page at its form), and move focus
 * to the new content (the fragment's heading when it has one that takes focus).
 */
export function RouteChangeEffects() {
  const { pathname, hash } = useLocation();
  const content = useContent();
  const texts = useTexts();
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const title = findRoute(pathname)?.title(content, texts) ?? texts.notFound.title;
    document.title = documentTitle(title, content.company.name, pathname);
    const toTop = () => {
      window.scrollTo(0, 0);
      document.getElementById('main')?.focus({ preventScroll: true });
    };
    const id = hash ? fragmentId(hash) : null;
    if (id === null) return toTop();
    const show = (target: HTMLElement) => {
      target.scrollIntoView();
      const focus = target.hasAttribute('tabindex')
        ? target
        : target.querySelector<HTMLElement>(':scope > [tabindex="-1"]');
      focus?.focus({ preventScroll: true });
    };
    const target = document.getElementById(id);
    if (target) return show(target);
    // A lazy page (the contact form) renders once its chunk has arrived: go to the fragment then.
    toTop();
    const observer = new MutationObserver(() => {
      const arrived = document.getElementById(id);
      if (!arrived) return;
      stop();
      show(arrived);
    });
    // Not for ever: a fragment that never appears must not move the page later.
    const giveUp = setTimeout(() => stop(), LAZY_PAGE_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, content, texts]);

  return null;
}
