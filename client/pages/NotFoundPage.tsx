import { Link } from 'react-router-dom';
import { PageBanner } from '../components/PageBanner.js';
import { useTexts } from '../context/site-context.js';

export function NotFoundPage() {
  const { notFound } = useTexts();
  return (
    <>
      <PageBanner title={notFound.title}>{notFound.lead}</PageBanner>
      <section className="section">
        <div className="container prose">
          <p>{notFound.help}</p>
          <ul>
            <li>
              <Link to="/">{notFound.home}</Link>
            </li>
            <li>
              <Link to="/products">{notFound.products}</Link>
            </li>
            <li>
              <Link to="/contact">{notFound.contact}</Link>
            </li>
          </ul>
        </div>
      </section>
    </>
  );
}
