import { telHref } from '../../shared/content/company.js';
import { useCompany } from '../context/site-context.js';
import { Icon } from '../components/Icon.js';
import { SocialLinks } from '../components/SocialLinks.js';

export function TopBar() {
  const config = useCompany();
  const phone = config.phones[0]!;
  return (
    <div className="topbar">
      <div className="container topbar__inner">
        <ul className="topbar__contact">
          <li>
            <a href={`mailto:${config.email}`}>
              <Icon name="mail" size={16} />
              {config.email}
            </a>
          </li>
          <li>
            <a href={telHref(phone)}>
              <Icon name="phone" size={16} />
              {phone}
            </a>
          </li>
        </ul>
        <SocialLinks className="topbar__social" size={16} />
      </div>
    </div>
  );
}
