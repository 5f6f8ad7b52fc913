import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { useContent } from '../../context/site-context.js';
import type { FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ACTION_LABELS, type EnquiryAction } from '../../../shared/admin/desk.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { telHref } from '../../../shared/content/company.js';
import type { Enquiry, Stage } from '../../../shared/enquiry/enquiry.js';
import { Notes, ReplyLinks, StageForm } from './CardWorkflow.js';
import { formatBytes } from '../../../shared/enquiry/quote.js';
import { quoteDetails } from '../../../shared/enquiry/quote-details.js';

interface EnquiryCardProps {
  enquiry: Enquiry;
  csrfToken: string;
  /** The panel address this card is shown at: forms come back to it. */
  back: string;
  timeZone: string;
  /** The id of the bulk-actions form its checkbox belongs to, whether it is ticked, and when it changes. */
  bulkForm: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The message when the last action on this card failed. */
  error: string | null;
  onAction: (event: FormEvent<HTMLFormElement>, enquiry: Enquiry, action: EnquiryAction) => void;
  onStage: (enquiry: Enquiry, stage: Stage, onlyFrom?: Stage) => void;
  onNote: (enquiry: Enquiry, body: string) => Promise<boolean>;
}

/** On a card, moving to Trash is the spec's Delete button. */
const CARD_LABELS: Record<EnquiryAction, string> = { ...ACTION_LABELS, trash: ADMIN_TEXT.delete };

/** What can be done to an enquiry where it is: in Trash, in Spam, or in the inbox. */
function actionsFor(enquiry: Enquiry): EnquiryAction[] {
  if (enquiry.trashedAt) return ['restore', 'purge'];
  const read = enquiry.read ? 'unread' : 'read';
  if (enquiry.spamReason) return [read, 'notspam', 'trash'];
  return [
    read,
    enquiry.starred ? 'unstar' : 'star',
    ...(enquiry.notification ? ['resend' as const] : []),
    'spam',
    'trash',
  ];
}

/** Where the e-mail about this enquiry stands, in words. */
function notificationText({ notification }: Enquiry): string | null {
  if (!notification) return null;
  if (notification.status === 'sent') return 'E-mail notification sent.';
  if (notification.status === 'pending') {
    return notification.error
      ? `E-mail notification not sent yet (${notification.error}); it is tried again shortly.`
      : 'E-mail notification on its way.';
  }
  return `E-mail notification failed: ${notification.error ?? 'unknown error'}.`;
}

/** One enquiry: everything as text (React escapes it), line breaks of the message kept, and what can be done to it. */
export function EnquiryCard({
  enquiry,
  csrfToken,
  back,
  timeZone,
  bulkForm,
  selected,
  onSelect,
  error,
  onAction,
  onStage,
  onNote,
}: EnquiryCardProps) {
  const headingId = `enquiry-${enquiry.id}-name`;
  const actions = actionsFor(enquiry);
  const notification = notificationText(enquiry);
  return (
    <article
      className={`card card--padded enquiry-card${enquiry.read ? '' : ' enquiry-card--unread'}`}
      aria-labelledby={headingId}
    >
      <header className="enquiry-card__header">
        <input
          type="checkbox"
          className="enquiry-card__select"
          name="id"
          value={enquiry.id}
          form={bulkForm}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-labelledby={`select-${enquiry.id} ${headingId}`}
        />
        <span id={`select-${enquiry.id}`} hidden>
          Select
        </span>
        <h2 id={headingId}>{enquiry.name}</h2>
        {(enquiry.starred || !enquiry.read || enquiry.repeats > 0) && (
          <p className="enquiry-card__flags">
            {enquiry.starred && <span className="badge badge--star">★ Starred</span>}
            {!enquiry.read && <span className="badge">Unread</span>}
            {enquiry.repeats > 0 && <span className="badge badge--repeat">{`Sent ${enquiry.repeats + 1} times`}</span>}
          </p>
        )}
        <time dateTime={enquiry.createdAt}>{formatEnquiryDate(enquiry.createdAt, timeZone)}</time>
      </header>
      {enquiry.spamReason && <p className="notice notice--info enquiry-card__spam">{`Spam: ${enquiry.spamReason}`}</p>}
      <dl className="enquiry-card__details">
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
          <dt>Subject</dt>
          <dd>{enquiry.subject}</dd>
        </div>
        {quoteDetails(enquiry, useContent().products).map(([label, value]) => (
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
                <a
                  href={pathTo(ADMIN_PATHS.drawing, { id: enquiry.id, drawingId: drawing.id })}
                  download={drawing.name}
                >
                  {drawing.name}
                </a>{' '}
                <span className="enquiry-card__size">{`(${formatBytes(drawing.size)})`}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {notification && (
        <p className={`enquiry-card__notification enquiry-card__notification--${enquiry.notification!.status}`}>
          {notification}
        </p>
      )}
      <ReplyLinks enquiry={enquiry} onReply={() => enquiry.status === 'new' && onStage(enquiry, 'open', 'new')} />
      <StageForm enquiry={enquiry} csrfToken={csrfToken} back={back} onStage={(stage) => onStage(enquiry, stage)} />
      <Notes
        enquiry={enquiry}
        csrfToken={csrfToken}
        back={back}
        timeZone={timeZone}
        onNote={(body) => onNote(enquiry, body)}
      />
      <div className="enquiry-card__actions">
        {actions.map((action) => (
          <form
            key={action}
            method="post"
            action={pathTo(ADMIN_PATHS.action, { id: enquiry.id, action })}
            onSubmit={(event) => onAction(event, enquiry, action)}
          >
            <input type="hidden" name="_csrf" value={csrfToken} />
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              className={action === 'trash' || action === 'purge' ? 'button button--danger' : 'button button--ghost'}
              aria-describedby={headingId}
            >
              {CARD_LABELS[action]}
            </button>
          </form>
        ))}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
