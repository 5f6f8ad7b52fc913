/**
 * The page's one script tag (issue #42, Lighthouse): the site's stylesheet, then the app
 * (entry-client.tsx, fetched meanwhile through the page's modulepreload hints) once the page's first
 * view is on screen. The page is complete in its HTML: the scripts only enhance it, so they start after
 * the browser has painted its largest image (the one fetched with high priority: the hero, a category's
 * photo) or, on a page without one, its first frame. On a phone, hydrating earlier holds the main thread
 * while that image waits to be painted. No JavaScript class is set before then, so the no-JavaScript
 * menus work until the app takes over.
 */
import './styles/site.css';

/** The largest image's wait is cut short after this long (a photo stuck on a slow network). */
const LONGEST_WAIT_MS = 3000;

function largestImageArrived(): Promise<void> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image || image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}

/** Resolves after the browser has painted the next frame. */
const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

void largestImageArrived()
  .then(nextPaint)
  .then(() => import('./entry-client.js'));
