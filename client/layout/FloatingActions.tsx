import { Link, useLocation } from 'react-router-dom';
import { categoryAtPath, quoteHref } from '../../shared/content/categories.js';
import { telHref, whatsappHref } from '../../shared/content/company.js';
import { ADMIN_AREA } from '../../shared/admin/area.js';
import { useContent, useTexts } from '../context/site-context.js';
import { Icon } from '../components/Icon.js';

/** Pages where the quick-contact buttons would only cover the form they point to. */
const WITHOUT_ACTIONS = ['/contact', ADMIN_AREA];

/**
 * Send Enquiry (to the form itself, with the product of a product's page chosen), Call Now, WhatsApp: a
 * column at the side on large screens, a bar at the bottom on phones.
 */
export function FloatingActions() {
  const { company, products } = useContent();
  const { pathname } = useLocation();
  const { quickContact: texts, newTab } = useTexts();
  if (WITHOUT_ACTIONS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return null;
  const slug = categoryAtPath(pathname);
  return (
    <aside className="floating-actions" aria-label={texts.label}>
      <Link to={quoteHref(slug)} className="fab fab--enquiry">
        <Icon name="send" />
        <span className="fab__label">{texts.enquiry}</span>
      </Link>
      <a href={telHref(company.phones[0]!)} className="fab fab--call">
        <Icon name="phone" />
        <span className="fab__label">{texts.call}</span>
      </a>
      <a
        href={whatsappHref(company, slug && products[slug].name)}
        className="fab fab--whatsapp"
        target="_blank"
        rel="noopener noreferrer"
      >
        <Icon name="whatsapp" />
        <span className="fab__label">
          WhatsApp<span className="visually-hidden"> {newTab}</span>
        </span>
      </a>
    </aside>
  );
}
