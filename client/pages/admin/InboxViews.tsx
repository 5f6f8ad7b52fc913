import type { EnquiryList } from '../../../shared/admin/desk.js';
import { ADMIN_VIEWS, VIEW_LABELS, type EnquiryFilter } from '../../../shared/admin/filter.js';
import { panelHref } from './admin-api.js';

/** The inbox's views as links (the search and filters kept), the current one marked, with their counts. */
export function InboxViews({
  filter,
  counts,
}: {
  filter: EnquiryFilter;
  counts: Pick<EnquiryList, 'unread' | 'spam' | 'due' | 'awaiting'>;
}) {
  return (
    <nav className="admin-views" aria-label="Views">
      <ul>
        {ADMIN_VIEWS.map((name) => (
          <li key={name}>
            <a href={panelHref({ ...filter, view: name })} aria-current={name === filter.view ? 'page' : undefined}>
              {VIEW_LABELS[name]}
              {name === 'unread' && ` (${counts.unread})`}
              {name === 'spam' && ` (${counts.spam})`}
              {name === 'due' && ` (${counts.due})`}
              {name === 'awaiting' && ` (${counts.awaiting})`}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
