import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT, ENQUIRY_SCREEN_TEXT } from '../../../shared/admin/texts.js';
import { LANGUAGE_INFO } from '../../../shared/i18n/languages.js';
import { telHref } from '../../../shared/content/company.js';
import { deliveryText } from '../../../shared/enquiry/delivery.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type Drawing } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';
import type { TimelineItem } from '../../../shared/enquiry/thread.js';
import { useContent } from '../../context/site-context.js';
import { Highlight } from './Highlight.js';
import { LeadSource } from './LeadSource.js';
import { TransferLinks } from './TransferLinks.js';

/**
 * The files each way of the thread brought, by file id: when a buyer's reply brought it, or that we
 * sent it (uploaded with a reply, never a buyer's drawing attached again).
 */
export interface FileOrigins {
  fromReply: Map<number, string>;
  ours: Set<number>;
}

export function fileOrigins(timeline: TimelineItem[]): FileOrigins {
  const fromReply = new Map<number, string>();
  const ours = new Set<number>();
  for (const item of timeline) {
    if (item.kind !== 'message') continue;
    if (item.message.direction === 'sent') for (const id of item.message.ours ?? []) ours.add(id);
    else for (const file of item.message.files) fromReply.set(file.id, item.at);
  }
  return { fromReply, ours };
}

function FileList({
  enquiryId,
  files,
  origin,
}: {
  enquiryId: number;
  files: Drawing[];
  origin?: (file: Drawing) => string | null;
}) {
  return (
    <ul className="enquiry-page__drawings">
      {files.map((file) => (
        <li key={file.id}>
          <a href={pathTo(ADMIN_PATHS.drawing, { id: enquiryId, drawingId: file.id })} download={file.name}>
            {file.name}
          </a>{' '}
          <span className="enquiry-page__size">{`(${formatBytes(file.size)})`}</span>
          {origin?.(file) && <span className="enquiry-page__origin">{origin(file)}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * The enquiry as the buyer sent it: its subject, its message (folded to its first line when later
 * messages follow, unless the whole thread is open), its links, the buyer's drawings and, apart, the
 * files we sent ("Sent by us").
 */
export function EnquiryMessage({
  enquiry,
  query,
  timeZone,
  origins,
  folded,
}: {
  enquiry: Enquiry;
  query: string;
  timeZone: string;
  origins: FileOrigins;
  folded: boolean;
}) {
  const message = (
    <p className="enquiry-page__message">
      <Highlight text={enquiry.message} query={query} />
    </p>
  );
  const theirs = enquiry.drawings.filter((drawing) => !origins.ours.has(drawing.id));
  const ours = enquiry.drawings.filter((drawing) => origins.ours.has(drawing.id));
  return (
    <section className="card card--padded" aria-labelledby="enquiry-message">
      <h2 id="enquiry-message">{enquiry.subject}</h2>
      {folded ? (
        <details className="thread-fold">
          <summary>{enquiry.message.split('\n', 1)[0]}</summary>
          {message}
        </details>
      ) : (
        message
      )}
      <TransferLinks text={`${enquiry.subject}\n${enquiry.message}`} />
      {theirs.length > 0 && (
        <>
          <h3>Drawings</h3>
          <FileList
            enquiryId={enquiry.id}
            files={theirs}
            origin={(file) => {
              const at = origins.fromReply.get(file.id);
              return at ? `From the buyer's reply of ${formatEnquiryDate(at, timeZone)}` : null;
            }}
          />
        </>
      )}
      {ours.length > 0 && (
        <>
          <h3>{ENQUIRY_SCREEN_TEXT.sentByUs}</h3>
          <FileList enquiryId={enquiry.id} files={ours} />
        </>
      )}
    </section>
  );
}

/** Who sent the enquiry, the details of their request, where they came from, and where its e-mails stand. */
export function SenderCard({ enquiry }: { enquiry: Enquiry }) {
  const products = useContent().products;
  // Where the e-mails about this enquiry stand: the admin's notification, the buyer's acknowledgement.
  const deliveries = (
    [
      ['notification', 'E-mail notification', enquiry.notification],
      ['acknowledgement', 'Acknowledgement to the buyer', enquiry.acknowledgement],
    ] as const
  ).flatMap(([key, what, state]) => (state ? [{ key, status: state.status, text: deliveryText(what, state) }] : []));
  return (
    <section className="card card--padded" aria-labelledby="enquiry-sender">
      <h2 id="enquiry-sender">From</h2>
      <dl className="enquiry-page__details">
        <div>
          <dt>Name</dt>
          <dd>{enquiry.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{enquiry.email ? <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a> : 'Not given'}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={telHref(enquiry.phone)}>{enquiry.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{ADMIN_TEXT.language}</dt>
          <dd>{LANGUAGE_INFO[enquiry.language].english}</dd>
        </div>
        {quoteDetails(enquiry, products).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <LeadSource enquiry={enquiry} />
      {deliveries.map(({ key, status, text }) => (
        <p key={key} className={`enquiry-page__notification enquiry-page__notification--${status}`} data-delivery={key}>
          {text}
        </p>
      ))}
    </section>
  );
}
