import { socialLinks } from '../../shared/content/company.js';
import { useCompany, useTexts } from '../context/site-context.js';
import { Icon } from './Icon.js';

/** The business's social profiles, each opening in a new tab. */
export function SocialLinks({
  className,
  size = 20,
  withText = false,
}: {
  className: string;
  size?: number;
  withText?: boolean;
}) {
  const links = socialLinks(useCompany());
  const { newTab } = useTexts();
  if (links.length === 0) return null;
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.network}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            <Icon name={link.network} size={size} />
            <span className={withText ? undefined : 'visually-hidden'}>
              {link.label}
              <span className="visually-hidden"> {newTab}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
