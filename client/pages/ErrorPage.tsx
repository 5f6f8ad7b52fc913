import { Link } from 'react-router-dom';
import type { ErrorPageData } from '../../shared/page-data.js';
import { PageBanner } from '../components/PageBanner.js';

/** A page for an error the server answered in the site's layout (413, 429, 500 …). */
export function ErrorPage({ title, message }: ErrorPageData) {
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container prose">
          <p>{message}</p>
          <p>
            <Link to="/">Go to the home page</Link> or <Link to="/contact">contact us</Link>.
          </p>
        </div>
      </section>
    </>
  );
}
