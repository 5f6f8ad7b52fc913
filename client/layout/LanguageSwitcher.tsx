import { useLocation } from 'react-router-dom';
import { LANGUAGE_INFO } from '../../shared/i18n/languages.js';
import { localizedHref } from '../../shared/i18n/page-address.js';
import { useLanguage, usePublicLanguages, useTexts } from '../context/site-context.js';

/**
 * The same page in each public language, by name in that language: plain links (a whole new page, in its
 * own language), in the menu of the header and of the phone alike. Nothing when English is the only one.
 */
export function LanguageSwitcher() {
  const current = useLanguage();
  const languages = usePublicLanguages();
  const { pathname } = useLocation();
  const { nav } = useTexts();
  if (languages.length < 2) return null;
  return (
    <li className="nav__item nav__languages">
      <ul className="languages" aria-label={nav.languages}>
        {languages.map(({ lang }) => (
          <li key={lang}>
            {lang === current ? (
              <span className="languages__current" aria-current="true" lang={lang}>
                {LANGUAGE_INFO[lang].native}
              </span>
            ) : (
              <a href={localizedHref(lang, pathname)} hrefLang={lang} lang={lang}>
                {LANGUAGE_INFO[lang].native}
              </a>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
