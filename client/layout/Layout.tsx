import { Outlet } from 'react-router-dom';
import { useTexts } from '../context/site-context.js';
import { FloatingActions } from './FloatingActions.js';
import { LanguageOffer } from './LanguageOffer.js';
import { Footer } from './Footer.js';
import { NavBar } from './NavBar.js';
import { PreviewBanner } from './PreviewBanner.js';
import { RouteChangeEffects } from './RouteChangeEffects.js';
import { TopBar } from './TopBar.js';

export function Layout() {
  const { nav } = useTexts();
  return (
    <>
      <a className="skip-link" href="#main">
        {nav.skip}
      </a>
      <LanguageOffer />
      <PreviewBanner />
      <TopBar />
      <NavBar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <FloatingActions />
      <RouteChangeEffects />
    </>
  );
}

/** The admin's pages: the skip link and the page, which brings its own shell (AdminShell). */
export function AdminLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
      <RouteChangeEffects />
    </>
  );
}
