import { useEffect, useRef, type FormEvent } from 'react';
import type { Done, UndoForm } from '../../../shared/admin/desk.js';

/** An Undo form's fields as hidden inputs (a list as one input per value, as a form sends it). */
function HiddenFields({ fields }: { fields: UndoForm['fields'] }) {
  return Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => (
      <input key={`${name}-${item}`} type="hidden" name={name} value={item} />
    )),
  );
}

/**
 * What the last action did, with Undo when it can be taken back: a plain form that posts the
 * reverse (without JavaScript it comes after the redirect), sent in place by `onUndo` with it.
 * Announced politely, and kept in view at the foot of the screen.
 */
export function DoneStatus({
  done,
  csrfToken,
  back,
  onUndo,
}: {
  done: Done | null;
  csrfToken: string;
  back: string;
  onUndo?: (form: UndoForm) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // When the button acted on went away with the action (Delete, Undo …), the focus comes here rather
  // than to the top of the page.
  useEffect(() => {
    if (done && document.activeElement === document.body) box.current?.focus();
  }, [done]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onUndo || !done?.undo) return;
    event.preventDefault();
    onUndo(done.undo);
  };
  return (
    <div className="admin-done" role="status">
      {done && (
        <div className="admin-done__box" ref={box} tabIndex={-1}>
          <p>{done.message}</p>
          {done.undo && (
            <form method="post" action={done.undo.path} onSubmit={submit}>
              <input type="hidden" name="_csrf" value={csrfToken} />
              <input type="hidden" name="back" value={back} />
              <HiddenFields fields={done.undo.fields} />
              <button type="submit" className="button button--small button--ghost-light">
                Undo
              </button>
            </form>
          )}
        </div>
      )}
    </div>
  );
}
