import { lazy, Suspense, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { categoriesOf, type CategorySlug } from '../../shared/content/categories.js';
import { ROUTES, type PageName } from '../../shared/routes.js';
import { Layout } from '../layout/Layout.js';
import { HomePage } from '../pages/HomePage.js';
import { AboutPage } from '../pages/AboutPage.js';
import { ProductsPage } from '../pages/ProductsPage.js';
import { CategoryPage } from '../pages/CategoryPage.js';
import { ThankYouPage } from '../pages/ThankYouPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { ErrorPage } from '../pages/ErrorPage.js';
import { useContent, usePageData } from './site-context.js';

// The admin screens and the contact form are separate chunks: other pages never download them.
// The server preloads a page's chunk, and its HTML is complete without it.
const AdminPage = lazy(() => import('../pages/admin/AdminPage.js'));
const ContactPage = lazy(() => import('../pages/ContactPage.js'));

function CategoryRoute({ slug }: { slug: CategorySlug }) {
  const category = categoriesOf(useContent().products).find((candidate) => candidate.slug === slug)!;
  return <CategoryPage category={category} />;
}

/** The component of each page of the route table (shared/routes.ts). */
const PAGES: Record<PageName, (slug?: CategorySlug) => ReactElement> = {
  home: () => <HomePage />,
  about: () => <AboutPage />,
  products: () => <ProductsPage />,
  category: (slug) => <CategoryRoute slug={slug!} />,
  contact: () => <Suspense fallback={null}><ContactPage /></Suspense>,
  'thank-you': () => <ThankYouPage />,
  admin: () => <Suspense fallback={null}><AdminPage /></Suspense>,
};

export function App() {
  const { error, notFound } = usePageData();
  if (error || notFound) {
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={error ? <ErrorPage {...error} /> : <NotFoundPage />} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={PAGES[route.page](route.slug)} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
