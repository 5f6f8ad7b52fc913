import type { EnquiryList } from '../../../shared/admin/desk.js';
import type { EnquiryFilter } from '../../../shared/admin/filter.js';
import { ADMIN_TEXT, exportLabel } from '../../../shared/admin/texts.js';
import { exportHref } from './admin-api.js';

/** The spec's stat cards (total and filtered), the export of what the filter shows, and Refresh. */
export function InboxSummary({
  list,
  filter,
  thisPage,
  onRefresh,
}: {
  list: Pick<EnquiryList, 'total' | 'filtered'>;
  filter: EnquiryFilter;
  /** The list's own address: Refresh without JavaScript. */
  thisPage: string;
  onRefresh: () => void;
}) {
  return (
    <div className="admin-summary">
      <dl className="admin-stats">
        <div>
          <dt>{ADMIN_TEXT.totalEnquiries}</dt>
          <dd>{list.total}</dd>
        </div>
        <div>
          <dt>{ADMIN_TEXT.filteredResults}</dt>
          <dd>{list.filtered}</dd>
        </div>
      </dl>
      <div className="admin-toolbar">
        {/* No download attribute: the server may answer with "Confirm it's you" first (the file is an attachment). */}
        <a className="button button--small" href={exportHref(filter)}>
          {exportLabel(list.filtered)}
        </a>
        <a
          className="button button--small button--ghost"
          href={thisPage}
          role="button"
          onClick={(event) => {
            event.preventDefault();
            onRefresh();
          }}
        >
          {ADMIN_TEXT.refresh}
        </a>
      </div>
    </div>
  );
}
