import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { SETUP_TEXT, type SetupCard as SetupCardData, type SetupState } from '../../../shared/admin/setup.js';

const STATE_LABEL: Record<SetupState, string> = { done: 'Done', missing: 'To do' };

/**
 * The first day's five checks, each with what it found and where it is set; dismissed for good with
 * a plain form (no JavaScript needed). Folded (a native <details>) so the list stays in view, its
 * title saying how many are left. Nothing once dismissed.
 */
export function SetupCard({ card, csrfToken }: { card: SetupCardData | null | undefined; csrfToken: string }) {
  if (!card) return null;
  return (
    <details className="admin-setup">
      <summary>
        <h2 id="admin-setup-title">{SETUP_TEXT.title}</h2>{' '}
        <span className="admin-setup__count">
          {SETUP_TEXT.toDo(card.checks.filter(({ state }) => state !== 'done').length)}
        </span>
      </summary>
      <p>{SETUP_TEXT.intro}</p>
      <ul>
        {card.checks.map(({ item, state }) => {
          const text = SETUP_TEXT.items[item];
          return (
            <li key={item} className={`admin-setup__item admin-setup__item--${state}`} data-setup={item}>
              <strong>{text.label}</strong> <span className="admin-setup__state">{STATE_LABEL[state]}</span>
              <br />
              {state === 'done' ? text.done : text.missing}{' '}
              {state !== 'done' && (text.href ? <a href={text.href}>{text.where}</a> : text.where)}
            </li>
          );
        })}
      </ul>
      <form method="post" action={ADMIN_PATHS.setupDismiss}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <button type="submit" className="button button--small button--ghost">
          {SETUP_TEXT.dismiss}
        </button>
      </form>
    </details>
  );
}
