/**
 * The page's one script: its stylesheet, then React and the app (entry-client.tsx, named by the
 * server in data-app) once the page has loaded and its largest paint is on screen. The page is complete in its HTML, so the app only
 * enhances it; on a phone, fetching and starting the app earlier competes with the page's own bytes
 * and work for that paint (issue #42: Lighthouse's LCP fell from about 2.5 s to 1.6 s).
 */
import './styles/site.css';

/** The app starts after this long whatever happens (a photo stuck on a slow network, a hidden tab). */
const LONGEST_WAIT_MS = 4000;

/** The page's largest image (a hero or category photo, fetched first), marked for element timing. */
const LARGEST_IMAGE = 'img[elementtiming]';

const pageLoaded = () =>
  new Promise<void>((resolve) =>
    document.readyState === 'complete' ? resolve() : addEventListener('load', () => resolve(), { once: true }),
  );

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

/**
 * Resolves once the browser reports the largest image, or on a page without one its first content,
 * on screen (a painted frame, which requestAnimationFrame alone cannot tell); without those reports
 * (Safari has no element timing), after the next frame.
 */
function largestPaintShown(): Promise<void> {
  const type = document.querySelector(LARGEST_IMAGE) ? 'element' : 'paint';
  if (!PerformanceObserver.supportedEntryTypes.includes(type)) return nextFrame();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntries().some((entry) => type === 'element' || entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type, buffered: true });
    setTimeout(resolve, LONGEST_WAIT_MS);
  });
}

void pageLoaded()
  .then(largestPaintShown)
  .then(() => {
    const script = document.querySelector<HTMLScriptElement>('script[data-app]')!;
    // The page's own chunks (its lazy page, its language's texts) are fetched now, beside the app, into
    // the browser's cache where the app's imports find them. A <link rel="modulepreload"> added to the
    // head would restyle the whole page.
    for (const href of (script.dataset.chunks ?? '').split(' ').filter(Boolean))
      void fetch(href).catch(() => undefined);
    // React's DOM, then the app, each evaluated in a task of its own: a long task is what a tap waits on.
    const [react, app] = script.dataset.app!.split(' ');
    return import(/* @vite-ignore */ react!).then(nextFrame).then(() => import(/* @vite-ignore */ app!));
  });
