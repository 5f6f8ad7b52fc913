import type { FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { ACTION_LABELS, type AdminEnquiryPage, type EnquiryAction } from '../../../shared/admin/desk.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { filterSearch, THREAD_QUERY, withQuery } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import type { Enquiry } from '../../../shared/enquiry/enquiry.js';
import { describeFollowUp } from '../../../shared/enquiry/follow-up.js';
import { EnquiryMessage, fileOrigins, SenderCard } from './EnquiryCards.js';
import { AdminHeading } from './AdminShell.js';
import { Notes, ReplyLinks, StageButtons } from './EnquiryWorkflow.js';
import { DoneStatus } from './DoneStatus.js';
import { EnquiryBar } from './EnquiryBar.js';
import { KeptAside } from './KeptAside.js';
import { QuotationList } from './QuotationList.js';
import { enquiryHref } from './InboxRow.js';
import { PurgeButton } from './PurgeButton.js';
import { ReplyForm } from './ReplyForm.js';
import { eventItem, Timeline } from './Timeline.js';
import { useEnquiryPage } from './use-enquiry-page.js';
import { FollowUpForm } from './FollowUpForm.js';

/**
 * Each action's place among the buttons: an action and its reverse share one (Star and Unstar …), so
 * the button keeps the focus when it turns into the other.
 */
const SLOT: Record<EnquiryAction, string> = {
  read: 'read',
  unread: 'read',
  star: 'star',
  unstar: 'star',
  spam: 'spam',
  notspam: 'spam',
  trash: 'trash',
  restore: 'trash',
  resend: 'resend',
  purge: 'purge',
};

/** On an enquiry, moving to Trash is the spec's Delete button. */
const LABELS: Record<EnquiryAction, string> = { ...ACTION_LABELS, trash: ADMIN_TEXT.delete };

/** What can be done to an enquiry where it is: in Trash, in Spam, or in the inbox (Delete permanently apart). */
function actionsFor(enquiry: Enquiry): EnquiryAction[] {
  if (enquiry.trashedAt) return ['restore'];
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

/** One action's plain form (with JavaScript, done in place). */
function ActionForm(props: {
  action: EnquiryAction;
  id: number;
  here: string;
  csrfToken: string;
  onAction: (event: FormEvent<HTMLFormElement>, action: EnquiryAction) => void;
}) {
  const { action, id, here, csrfToken, onAction } = props;
  return (
    <form
      method="post"
      action={pathTo(ADMIN_PATHS.action, { id, action })}
      onSubmit={(event) => onAction(event, action)}
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="back" value={here} />
      <button
        type="submit"
        className={`button button--small ${action === 'trash' ? 'button--danger' : 'button--ghost'}`}
      >
        {LABELS[action]}
      </button>
    </form>
  );
}

/** Back to the list (at the enquiry's row), Newer and Older, in the filter the admin came from. */
function EnquiryNav({ page, id, list }: { page: AdminEnquiryPage; id: number; list: string }) {
  const { filter, after } = page;
  return (
    <nav className="enquiry-nav" aria-label="Enquiries">
      <a className="button button--small button--ghost" href={`${list}#enquiry-${id}`}>
        ← Back to the list
      </a>
      {page.newer && (
        <a className="button button--small button--ghost" rel="prev" href={enquiryHref(page.newer, filter, after)}>
          Newer<span className="visually-hidden"> enquiry</span>
        </a>
      )}
      {page.older && (
        <a className="button button--small button--ghost" rel="next" href={enquiryHref(page.older, filter, after)}>
          Older<span className="visually-hidden"> enquiry</span>
        </a>
      )}
    </nav>
  );
}

/** When it came, its badges, and where it is (a resend of another, in Trash, in Spam). */
function EnquiryNotices({ enquiry, page }: { enquiry: Enquiry; page: AdminEnquiryPage }) {
  const { timeZone, filter, after } = page;
  return (
    <>
      <p className="enquiry-page__when">
        {'Received '}
        <time dateTime={enquiry.createdAt}>{formatEnquiryDate(enquiry.createdAt, timeZone)}</time>
        {enquiry.starred && <span className="badge badge--star">★ Starred</span>}
        {!enquiry.read && <span className="badge">Unread</span>}
        {enquiry.repeats > 0 && <span className="badge badge--repeat">{`Sent ${enquiry.repeats + 1} times`}</span>}
      </p>
      {enquiry.resentOf !== null && (
        <p className="notice notice--info">
          {'Resent with changes of '}
          <a href={enquiryHref(enquiry.resentOf, filter, after)}>{`enquiry #${enquiry.resentOf}`}</a>
          {', sent by the same sender shortly before. Both are kept, each with its own fields and drawings.'}
        </p>
      )}
      {enquiry.trashedAt && (
        <p className="notice notice--info">{`In Trash since ${formatEnquiryDate(enquiry.trashedAt, timeZone)}.`}</p>
      )}
      {enquiry.spamReason && <p className="notice notice--info">{`Spam: ${enquiry.spamReason}`}</p>}
    </>
  );
}

/**
 * /admin/enquiries/<n>: one enquiry, whole (React escapes every text; the message keeps its line
 * breaks), with Back to the list (at its row), Newer and Older, and everything that can be done to
 * it. Plain forms that come back here; with JavaScript they act in place. Each says what it did,
 * with Undo.
 */
export function EnquiryPage({ page }: { page: AdminEnquiryPage }) {
  const { csrfToken, timeZone, filter, after, links } = page;
  const state = useEnquiryPage(page);
  const { enquiry, setEnquiry, timeline, setTimeline, done, setDone, failed, here, list } = state;
  const { logged, onAction, onStage, onUndo, onNote } = state;
  const linksHref = withQuery(here, 'links=1');

  const actionForm = (action: EnquiryAction) => (
    <ActionForm key={SLOT[action]} {...{ action, here, csrfToken, onAction }} id={enquiry.id} />
  );

  return (
    <>
      <AdminHeading title={`#${enquiry.id} ${enquiry.name}`}>
        <EnquiryNav page={page} id={enquiry.id} list={list} />
      </AdminHeading>
      <DoneStatus done={done} csrfToken={csrfToken} back={here} onUndo={onUndo} />
      <div className="container enquiry-page">
        <EnquiryNotices enquiry={enquiry} page={page} />
        <div className="enquiry-page__actions">
          {actionsFor(enquiry)
            .filter((action) => SLOT[action] !== 'star')
            .map(actionForm)}
          {enquiry.trashedAt && (
            <form method="post" action={pathTo(ADMIN_PATHS.action, { id: enquiry.id, action: 'purge' })}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="back" value={list} />
              <PurgeButton count={1} />
            </form>
          )}
        </div>
        {failed && (
          <p className="notice notice--error" role="alert">
            {failed}
          </p>
        )}
        <EnquiryBar enquiry={enquiry} timeZone={timeZone}>
          <StageButtons enquiry={enquiry} csrfToken={csrfToken} back={here} onStage={(stage) => onStage(stage)} />
          {actionsFor(enquiry)
            .filter((action) => SLOT[action] === 'star')
            .map(actionForm)}
        </EnquiryBar>
        <KeptAside
          enquiryId={enquiry.id}
          messages={page.keptAside}
          csrfToken={csrfToken}
          back={here}
          timeZone={timeZone}
        />
        <div className="enquiry-page__body">
          <div className="enquiry-page__thread">
            <EnquiryMessage
              enquiry={enquiry}
              query={filter.query}
              timeZone={timeZone}
              origins={fileOrigins(timeline)}
              folded={!page.threadAll && timeline.some((item) => item.kind === 'message')}
            />
            <Timeline
              enquiryId={enquiry.id}
              items={timeline}
              timeZone={timeZone}
              links={links}
              linksHref={linksHref}
              textHref={here}
              threadHref={page.threadAll ? here : withQuery(here, `${THREAD_QUERY}=all`)}
              threadAll={page.threadAll}
              actions={{ csrfToken, search: filterSearch(filter, after) }}
            />
            <ReplyForm
              page={page}
              enquiry={enquiry}
              onSent={(sent) => {
                setEnquiry(sent.enquiry);
                setTimeline(sent.timeline);
                setDone(sent.done);
              }}
            />
            <ReplyLinks enquiry={enquiry} onReply={() => enquiry.status === 'new' && onStage('open', 'new')} />
          </div>
          <div className="enquiry-page__side">
            <SenderCard enquiry={enquiry} />
            {page.quotations && (
              <QuotationList enquiryId={enquiry.id} revisions={page.quotations} timeZone={timeZone} />
            )}
            <FollowUpForm
              enquiryId={enquiry.id}
              followUp={enquiry.followUp}
              csrfToken={csrfToken}
              back={here}
              onDone={(next, followUp) => {
                setDone(next);
                setEnquiry((current) => ({ ...current, followUp }));
                logged(next, eventItem(page.email, 'follow-up', describeFollowUp(followUp)));
              }}
            />
            <Notes
              enquiry={enquiry}
              csrfToken={csrfToken}
              back={here}
              timeZone={timeZone}
              onNote={onNote}
              listed={false}
            />
          </div>
        </div>
      </div>
    </>
  );
}
