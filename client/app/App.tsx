import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { categories } from '../../shared/content/categories.js';
import { Layout } from '../layout/Layout.js';
import { HomePage } from '../pages/HomePage.js';
import { AboutPage } from '../pages/AboutPage.js';
import { ProductsPage } from '../pages/ProductsPage.js';
import { CategoryPage } from '../pages/CategoryPage.js';
import { ThankYouPage } from '../pages/ThankYouPage.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { ErrorPage } from '../pages/ErrorPage.js';
import { usePageData } from './site-context.js';

// The admin screens and the contact form are separate chunks: other pages never download them.
// The server preloads a page's chunk, and its HTML is complete without it.
const AdminPage = lazy(() => import('../pages/admin/AdminPage.js'));
const ContactPage = lazy(() => import('../pages/ContactPage.js'));

export function App() {
  const { error } = usePageData();
  if (error) {
    return (
      <Routes>
        <Route element={<Layout />}>
          <Route path="*" element={<ErrorPage {...error} />} />
        </Route>
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="products" element={<ProductsPage />} />
        {categories.map((category) => (
          <Route
            key={category.slug}
            path={`products/${category.slug}`}
            element={<CategoryPage category={category} />}
          />
        ))}
        <Route path="contact" element={<Suspense fallback={null}><ContactPage /></Suspense>} />
        <Route path="contact/thank-you" element={<ThankYouPage />} />
        {['admin', 'admin/audit', 'admin/privacy'].map((path) => (
          <Route key={path} path={path} element={<Suspense fallback={null}><AdminPage /></Suspense>} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
