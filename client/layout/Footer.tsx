import { Link } from 'react-router-dom';
import { telHref } from '../../shared/config/site-config.js';
import { categories } from '../../shared/content/categories.js';
import { useSiteConfig } from '../app/site-context.js';
import { PostalAddress } from '../components/PostalAddress.js';

export function Footer() {
  const config = useSiteConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            <li><Link to="/">Home</Link></li>
            <li><Link to="/about">About Us</Link></li>
            <li><Link to="/products">Products</Link></li>
            <li><Link to="/contact">Contact Us</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products">Our Products</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.slug}>
                <Link to={`/products/${category.slug}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact Info</h2>
          <ul>
            <li><a href={`mailto:${config.email}`}>{config.email}</a></li>
            {config.phones.map((phone) => (
              <li key={phone}><a href={telHref(phone)}>{phone}</a></li>
            ))}
          </ul>
          <PostalAddress />
        </section>
      </div>
      <div className="container footer__legal">
        <section id="privacy" aria-labelledby="privacy-heading">
          <h2 id="privacy-heading">Privacy Policy</h2>
          <p>
            When you send an enquiry we store what you wrote and when, and use it only to answer you. We do not sell or
            share it. This site sets no tracking cookies.
          </p>
          <p>
            To see the data we hold about you or to have it erased, or to raise a grievance about how we handle it,
            write to our {config.grievanceContact.name} at{' '}
            <a href={`mailto:${config.grievanceContact.email}`}>{config.grievanceContact.email}</a> with the e-mail
            address or phone number you used.
          </p>
        </section>
        <section id="terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading">Terms of Service</h2>
          <p>
            Product information on this site is a general description. Quotations, specifications and delivery terms
            are binding only when confirmed in writing by {config.companyName}.
          </p>
        </section>
      </div>
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>© {year} {config.companyName}. All rights reserved.</p>
          <p>
            <a href="#privacy">Privacy Policy</a> · <a href="#terms">Terms of Service</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
