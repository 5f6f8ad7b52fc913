import type { FormEvent } from 'react';
import { ACTION_LABELS, BULK_ACTIONS } from '../../../shared/admin/desk.js';
import type { AdminView } from '../../../shared/admin/filter.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { PurgeButton } from './PurgeButton.js';

/** The bulk bar's form: each row's checkbox belongs to it (their `form` attribute). */
export const BULK_FORM_ID = 'bulk-actions';

/**
 * The bulk bar, which stays in view: Select all (or none), how many are ticked, the view's actions
 * on them (folded into a menu on a phone), and why the last one failed.
 */
export function BulkBar({
  ids,
  selected,
  onSelect,
  view,
  csrfToken,
  thisPage,
  onBulk,
  failed,
}: {
  /** The rows of the list, in order. */
  ids: number[];
  selected: Set<number>;
  onSelect: (ids: number[]) => void;
  view: AdminView;
  csrfToken: string;
  /** The list's own address: where the form without JavaScript comes back to. */
  thisPage: string;
  onBulk: (event: FormEvent<HTMLFormElement>) => void;
  failed: string | null;
}) {
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  const selectAllHref = `${thisPage}${thisPage.includes('?') ? '&' : '?'}select=all`;
  return (
    <form
      id={BULK_FORM_ID}
      className={`admin-bulk${selected.size > 0 ? ' admin-bulk--active' : ''}`}
      method="post"
      action={ADMIN_PATHS.bulk}
      onSubmit={onBulk}
      aria-label="Selected enquiries"
    >
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="back" value={thisPage} />
      <a
        href={selectAllHref}
        aria-pressed={allSelected}
        role="button"
        className="button button--small button--ghost"
        onClick={(event) => {
          event.preventDefault();
          onSelect(allSelected ? [] : ids);
        }}
      >
        {allSelected ? 'Select none' : 'Select all'}
      </a>
      <span className="admin-bulk__count" aria-live="polite">{`${selected.size} selected`}</span>
      {/* On a phone the actions fold into this menu; on a wider screen they stand in the bar (admin.css). */}
      <details className="admin-bulk__actions">
        <summary className="button button--small button--ghost">{ADMIN_TEXT.bulkActions}</summary>
        <div className="admin-bulk__menu">
          {BULK_ACTIONS[view].map((action) =>
            action === 'purge' ? (
              <PurgeButton key={action} count={selected.size} />
            ) : (
              <button
                key={action}
                type="submit"
                name="action"
                value={action}
                className="button button--small button--ghost"
              >
                {ACTION_LABELS[action]}
              </button>
            ),
          )}
        </div>
      </details>
      {failed && (
        <p className="notice notice--error" role="alert">
          {failed}
        </p>
      )}
    </form>
  );
}
