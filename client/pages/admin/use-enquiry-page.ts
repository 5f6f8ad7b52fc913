import { useState, type FormEvent } from 'react';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import {
  ADMIN_SPAM_REASON,
  EVENT_OF_ACTION,
  type AdminEnquiryPage,
  type Done,
  type EnquiryAction,
  type UndoForm,
} from '../../../shared/admin/desk.js';
import { filterSearch } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import { STAGE_LABELS, type Enquiry, type Note, type Stage } from '../../../shared/enquiry/enquiry.js';
import { describeFollowUp } from '../../../shared/enquiry/follow-up.js';
import type { FollowUp, TimelineItem } from '../../../shared/enquiry/thread.js';
import { actOn, panelHref, postJson, undo } from './admin-api.js';
import { followUpOfUndo, setStageAndFollowUp } from './FollowUpForm.js';
import { eventItem } from './Timeline.js';

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
 * The enquiry page's state and what its buttons do in place (with JavaScript): the enquiry and its
 * timeline as they are now, what was done (with its Undo) or why it failed, and the page's addresses.
 */
export function useEnquiryPage(page: AdminEnquiryPage) {
  const { csrfToken, filter, after } = page;
  const [enquiry, setEnquiry] = useState(page.enquiry);
  const [done, setDone] = useState<Done | null>(page.done);
  const [failed, setFailed] = useState<string | null>(null);
  const here = `${pathTo(ADMIN_PATHS.enquiryPage, { id: enquiry.id })}${filterSearch(filter, after)}`;
  const list = panelHref(filter, after);
  const [timeline, setTimeline] = useState(page.timeline);

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

  return {
    ...{ enquiry, setEnquiry, timeline, setTimeline, done, setDone, failed, here, list },
    ...{ logged, onAction, onStage, onUndo, onNote },
  };
}
