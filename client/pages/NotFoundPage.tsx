import { Link } from 'react-router-dom';
import { PageBanner } from '../components/PageBanner.js';

export function NotFoundPage() {
  return (
    <>
      <PageBanner title="Page Not Found">We could not find the page you asked for.</PageBanner>
      <section className="section">
        <div className="container prose">
          <p>The address may be mistyped, or the page may have moved. These pages will help you on:</p>
          <ul>
            <li>
              <Link to="/">Home page</Link>
            </li>
            <li>
              <Link to="/products">All products</Link>
            </li>
            <li>
              <Link to="/contact">Contact us</Link>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
