import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import type { LanguageCode } from '../../shared/i18n/languages.js';
import { localizedHref } from '../../shared/i18n/page-address.js';
import type { LanguageOffer as Offer } from '../../shared/page-data.js';
import { useLanguage, usePublicLanguages } from '../context/site-context.js';

/** The offers the visitor turned down, remembered in this browser (no cookie). */
const DISMISSED_KEY = 'language-offer-dismissed';

function dismissed(): LanguageCode[] {
  try {
    return JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]') as LanguageCode[];
  } catch {
    return [];
  }
}

const noChanges = () => () => {};

/** The public language the browser prefers, when it is not the page's; never a redirect. */
function preferred(current: LanguageCode, languages: readonly Offer[]): Offer | undefined {
  for (const tag of navigator.languages) {
    const offer = languages.find(({ lang }) => tag.toLowerCase().split('-')[0] === lang);
    if (offer) return offer.lang === current || dismissed().includes(offer.lang) ? undefined : offer;
  }
  return undefined;
}

/**
 * One line offering this page in the language the browser prefers ("Diese Seite gibt es auf Deutsch"), in that
 * language, once the page runs its scripts; dismissed for good in this browser.
 */
export function LanguageOffer() {
  const current = useLanguage();
  const languages = usePublicLanguages();
  const { pathname } = useLocation();
  // The browser's languages, read once hydrated (the server's page has no offer).
  const offer = useSyncExternalStore(
    noChanges,
    () => preferred(current, languages),
    () => undefined,
  );
  const [declined, setDeclined] = useState(false);
  if (!offer || declined) return null;
  const dismiss = () => {
    setDeclined(true);
    try {
      localStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissed(), offer.lang]));
    } catch {
      // Storage refused (a private window): dismissed for this page only.
    }
  };
  return (
    // The card takes the page's direction (it sits at the start corner, the quick-contact buttons at
    // the end); its words are in the other language, each with its own direction.
    <aside className="language-offer">
      <a href={localizedHref(offer.lang, pathname)} hrefLang={offer.lang} lang={offer.lang} dir="auto">
        {offer.offer}
      </a>
      <button type="button" className="language-offer__dismiss" onClick={dismiss} lang={offer.lang} dir="auto">
        {offer.dismiss}
      </button>
    </aside>
  );
}
