import type { FormEvent } from 'react';
import { ADMIN_TEXT, formatEnquiryDate } from '../../../shared/admin.js';
import { telHref } from '../../../shared/config/site-config.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';

interface EnquiryCardProps {
  enquiry: Enquiry;
  csrfToken: string;
  query: string;
  deleteError: boolean;
  onDelete: (event: FormEvent<HTMLFormElement>, enquiry: Enquiry) => void;
}

/** One enquiry: everything as text (React escapes it), line breaks of the message kept. */
export function EnquiryCard({ enquiry, csrfToken, query, deleteError, onDelete }: EnquiryCardProps) {
  const headingId = `enquiry-${enquiry.id}-name`;
  return (
    <article className="card card--padded enquiry-card" aria-labelledby={headingId}>
      <header className="enquiry-card__header">
        <h2 id={headingId}>{enquiry.name}</h2>
        <time dateTime={enquiry.createdAt}>{formatEnquiryDate(enquiry.createdAt)}</time>
      </header>
      <dl className="enquiry-card__details">
        <div>
          <dt>Email</dt>
          <dd>{enquiry.email ? <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a> : 'Not given'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd><a href={telHref(enquiry.phone)}>{enquiry.phone}</a></dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>{enquiry.subject}</dd>
        </div>
        {quoteDetails(enquiry).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="enquiry-card__message">{enquiry.message}</p>
      {enquiry.drawings.length > 0 && (
        <div className="enquiry-card__drawings">
          <h3>Drawings</h3>
          <ul>
            {enquiry.drawings.map((drawing) => (
              <li key={drawing.id}>
                <a href={`/admin/enquiries/${enquiry.id}/drawings/${drawing.id}`} download={drawing.name}>{drawing.name}</a>{' '}
                <span className="enquiry-card__size">{`(${formatBytes(drawing.size)})`}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form method="post" action={`/admin/enquiries/${enquiry.id}/delete`} onSubmit={(event) => onDelete(event, enquiry)}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="q" value={query} />
        <button type="submit" className="button button--danger" aria-describedby={headingId}>
          {ADMIN_TEXT.delete}
        </button>
      </form>
      {deleteError && (
        <p className="notice notice--error" role="alert">
          {ADMIN_TEXT.deleteFailed}
        </p>
      )}
    </article>
  );
}
