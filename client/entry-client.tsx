import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, MemoryRouter, unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { loadSiteTexts } from '../shared/i18n/catalogue.js';
import { APP_ROOT_ID, BOOTSTRAP_ELEMENT_ID, type Bootstrap } from '../shared/page-data.js';
import { App } from './app/App.js';
import { localizedHistory } from './app/localized-router.js';
import { Providers } from './context/Providers.js';
import { captureLeadSource } from './lead-source-capture.js';
import './styles/site.css';

// Tells the CSS that scripts run, so no-JavaScript fallbacks (hover menus, open mobile nav) step aside.
document.documentElement.classList.add('js');

// In a task of its own: the tab's first use of sessionStorage can take a few milliseconds.
setTimeout(captureLeadSource);

const bootstrap = JSON.parse(document.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent ?? '{}') as Bootstrap;

// Only the page's language's texts are loaded: its catalogue is a chunk of its own (preloaded by the page).
// As a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for the whole page (on a phone, one long task per page and per lazy chunk); a tap or a key
// before it ends still hydrates what it reaches first.
void loadSiteTexts(bootstrap.lang).then((texts) =>
  startTransition(() => {
    hydrateRoot(
      document.getElementById(APP_ROOT_ID)!,
      <Providers bootstrap={bootstrap} texts={texts}>
        {/* A preview (/admin/site/preview/<token>) is the page at its own path, with the draft's content. */}
        {bootstrap.pageData.preview ? (
          <MemoryRouter initialEntries={[bootstrap.pageData.preview.path]}>
            <App />
          </MemoryRouter>
        ) : bootstrap.lang === 'en' ? (
          <BrowserRouter>
            <App />
          </BrowserRouter>
        ) : (
          <HistoryRouter history={localizedHistory(bootstrap.lang)}>
            <App />
          </HistoryRouter>
        )}
      </Providers>,
    );
  }),
);
