import { useContext, useMemo, type ReactNode } from 'react';
import {
  createPath,
  StaticRouter,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_NavigationContext as NavigationContext,
  type HistoryRouterProps,
  type Location,
  type To,
} from 'react-router-dom';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { localizedHref, pageAddress } from '../../shared/i18n/page-address.js';

// The app's routes are the English paths (shared/routes.ts). A page in another language is at its translated
// address (/de/produkte/flansche): the router sees the English path, and every link and navigation is
// written in the page's language.

type History = HistoryRouterProps['history'];

const hrefIn = (lang: LanguageCode, to: To) => localizedHref(lang, typeof to === 'string' ? to : createPath(to));

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

const englishLocation = (location: Location): Location => ({
  ...location,
  pathname: pageAddress(decoded(location.pathname)).englishPath,
});

/** The browser's history, with the English path of the translated address the page is at. */
export function localizedHistory(lang: LanguageCode): History {
  const browser = createBrowserHistory({ v5Compat: true });
  return {
    get action() {
      return browser.action;
    },
    get location() {
      return englishLocation(browser.location);
    },
    createHref: (to) => hrefIn(lang, to),
    createURL: (to) => browser.createURL(hrefIn(lang, to)),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => browser.push(hrefIn(lang, to), state),
    replace: (to, state) => browser.replace(hrefIn(lang, to), state),
    go: (delta) => browser.go(delta),
    listen: (listener) =>
      browser.listen((update) => listener({ ...update, location: englishLocation(update.location) })),
  };
}

/** The server's router for a page at `location` (its English path): its links in the page's language. */
export function LocalizedStaticRouter({
  lang,
  location,
  children,
}: {
  lang: LanguageCode;
  location: string;
  children: ReactNode;
}) {
  return (
    <StaticRouter location={location}>
      <LocalizedLinks lang={lang}>{children}</LocalizedLinks>
    </StaticRouter>
  );
}

function LocalizedLinks({ lang, children }: { lang: LanguageCode; children: ReactNode }) {
  const context = useContext(NavigationContext);
  const value = useMemo(
    () => ({ ...context, navigator: { ...context.navigator, createHref: (to: To) => hrefIn(lang, to) } }),
    [context, lang],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}
