import { Link } from 'react-router-dom';
import type { ErrorPageData } from '../../shared/page-data.js';
import { PageBanner } from '../components/PageBanner.js';
import { useTexts } from '../context/site-context.js';

/** A page for an error the server answered in the site's layout (413, 429, 500 …). */
export function ErrorPage({ title, message }: ErrorPageData) {
  const { errorPage } = useTexts();
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container prose">
          <p>{message}</p>
          <p>
            <Link to="/">{errorPage.home}</Link> {errorPage.or} <Link to="/contact">{errorPage.contact}</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
