import { useState, type FormEvent } from 'react';
import type { AdminSignedIn, BulkAction, Done, UndoForm } from '../../../shared/admin/desk.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { actOn, actOnMany, ConfirmFirstError, submitWithoutScript, undo } from './admin-api.js';

/**
 * What the inbox's forms do in place (with JavaScript): a row's star, the bulk actions on the ticked
 * rows, and Undo; each says what it did (or that it failed) and reloads the list with `reload`.
 */
export function useInboxActions(
  initial: AdminSignedIn,
  selected: Set<number>,
  reload: (keepSelection: boolean) => Promise<void>,
) {
  const { csrfToken } = initial;
  const [failed, setFailed] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(initial.done);

  /** Runs a change in place; says what it did, and shows the list as the server now has it. */
  const run = async (
    work: () => Promise<Done>,
    form: HTMLFormElement,
    { submitter, keepSelection = true }: { submitter?: HTMLButtonElement | null; keepSelection?: boolean } = {},
  ) => {
    setFailed(null);
    try {
      setDone(await work());
      await reload(keepSelection);
    } catch (error) {
      if (error instanceof ConfirmFirstError) return submitWithoutScript(form, submitter);
      console.error(error);
      setFailed(ADMIN_TEXT.actionFailed);
    }
  };

  const onStar = (event: FormEvent<HTMLFormElement>, id: number, starred: boolean) => {
    event.preventDefault();
    void run(() => actOn(id, starred ? 'unstar' : 'star', csrfToken), event.currentTarget);
  };

  const onBulk = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter?.value as BulkAction | undefined;
    const ids = [...selected];
    if (!action || ids.length === 0) return;
    // A bulk action is done with its selection; a star or an Undo leaves the ticks as they were.
    void run(() => actOnMany(ids, action, csrfToken), event.currentTarget, { submitter, keepSelection: false });
  };

  const onUndo = (form: UndoForm) =>
    void run(() => undo(form, csrfToken), document.querySelector<HTMLFormElement>('.admin-done form')!);

  return { done, failed, onStar, onBulk, onUndo };
}
