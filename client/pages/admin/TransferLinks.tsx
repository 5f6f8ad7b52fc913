import { transferLinksIn } from '../../../shared/enquiry/transfer-links.js';

/**
 * The file-transfer links of an enquiry (WeTransfer, Google Drive, Dropbox, OneDrive …), named by
 * their service: drawings too big to attach, sent as a link. Each opens in a new tab, without the
 * desk's address as referrer.
 */
export function TransferLinks({ text }: { text: string }) {
  const links = transferLinksIn(text);
  if (links.length === 0) return null;
  return (
    <>
      <h3>File-transfer links</h3>
      <ul className="enquiry-page__transfers">
        {links.map(({ service, url }) => (
          <li key={url}>
            <span className="badge">{service}</span>{' '}
            <a href={url} rel="noopener noreferrer nofollow ugc" target="_blank">
              {url}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
