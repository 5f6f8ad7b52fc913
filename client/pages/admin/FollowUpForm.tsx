import { useRef, useState, type FormEvent } from 'react';
import type { Done, UndoForm } from '../../../shared/admin/desk.js';
import { ADMIN_PATHS, pathTo } from '../../../shared/admin/paths.js';
import type { Stage } from '../../../shared/enquiry/enquiry.js';
import { formatFollowUpDay } from '../../../shared/enquiry/follow-up.js';
import { MAX_FOLLOW_UP_NOTE, type FollowUp } from '../../../shared/enquiry/thread.js';
import { postJson } from './admin-api.js';

/** What a change that may set a follow-up answers: what it did, and the follow-up when it set one. */
interface Answer {
  done: Done;
  followUp?: FollowUp | null;
}

async function posted(path: string, csrfToken: string, body: unknown): Promise<Answer> {
  const response = await postJson(path, csrfToken, body);
  if (response.status === 400) throw new FollowUpRefused(((await response.json()) as { message: string }).message);
  if (!response.ok) throw new Error(`${path} failed with status ${response.status}`);
  return (await response.json()) as Answer;
}

/** The server refused the date (not a real day, or too far): its reason, for the admin. */
export class FollowUpRefused extends Error {}

/** Sets the stage in place; setting it to Quoted may propose a follow-up, which the answer carries. */
export const setStageAndFollowUp = (id: number, stage: Stage, csrfToken: string, onlyFrom?: Stage) =>
  posted(pathTo(ADMIN_PATHS.stage, { id }), csrfToken, { stage, ...(onlyFrom && { onlyFrom }) });

/** The follow-up an Undo of a follow-up change puts back; undefined when the form is another action's. */
export function followUpOfUndo(form: UndoForm): FollowUp | null | undefined {
  if (!form.path.endsWith('/follow-up')) return undefined;
  if (form.fields.clear !== undefined) return null;
  return { on: String(form.fields.on), note: String(form.fields.note ?? '') };
}

/**
 * An enquiry's next-action date and short reminder: a date, a text and "Set follow-up", and "Clear"
 * when it has one. A plain form that comes back to the page; with JavaScript it acts in place.
 */
export function FollowUpForm({
  enquiryId,
  followUp,
  csrfToken,
  back,
  onDone,
}: {
  enquiryId: number;
  followUp: FollowUp | null;
  csrfToken: string;
  back: string;
  onDone: (done: Done, followUp: FollowUp | null) => void;
}) {
  const [on, setOn] = useState(followUp?.on ?? '');
  const [note, setNote] = useState(followUp?.note ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  // The follow-up changed from outside (Quoted proposed one, an Undo): the fields show it, in the same
  // render, without remounting the form (the focus stays where it is).
  const [shown, setShown] = useState(followUp);
  if (shown?.on !== followUp?.on || shown?.note !== followUp?.note) {
    setShown(followUp);
    setOn(followUp?.on ?? '');
    setNote(followUp?.note ?? '');
  }
  const id = `enquiry-${enquiryId}-follow-up`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clear = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'clear';
    setProblem(null);
    try {
      const answer = await posted(
        pathTo(ADMIN_PATHS.followUp, { id: enquiryId }),
        csrfToken,
        clear ? { clear: 1 } : { on, note },
      );
      const now = answer.followUp ?? null;
      onDone(answer.done, now);
      // Clear is gone with the follow-up: the focus goes to the date, to set another.
      if (clear) dateRef.current?.focus();
    } catch (error) {
      console.error(error);
      setProblem(
        error instanceof FollowUpRefused ? error.message : 'The follow-up could not be saved. Please try again.',
      );
    }
  };

  return (
    <section className="follow-up" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Follow-up</h2>
      <p className="follow-up__now">
        {followUp
          ? `Next action on ${formatFollowUpDay(followUp.on, '')}${followUp.note ? `: ${followUp.note}` : '.'}`
          : 'No follow-up date set.'}
      </p>
      <form
        className="follow-up__form"
        method="post"
        action={pathTo(ADMIN_PATHS.followUp, { id: enquiryId })}
        onSubmit={(event) => void submit(event)}
      >
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="back" value={back} />
        <label htmlFor={`${id}-on`}>Date</label>
        <input
          ref={dateRef}
          id={`${id}-on`}
          type="date"
          name="on"
          required
          value={on}
          onChange={(event) => setOn(event.target.value)}
        />
        <label htmlFor={`${id}-note`}>Reminder</label>
        <input
          id={`${id}-note`}
          type="text"
          name="note"
          maxLength={MAX_FOLLOW_UP_NOTE}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <button type="submit" className="button button--ghost">
          Set follow-up
        </button>
        {followUp && (
          <button type="submit" name="clear" value="1" formNoValidate className="button button--ghost">
            Clear<span className="visually-hidden"> the follow-up</span>
          </button>
        )}
      </form>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
