import { lazy, Suspense, useEffect, type ReactElement, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { categoriesOf, type CategorySlug } from '../../shared/content/categories.js';
import { ADMIN_AREA } from '../../shared/admin/area.js';
import { ROUTES, type PageName } from '../../shared/routes.js';
import { AdminLayout, Layout } from '../layout/Layout.js';
import { HomePage } from '../pages/HomePage.js';
import { AboutPage } from '../pages/AboutPage.js';
import { ProductsPage } from '../pages/ProductsPage.js';
import { CategoryPage } from '../pages/CategoryPage.js';
import { ThankYouPage } from '../pages/ThankYouPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { ErrorPage } from '../pages/ErrorPage.js';
import { preloadFormTexts, useContent, usePageData } from '../context/site-context.js';
import type { LanguageCode } from '../../shared/i18n/languages.js';

// The admin screens, the contact form, the Infrastructure page and a quotation's page are separate chunks: other pages never download them.
// The server preloads a page's chunk, and its HTML is complete without it.
// A page with a form fetches the forms' texts beside its chunk, not after it (on a client-side navigation).
const withFormTexts =
  <T,>(page: () => Promise<T>) =>
  () => {
    if (typeof document !== 'undefined') void preloadFormTexts(document.documentElement.lang as LanguageCode);
    return page();
  };
const AdminPage = lazy(() => import('../pages/admin/AdminPage.js'));
const ContactPage = lazy(withFormTexts(() => import('../pages/ContactPage.js')));
const InfrastructurePage = lazy(() => import('../pages/InfrastructurePage.js'));
const QuotationAnswerPage = lazy(withFormTexts(() => import('../pages/QuotationAnswerPage.js')));

function CategoryRoute({ slug }: { slug: CategorySlug }) {
  const category = categoriesOf(useContent().products).find((candidate) => candidate.slug === slug)!;
  return <CategoryPage category={category} />;
}

/**
 * Marks the document `hydrated` once the page's own part has been hydrated: a lazy page is
 * hydrated after the rest (when its chunk arrives), and until then its forms are the server's HTML,
 * whose controls React does not yet handle. (Browser tests wait for this, not for the root.)
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => document.documentElement.classList.add('hydrated'), []);
  return children;
}

/** The component of each page of the route table (shared/routes.ts). */
const PAGES: Record<PageName, (slug?: CategorySlug) => ReactElement> = {
  home: () => (
    <Hydrated>
      <HomePage />
    </Hydrated>
  ),
  about: () => (
    <Hydrated>
      <AboutPage />
    </Hydrated>
  ),
  infrastructure: () => (
    <Suspense fallback={null}>
      <Hydrated>
        <InfrastructurePage />
      </Hydrated>
    </Suspense>
  ),
  products: () => (
    <Hydrated>
      <ProductsPage />
    </Hydrated>
  ),
  category: (slug) => (
    <Hydrated>
      <CategoryRoute slug={slug!} />
    </Hydrated>
  ),
  contact: () => (
    <Suspense fallback={null}>
      <Hydrated>
        <ContactPage />
      </Hydrated>
    </Suspense>
  ),
  'thank-you': () => (
    <Hydrated>
      <ThankYouPage />
    </Hydrated>
  ),
  quotation: () => (
    <Suspense fallback={null}>
      <Hydrated>
        <QuotationAnswerPage />
      </Hydrated>
    </Suspense>
  ),
  admin: () => (
    <Suspense fallback={null}>
      <Hydrated>
        <AdminPage />
      </Hydrated>
    </Suspense>
  ),
};

export function App() {
  const { error, notFound } = usePageData();
  if (error || notFound) {
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<Hydrated>{error ? <ErrorPage {...error} /> : <NotFoundPage />}</Hydrated>} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      {/* The admin's screens have a shell of their own (AdminShell), not the public site's. */}
      <Route element={<AdminLayout />}>
        {/* Every screen: the server renders the one at the address (shared/admin/routes.ts). */}
        <Route path={`${ADMIN_AREA}/*`} element={PAGES.admin()} />
      </Route>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={PAGES[route.page](route.slug)} />
        ))}
        <Route
          path="*"
          element={
            <Hydrated>
              <NotFoundPage />
            </Hydrated>
          }
        />
      </Route>
    </Routes>
  );
}
