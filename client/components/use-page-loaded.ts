import { useSyncExternalStore } from 'react';

function onPageLoad(onChange: () => void) {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/**
 * Whether the page has loaded (its `load` event: the first view's images and the scripts are in).
 * False in the server's HTML and while hydrating, so the page hydrates as it was sent.
 */
export const usePageLoaded = (): boolean =>
  useSyncExternalStore(
    onPageLoad,
    () => document.readyState === 'complete',
    () => false,
  );
