import { foldQuoted } from '../../../shared/enquiry/quoted-text.js';
import { Fragment } from 'react';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_TEXT, ENQUIRY_SCREEN_TEXT } from '../../../shared/admin/texts.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { EDIT_REPLY_QUERY } from '../../../shared/admin/reply.js';
import { plainMailError, replyNotSentText } from '../../../shared/enquiry/delivery.js';
import type { NotificationState } from '../../../shared/enquiry/enquiry.js';
import { formatBytes, type Drawing } from '../../../shared/enquiry/quote.js';
import type { EventKind, ThreadMessage, TimelineItem } from '../../../shared/enquiry/thread.js';

/** What each kind of event says in the timeline. */
const EVENT_TITLES: Record<EventKind, string> = {
  stage: 'Stage changed',
  spam: 'Moved to Spam',
  notspam: 'Moved back to the Inbox: not spam',
  trash: 'Moved to Trash',
  restore: 'Restored from Trash',
  'follow-up': 'Follow-up',
};

/** The actions on one enquiry its timeline shows (read, unread, the star and Resend are not). */
/** An event done in place (with JavaScript), for the timeline until the page is loaded again. */
export const eventItem = (who: string, event: EventKind, detail: string | null = null): TimelineItem => ({
  kind: 'event',
  at: new Date().toISOString(),
  who,
  event,
  detail,
});

/** An http(s) address in a message's text (up to the next space or bracket that ends it). */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'()[\]{}]*[^\s<>"'()[\]{}.,;:!?]/g;
const HAS_URL = new RegExp(URL_PATTERN.source);

/**
 * A message's text, as text (React escapes it: never HTML). With `links`, each http(s) address becomes
 * a link that opens in a new tab without telling the site where it came from.
 */
export function MessageText({ text, links }: { text: string; links: boolean }) {
  if (!links) return <>{text}</>;
  const parts: (string | { href: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    parts.push(text.slice(last, match.index), { href: match[0] });
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, n) =>
        typeof part === 'string' ? (
          <Fragment key={n}>{part}</Fragment>
        ) : (
          <a key={n} href={part.href} rel="noopener noreferrer nofollow ugc" target="_blank">
            {part.href}
          </a>
        ),
      )}
    </>
  );
}

/** A sent reply's delivery, in words (the mail server's own message is behind "Details"). */
function deliveryText(delivery: NotificationState): string {
  if (delivery.status === 'sent') return 'Accepted by the mail server.';
  const tries = `${delivery.tries} ${delivery.tries === 1 ? 'try' : 'tries'}`;
  if (delivery.status === 'failed')
    return `Not sent after ${tries}: ${plainMailError(delivery.error)}. Retry it, or edit it and send it again.`;
  if (!delivery.error) return 'Being sent: the reply is not yet accepted by the mail server.';
  return `Not sent yet after ${tries}: ${plainMailError(delivery.error)}. It is tried again shortly.`;
}

/** A sent reply's heading: "Reply sent" only once the mail server accepted it. */
function replyTitle(delivery: NotificationState | null): string {
  if (!delivery || delivery.status === 'sent') return 'Reply sent';
  if (delivery.status === 'pending' && !delivery.error) return 'Reply being sent';
  return `Reply: ${replyNotSentText({ status: delivery.status, error: delivery.error })}`;
}

function titleOf(item: TimelineItem): string {
  switch (item.kind) {
    case 'enquiry':
      return 'Enquiry received';
    case 'message':
      if (item.message.direction === 'sent') return replyTitle(item.message.delivery);
      return `${item.message.automatic ? 'Automatic reply received' : 'Reply received'}${
        item.message.dmarcFailed ? ' (DMARC failed: the sender’s address may be forged)' : ''
      }`;
    case 'note':
      return 'Note';
    case 'event':
      return item.detail ? `${EVENT_TITLES[item.event]}: ${item.detail}` : EVENT_TITLES[item.event];
  }
}

/** Where a reply not sent is tried again (Retry, a plain form) or edited (Edit: the page with it in the reply form). */
export interface ReplyActions {
  csrfToken: string;
  /** The list's filter and page, as a query string ('' or '?…'). */
  search: string;
}

/** Retry and Edit under a reply that is not sent. */
function NotSentActions({
  enquiryId,
  message,
  actions,
}: {
  enquiryId: number;
  message: ThreadMessage;
  actions: ReplyActions;
}) {
  const { search, csrfToken } = actions;
  const page = pathTo(ADMIN_PATHS.enquiryPage, { id: enquiryId });
  const edit = `${page}${search}${search ? '&' : '?'}${EDIT_REPLY_QUERY}=${message.id}#enquiry-${enquiryId}-reply`;
  return (
    <div className="timeline__actions">
      <form method="post" action={`${pathTo(ADMIN_PATHS.replyRetry, { id: enquiryId, replyId: message.id })}${search}`}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="button button--small">
          Retry
        </button>
      </form>
      {message.delivery?.status === 'failed' && (
        <a className="button button--small button--ghost" href={edit}>
          Edit
        </a>
      )}
    </div>
  );
}

/** One list of a message's files, headed when the message is ours ("Sent by us", the buyer's "Drawings"). */
function FileGroup({ enquiryId, files, label }: { enquiryId: number; files: Drawing[]; label: string | null }) {
  if (files.length === 0) return null;
  return (
    <>
      {label && <p className="timeline__files-label">{label}</p>}
      <ul className="timeline__files" aria-label={label ?? 'Files'}>
        {files.map((file) => (
          <li key={file.id}>
            <a href={pathTo(ADMIN_PATHS.drawing, { id: enquiryId, drawingId: file.id })} download={file.name}>
              {file.name}
            </a>{' '}
            <span className="enquiry-page__size">{`(${formatBytes(file.size)})`}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The files a message carried: a reply's own ("Sent by us") apart from the buyer's drawings it attached again. */
function MessageFiles({ enquiryId, message }: { enquiryId: number; message: ThreadMessage }) {
  if (message.direction !== 'sent') return <FileGroup enquiryId={enquiryId} files={message.files} label={null} />;
  const ours = new Set(message.ours ?? []);
  return (
    <>
      <FileGroup
        enquiryId={enquiryId}
        files={message.files.filter((file) => ours.has(file.id))}
        label={ENQUIRY_SCREEN_TEXT.sentByUs}
      />
      <FileGroup
        enquiryId={enquiryId}
        files={message.files.filter((file) => !ours.has(file.id))}
        label={ENQUIRY_SCREEN_TEXT.buyersDrawings}
      />
    </>
  );
}

/** Whom a sent reply went to: "To buyer@…, CC a@…, b@…, BCC c@…". */
function addressedTo({ recipient, cc, bcc }: ThreadMessage): string {
  const copies = [cc.length > 0 && `CC ${cc.join(', ')}`, bcc.length > 0 && `BCC ${bcc.join(', ')}`];
  return [`To ${recipient}`, ...copies.filter(Boolean)].join(', ');
}

function Message({
  enquiryId,
  message,
  links,
  actions,
}: {
  enquiryId: number;
  message: ThreadMessage;
  links: boolean;
  actions: ReplyActions;
}) {
  // A buyer's reply shows what they wrote; the history it quotes is folded below it.
  const { reply, quoted } =
    message.direction === 'received' ? foldQuoted(message.body) : { reply: message.body, quoted: '' };
  const clickable = links && message.direction === 'received';
  return (
    <>
      <p className="timeline__subject">
        {message.direction === 'sent' ? `${addressedTo(message)}: ` : ''}
        {message.subject}
      </p>
      <pre className="timeline__body">
        <MessageText text={reply} links={clickable} />
      </pre>
      {quoted && (
        <details className="timeline__quoted">
          <summary>Quoted history</summary>
          <pre className="timeline__body">
            <MessageText text={quoted} links={clickable} />
          </pre>
        </details>
      )}
      <MessageFiles enquiryId={enquiryId} message={message} />
      {message.delivery && (
        <p className={`timeline__delivery timeline__delivery--${message.delivery.status}`}>
          {deliveryText(message.delivery)}
        </p>
      )}
      {message.delivery?.error && (
        <details className="timeline__details">
          <summary>{ADMIN_TEXT.details}</summary>
          <p>{`${ADMIN_TEXT.mailServerSaid} ${message.delivery.error}`}</p>
        </details>
      )}
      {message.delivery && (message.delivery.status === 'failed' || message.delivery.error) && (
        <NotSentActions enquiryId={enquiryId} message={message} actions={actions} />
      )}
    </>
  );
}

/**
 * An enquiry's timeline: the enquiry as received, replies sent and received, notes, stage changes,
 * Spam, Trash and follow-ups, in time order, each with who and when (in the site's time zone).
 * Messages are text in a wrapped block; the links in received ones are text until the admin chooses
 * "Make links clickable" (`linksHref`, the page with links=1: a plain link, without JavaScript).
 */
export function Timeline({
  enquiryId,
  items,
  timeZone,
  links,
  linksHref,
  textHref,
  threadHref,
  threadAll,
  actions,
}: {
  enquiryId: number;
  actions: ReplyActions;
  items: TimelineItem[];
  timeZone: string;
  links: boolean;
  linksHref: string;
  /** The page with the links as text again. */
  textHref: string;
  /** The page with every message open (without JavaScript), or with the older ones folded again. */
  threadHref: string;
  threadAll: boolean;
}) {
  // The newest message (either way) is open; the older ones are folded to a line, unless all are open.
  const newest = items.findLastIndex((item) => item.kind === 'message');
  const folded = threadAll ? 0 : items.filter((item, n) => item.kind === 'message' && n !== newest).length;
  const hasLinks = items.some(
    (item) => item.kind === 'message' && item.message.direction === 'received' && HAS_URL.test(item.message.body),
  );
  return (
    <section className="timeline" aria-labelledby="enquiry-timeline">
      <h2 id="enquiry-timeline">Timeline</h2>
      {hasLinks && (
        <p className="timeline__links">
          {links ? (
            <>
              Links in the buyer’s replies are clickable and open in a new tab.{' '}
              <a href={textHref}>Show links as text</a>
            </>
          ) : (
            <>
              Links in the buyer’s replies are shown as text. <a href={linksHref}>Make links clickable</a>
            </>
          )}
        </p>
      )}
      {(folded > 0 || threadAll) && (
        <p className="timeline__fold">
          {threadAll ? '' : `${ENQUIRY_SCREEN_TEXT.older(folded)} `}
          <a href={threadHref}>{threadAll ? ENQUIRY_SCREEN_TEXT.foldOlder : ENQUIRY_SCREEN_TEXT.showAll}</a>
        </p>
      )}
      <ol className="timeline__items">
        {items.map((item, n) => {
          const id = `timeline-${n}`;
          const heading = (
            <>
              <h3 id={id} className="timeline__title">
                {titleOf(item)}
              </h3>
              <p className="timeline__meta">
                {item.who ? `${item.who}, ` : ''}
                <time dateTime={item.at}>{formatEnquiryDate(item.at, timeZone)}</time>
              </p>
            </>
          );
          const message = item.kind === 'message' && (
            <Message enquiryId={enquiryId} message={item.message} links={links} actions={actions} />
          );
          return (
            <li key={id} className={`timeline__item timeline__item--${item.kind}`} aria-labelledby={id}>
              {item.kind === 'message' && n !== newest && !threadAll ? (
                <details className="timeline__folded">
                  <summary>
                    {heading}
                    <span className="timeline__first-line">{item.message.body.trim().split('\n', 1)[0]}</span>
                  </summary>
                  {message}
                </details>
              ) : (
                <>
                  {heading}
                  {message}
                </>
              )}
              {item.kind === 'note' && <p className="timeline__note">{item.body}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
