import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import {
  ACTION_LABELS,
  ADMIN_SPAM_REASON,
  EVENT_OF_ACTION,
  type AdminEnquiryPage,
  type EnquiryAction,
} from '../../../shared/admin/desk.js';
import type { Done, UndoForm } from '../../../shared/admin/desk.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { filterSearch, THREAD_QUERY, withQuery } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { STAGE_LABELS, type Enquiry, type Note, type Stage } from '../../../shared/enquiry/enquiry.js';
import { EnquiryMessage, fileOrigins, SenderCard } from './EnquiryCards.js';
import { actOn, panelHref, postJson, undo } from './admin-api.js';
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
import { describeFollowUp } from '../../../shared/enquiry/follow-up.js';
import { FollowUpForm, followUpOfUndo, setStageAndFollowUp } from './FollowUpForm.js';
import type { FollowUp, TimelineItem } from '../../../shared/enquiry/thread.js';

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

/** The enquiry after an action the server has confirmed. */
function applied(enquiry: Enquiry, action: EnquiryAction): Enquiry {
  const at = new Date().toISOString();
  switch (action) {
    case 'read':
    case 'unread':
      return { ...enquiry, read: action === 'read' };
    case 'star':
    case 'unstar':
      return { ...enquiry, starred: action === 'star' };
    case 'spam':
      return { ...enquiry, spamReason: ADMIN_SPAM_REASON };
    case 'notspam':
      return { ...enquiry, spamReason: null };
    case 'trash':
      return { ...enquiry, trashedAt: at };
    case 'restore':
      return { ...enquiry, trashedAt: null };
    case 'resend':
      return { ...enquiry, notification: { status: 'pending', error: null, tries: 0 } };
    case 'purge':
      return enquiry;
  }
}

/** The enquiry after its Undo: the reverse action, or the stage it had. */
function undone(enquiry: Enquiry, form: UndoForm): Enquiry {
  const followUp = followUpOfUndo(form);
  if (followUp !== undefined) return { ...enquiry, followUp };
  if (typeof form.fields.stage === 'string') {
    const proposed = form.fields.proposed;
    const dropped = proposed !== undefined && enquiry.followUp?.on === proposed;
    return { ...enquiry, status: form.fields.stage as Stage, ...(dropped && { followUp: null }) };
  }
  const action = (form.fields.action ?? form.path.split('/').pop()) as EnquiryAction;
  return applied(enquiry, action);
}

/**
 * /admin/enquiries/<n>: one enquiry, whole (React escapes every text; the message keeps its line
 * breaks), with Back to the list (at its row), Newer and Older, and everything that can be done to
 * it. Plain forms that come back here; with JavaScript they act in place. Each says what it did,
 * with Undo.
 */
export function EnquiryPage({ page }: { page: AdminEnquiryPage }) {
  const { csrfToken, timeZone, filter, after } = page;
  const [enquiry, setEnquiry] = useState(page.enquiry);
  const [done, setDone] = useState<Done | null>(page.done);
  const [failed, setFailed] = useState<string | null>(null);
  const here = `${pathTo(ADMIN_PATHS.enquiryPage, { id: enquiry.id })}${filterSearch(filter, after)}`;
  const list = panelHref(filter, after);
  const [timeline, setTimeline] = useState(page.timeline);
  const { links } = page;
  const linksHref = withQuery(here, 'links=1');

  /** Runs a change in place and says what it did. */
  const run = async (work: () => Promise<Done>, change: (current: Enquiry) => Enquiry): Promise<Done | null> => {
    setFailed(null);
    try {
      const result = await work();
      setDone(result);
      setEnquiry(change);
      return result;
    } catch (error) {
      console.error(error);
      setFailed(ADMIN_TEXT.actionFailed);
      return null;
    }
  };
  /** What was done in place, in the timeline (an action that changed something offers its Undo). */
  const logged = (done: Done | null, ...items: TimelineItem[]) => {
    if (done?.undo) setTimeline((current) => [...current, ...items]);
  };

  const onAction = (event: FormEvent<HTMLFormElement>, action: EnquiryAction) => {
    event.preventDefault();
    if (action === 'trash' && !window.confirm(ADMIN_TEXT.confirmDelete)) return;
    const kind = EVENT_OF_ACTION[action];
    void run(
      () => actOn(enquiry.id, action, csrfToken),
      (current) => applied(current, action),
    ).then((done) => kind && logged(done, eventItem(page.email, kind)));
  };
  const onStage = (stage: Stage, onlyFrom?: Stage) => {
    // Setting it to Quoted may propose a follow-up: the answer carries it.
    let followUp: FollowUp | null | undefined;
    const was = enquiry.status;
    void run(
      async () => {
        const answer = await setStageAndFollowUp(enquiry.id, stage, csrfToken, onlyFrom);
        followUp = answer.followUp;
        return answer.done;
      },
      (current) => {
        const next = onlyFrom && current.status !== onlyFrom ? current : { ...current, status: stage };
        return followUp === undefined ? next : { ...next, followUp };
      },
    ).then((done) =>
      logged(
        done,
        eventItem(page.email, 'stage', `${STAGE_LABELS[was]} → ${STAGE_LABELS[stage]}`),
        ...(followUp ? [eventItem(page.email, 'follow-up', describeFollowUp(followUp))] : []),
      ),
    );
  };
  const onUndo = (form: UndoForm) =>
    void run(
      () => undo(form, csrfToken),
      (current) => undone(current, form),
    );
  const onNote = async (body: string) => {
    setFailed(null);
    try {
      const response = await postJson(pathTo(ADMIN_PATHS.notes, { id: enquiry.id }), csrfToken, { body });
      if (response.status !== 201) throw new Error(`Adding the note failed with status ${response.status}`);
      const note = (await response.json()) as Note;
      setEnquiry((current) => ({ ...current, notes: [...current.notes, note] }));
      setTimeline((current) => [...current, { kind: 'note', at: note.createdAt, who: note.author, body: note.body }]);
      setDone({ message: 'Note added.', undo: null });
      return true;
    } catch (error) {
      console.error(error);
      setFailed(ADMIN_TEXT.actionFailed);
      return false;
    }
  };

  /** One action's plain form (with JavaScript, done in place). */
  const actionForm = (action: EnquiryAction) => (
    <form
      key={SLOT[action]}
      method="post"
      action={pathTo(ADMIN_PATHS.action, { id: enquiry.id, action })}
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

  return (
    <>
      <AdminHeading title={`#${enquiry.id} ${enquiry.name}`}>
        <nav className="enquiry-nav" aria-label="Enquiries">
          <a className="button button--small button--ghost" href={`${list}#enquiry-${enquiry.id}`}>
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
      </AdminHeading>
      <DoneStatus done={done} csrfToken={csrfToken} back={here} onUndo={onUndo} />
      <div className="container enquiry-page">
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
