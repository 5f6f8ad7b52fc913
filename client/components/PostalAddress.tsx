import { useCompany } from '../context/site-context.js';

/** The business's postal address, one configured line per line. */
export function PostalAddress() {
  const { address } = useCompany();
  return (
    <address>
      {address.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  );
}
