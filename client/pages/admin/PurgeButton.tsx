import { ACTION_LABELS, confirmBulkPurge } from '../../../shared/admin/desk.js';

/**
 * Delete permanently, asked in the page (with and without JavaScript): the button opens the question
 * with the count, and the button under it sends the form it is in. The one action that asks.
 */
export function PurgeButton({ count }: { count: number }) {
  return (
    <details className="admin-purge">
      <summary className="button button--small button--danger">{ACTION_LABELS.purge}</summary>
      <div className="admin-purge__ask">
        <p>
          {count > 0 ? confirmBulkPurge(count) : 'Delete the selected enquiries permanently? They cannot be restored.'}
        </p>
        <button type="submit" name="action" value="purge" className="button button--small button--danger">
          Yes, delete permanently
        </button>
      </div>
    </details>
  );
}
