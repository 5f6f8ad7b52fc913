import type { KeptAsideMessage } from '../../../shared/admin/desk.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { attachTo, KEPT_ASIDE_LINE, KEPT_ASIDE_TEXT, keptAsideFrom } from '../../../shared/admin/texts.js';

interface KeptAsideProps {
  enquiryId: number;
  messages: KeptAsideMessage[];
  csrfToken: string;
  back: string;
  timeZone: string;
}

/**
 * Mail that names this enquiry but did not come from its buyer's address alone (a colleague, a forged
 * sender), kept out of the conversation: each with its text folded and "Attach to #n" or "Discard".
 * Plain forms (POST, 303 back), with or without JavaScript.
 */
export function KeptAside({ enquiryId, messages, csrfToken, back, timeZone }: KeptAsideProps) {
  if (messages.length === 0) return null;
  return (
    <section className="card card--padded kept-aside" aria-labelledby="kept-aside-title">
      <h2 id="kept-aside-title">{`${KEPT_ASIDE_TEXT.heading} (${messages.length})`}</h2>
      <p>{KEPT_ASIDE_TEXT.intro}</p>
      {messages.map((message) => (
        <article key={message.id} className="kept-aside__message" aria-labelledby={`kept-aside-${message.id}`}>
          <h3 id={`kept-aside-${message.id}`}>
            <bdi>{keptAsideFrom(message.sender)}</bdi>
          </h3>
          <p>
            <bdi dir="auto">{message.subject}</bdi>
            {' · '}
            {formatEnquiryDate(message.sentAt ?? message.keptAt, timeZone)}
          </p>
          <details>
            <summary>{KEPT_ASIDE_TEXT.read}</summary>
            <p className="kept-aside__body" dir="auto">
              {message.body}
            </p>
            {message.attachments.length > 0 && (
              <p>
                {KEPT_ASIDE_TEXT.notStored}{' '}
                {message.attachments.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}
              </p>
            )}
          </details>
          <form method="post" action={pathTo(ADMIN_PATHS.keptAside, { id: enquiryId, kept: message.id })}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="back" value={back} />
            <button className="button button--small" type="submit" name="action" value="attach">
              {attachTo(enquiryId)}
            </button>{' '}
            <button className="button button--small button--ghost" type="submit" name="action" value="discard">
              {KEPT_ASIDE_TEXT.discard}
            </button>
          </form>
        </article>
      ))}
    </section>
  );
}

/** The Inbox's line naming the enquiries with mail kept aside, each a link to its page. */
export function KeptAsideLine({ enquiries }: { enquiries: { enquiryId: number; count: number }[] }) {
  if (enquiries.length === 0) return null;
  return (
    <p className="notice notice--info kept-aside-line">
      {KEPT_ASIDE_LINE}{' '}
      {enquiries.map(({ enquiryId, count }, index) => (
        <span key={enquiryId}>
          {index > 0 && ', '}
          <a href={pathTo(ADMIN_PATHS.enquiryPage, { id: enquiryId })}>{`#${enquiryId}`}</a>
          {count > 1 && ` (${count})`}
        </span>
      ))}
    </p>
  );
}
