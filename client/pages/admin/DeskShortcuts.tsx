import { useEffect, useRef, useSyncExternalStore } from 'react';
import { SHORTCUT_TEXT } from '../../../shared/admin/texts.js';

export type ShortcutKey = keyof typeof SHORTCUT_TEXT.keys;
/** What each key does on this screen; a key left out does nothing here. */
export type ShortcutActions = Partial<Record<Exclude<ShortcutKey, '?'>, () => void>>;

const noSubscription = () => () => {};

/** Whether the key was pressed while typing (a field, a list box, editable text) or with Ctrl, Alt or ⌘. */
function notForUs(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || !!target.closest('input, textarea, select, dialog[open]');
}

/** Moves the focus to the list's next (1) or previous (-1) row; from nowhere, to the first row. */
function focusRow(step: 1 | -1): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.inbox-row__open')];
  const at = links.findIndex((link) => link.closest('li')?.contains(document.activeElement));
  const next = links[at === -1 ? 0 : Math.min(links.length - 1, Math.max(0, at + step))];
  next?.focus();
}

/** Goes to the link the page marks with `rel` (the enquiry page's Older is "next", Newer is "prev"). */
function followRel(rel: 'next' | 'prev'): void {
  const link = document.querySelector<HTMLAnchorElement>(`.enquiry-nav a[rel="${rel}"]`);
  if (link) window.location.assign(link.href);
}

/** Focuses an element and brings it into view. */
function focusOn(selector: string): void {
  const element = document.querySelector<HTMLElement>(selector);
  element?.scrollIntoView({ block: 'center' });
  element?.focus();
}

/** Submits the first form `selector` finds as its button would (its own handler asks and acts). */
function submitForm(selector: string): void {
  document.querySelector<HTMLFormElement>(selector)?.requestSubmit();
}

/** On the list, j and k move between its rows (Enter opens one). */
export const LIST_SHORTCUTS: ShortcutActions = { j: () => focusRow(1), k: () => focusRow(-1) };

/** On an enquiry: the next and previous of the list it was opened from, Reply, Done and Trash. */
export const enquiryShortcuts = (id: number): ShortcutActions => ({
  j: () => followRel('next'),
  k: () => followRel('prev'),
  r: () => focusOn(`#enquiry-${id}-reply`),
  e: () => focusOn('.enquiry-page__stage button[value="won"]'),
  '#': () => submitForm('.enquiry-page__actions form[action$="/trash"]'),
});

/**
 * The desk's keyboard shortcuts (issue 37): `actions` says what each key does on this screen; `?`
 * opens the list of them in a dialog, and so does the "Keyboard shortcuts" button, shown once a
 * keyboard reaches it. Both appear only with JavaScript (the keys need it); the focus returns where
 * it was when the dialog closes, unless a key pressed as it closed moved it.
 */
export function DeskShortcuts({ actions }: { actions: ShortcutActions }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  // False in the server's HTML and while hydrating (so the page hydrates as it was sent), then true.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    const open = () => {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.current?.showModal();
    };
    const onKey = (event: KeyboardEvent) => {
      if (notForUs(event)) return;
      const action = event.key === '?' ? open : actions[event.key as keyof ShortcutActions];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [actions]);

  return (
    <>
      {hydrated && (
        <button
          type="button"
          className="shortcuts-open"
          onClick={(event) => {
            returnTo.current = event.currentTarget;
            dialog.current?.showModal();
          }}
        >
          {SHORTCUT_TEXT.open}
        </button>
      )}
      <dialog
        ref={dialog}
        className="shortcuts"
        aria-labelledby="shortcuts-title"
        onClose={() => {
          // The close event comes a moment after the dialog closed: a key pressed meanwhile may have
          // moved the focus on, and that move stands. Only a focus left nowhere goes back.
          if (!document.activeElement || document.activeElement === document.body) returnTo.current?.focus();
        }}
      >
        <h2 id="shortcuts-title">{SHORTCUT_TEXT.title}</h2>
        <p>{SHORTCUT_TEXT.intro}</p>
        <dl>
          {Object.entries(SHORTCUT_TEXT.keys).map(([key, does]) => (
            <div key={key}>
              <dt>
                <kbd>{key}</kbd>
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
        <form method="dialog">
          <button type="submit" className="button button--small" autoFocus>
            {SHORTCUT_TEXT.close}
          </button>
        </form>
      </dialog>
    </>
  );
}
