import { Link } from 'react-router-dom';
import { categoriesOf } from '../../shared/content/categories.js';
import { nameInSentence, telHref } from '../../shared/content/company.js';
import { useContent, useTexts } from '../context/site-context.js';
import { Paragraphs } from '../components/Paragraphs.js';
import { PostalAddress } from '../components/PostalAddress.js';
import { RegistrationList } from '../components/capability/RegistrationList.js';
import { INFRASTRUCTURE_PATH } from '../../shared/routes.js';

export function Footer() {
  const { company, products, legal } = useContent();
  const { nav, footer } = useTexts();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer__grid">
        <section aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{footer.quickLinks}</h2>
          <ul>
            <li>
              <Link to="/">{nav.home}</Link>
            </li>
            <li>
              <Link to="/about">{nav.about}</Link>
            </li>
            <li>
              <Link to={INFRASTRUCTURE_PATH}>{footer.infrastructure}</Link>
            </li>
            <li>
              <Link to="/products">{nav.products}</Link>
            </li>
            <li>
              <Link to="/contact">{nav.contact}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-products">
          <h2 id="footer-products">{footer.ourProducts}</h2>
          <ul>
            {categoriesOf(products).map((category) => (
              <li key={category.slug}>
                <Link to={`/products/${category.slug}`}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{footer.contactInfo}</h2>
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
          <h2 id="privacy-heading">{footer.privacy}</h2>
          <Paragraphs text={legal.privacy} />
          <p>
            {footer.grievances} {company.grievance.name},{' '}
            <a href={`mailto:${company.grievance.email}`}>{company.grievance.email}</a>
          </p>
        </section>
        <section id="terms" aria-labelledby="terms-heading">
          <h2 id="terms-heading">{footer.terms}</h2>
          <Paragraphs text={legal.terms} />
        </section>
      </div>
      <div className="footer__bottom">
        <div className="container footer__bottom-inner">
          <p>
            © {year} {nameInSentence(company.name)}. {footer.rights}
          </p>
          <p>
            <a href="#privacy">{footer.privacy}</a> · <a href="#terms">{footer.terms}</a>
          </p>
        </div>
      </div>
    </footer>
  );
}
