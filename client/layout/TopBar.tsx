import { telHref } from '../../shared/config/site-config.js';
import { useSiteConfig } from '../app/site-context.js';
import { Icon } from '../components/Icon.js';
import { SocialLinks } from '../components/SocialLinks.js';

export function TopBar() {
  const config = useSiteConfig();
  const [phone] = config.phones;
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
