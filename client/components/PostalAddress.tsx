import { useSiteConfig } from '../app/site-context.js';

/** The business's postal address, one configured line per line. */
export function PostalAddress() {
  const { address } = useSiteConfig();
  return (
    <address>
      {address.map((line) => (
        <span key={line}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
