import { Link } from 'react-router-dom';
import { categoriesOf } from '../../shared/content/categories.js';
import { nameInSentence, telHref } from '../../shared/content/company.js';
import { useContent } from '../context/site-context.js';
import { Paragraphs } from '../components/Paragraphs.js';
import { PostalAddress } from '../components/PostalAddress.js';
import { RegistrationList } from '../components/capability/RegistrationList.js';
import { INFRASTRUCTURE_PATH, INFRASTRUCTURE_TITLE } from '../../shared/routes.js';

export function Footer() {
  const { company, products, legal } = useContent();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
            <li>
              <Link to={INFRASTRUCTURE_PATH}>{INFRASTRUCTURE_TITLE}</Link>
            </li>
            <li>
              <Link to="/products">Products</Link>
            </li>
            <li>
              <Link to="/contact">Contact Us</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products">Our Products</h2>
          <ul>
            {categoriesOf(products).map((category) => (
              <li key={category.slug}>
                <Link to={`/products/${category.slug}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Info</h2>
          <ul>
            <li>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </li>
            {company.phones.map((phone) => (
              <li key={phone}>
                <a href={telHref(phone)}>{phone}</a>
              </li>
            ))}
          </ul>
          <PostalAddress />
          <RegistrationList withYear={false} className="registration--footer" />
        </section>
      </div>
      <div className="container footer__legal">
        <section id="privacy" aria-labelledby="privacy-heading">
          <h2 id="privacy-heading">Privacy Policy</h2>
          <Paragraphs text={legal.privacy} />
          <p>
            Privacy requests and grievances: {company.grievance.name},{' '}
            <a href={`mailto:${company.grievance.email}`}>{company.grievance.email}</a>
          </p>
        </section>
        <section id="terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading">Terms of Service</h2>
          <Paragraphs text={legal.terms} />
        </section>
      </div>
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>
            © {year} {nameInSentence(company.name)}. All rights reserved.
          </p>
          <p>
            <a href="#privacy">Privacy Policy</a> · <a href="#terms">Terms of Service</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
