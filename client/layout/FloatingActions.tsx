import { Link } from 'react-router-dom';
import { telHref, whatsappHref } from '../../shared/config/site-config.js';
import { useSiteConfig } from '../app/site-context.js';
import { Icon } from '../components/Icon.js';

export function FloatingActions() {
  const config = useSiteConfig();
  return (
    <aside className="floating-actions" aria-label="Quick contact">
      <Link to="/contact" className="fab fab--enquiry">
        <Icon name="send" />
        <span className="fab__label">Send Enquiry</span>
      </Link>
      <a href={telHref(config.phones[0])} className="fab fab--call">
        <Icon name="phone" />
        <span className="fab__label">Call Now</span>
      </a>
      <a href={whatsappHref(config)} className="fab fab--whatsapp" target="_blank" rel="noopener noreferrer">
        <Icon name="whatsapp" />
        <span className="fab__label">
          WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
        </span>
      </a>
    </aside>
  );
}
