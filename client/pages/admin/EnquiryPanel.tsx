import { CertificateNotices } from './CertificateNotices.js';
import { ADMIN_TEXT } from '../../../shared/admin/texts.js';
import { VIEW_LABELS, isFiltered } from '../../../shared/admin/filter.js';
import type { AdminSignedIn } from '../../../shared/admin/desk.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { KeptAsideLine } from './KeptAside.js';
import { SetupCard } from './SetupCard.js';
import { mailboxProblem } from '../../../shared/enquiry/mailbox-status.js';
import { panelHref } from './admin-api.js';
import { AdminHeading } from './AdminShell.js';
import { AdminPager } from './AdminTable.js';
import { BULK_FORM_ID, BulkBar } from './BulkBar.js';
import { DoneStatus } from './DoneStatus.js';
import { EnquiryFilters } from './EnquiryFilters.js';
import { InboxSummary } from './InboxSummary.js';
import { InboxViews } from './InboxViews.js';
import { enquiryHref, InboxRow } from './InboxRow.js';
import { useEnquiryList } from './use-enquiry-list.js';
import { useInboxActions } from './use-inbox-actions.js';

/**
 * /admin: the enquiry desk as an inbox. A compact list (one row per enquiry, opened on its own page),
 * the views, the spec's search and stat cards, and the bulk bar, which stays in view. Every action
 * works as a plain form; with JavaScript the list follows the search as it is typed and actions
 * happen in place. Each action says what it did, with Undo.
 */
export function EnquiryPanel({ initial }: { initial: AdminSignedIn }) {
  const { csrfToken, timeZone } = initial;
  const { list, filter, setFilter, selected, setSelected, toggle, loading, loadFailed, load, reload } =
    useEnquiryList(initial);
  const { done, failed, onStar, onBulk, onUndo } = useInboxActions(initial, selected, reload);
  const now = new Date(initial.now);
  /** Replies are read from the mailbox: one line when it fails or has not been read yet. */
  const mailboxLine = mailboxProblem(initial.mailbox, (iso) => formatEnquiryDate(iso, timeZone));
  const { view } = filter;
  const newest = panelHref(filter);
  const thisPage = panelHref(filter, initial.after);

  return (
    <>
      <AdminHeading title={ADMIN_TEXT.panelTitle} />
      <DoneStatus done={done} csrfToken={csrfToken} back={thisPage} onUndo={onUndo} />
      <div className="container admin-desk">
        <div className="admin-desk__top">
          <InboxViews filter={filter} counts={list} />
          <EnquiryFilters filter={filter} onChange={setFilter} open={isFiltered({ ...filter, query: '' })} />
        </div>
        <InboxSummary list={list} filter={filter} thisPage={thisPage} onRefresh={() => void load(filter)} />
        <SetupCard card={initial.setup} csrfToken={csrfToken} />
        {mailboxLine && <p className="notice notice--info admin-mailbox">{mailboxLine}</p>}
        <KeptAsideLine enquiries={list.keptAside} />
        <CertificateNotices now={initial.now} timeZone={timeZone} />
        <div aria-live="polite" role="status" className="admin-status">
          {loading && <p>{ADMIN_TEXT.loading}</p>}
          {loadFailed && <p className="notice notice--info">{ADMIN_TEXT.loadFailed}</p>}
        </div>
        {list.enquiries.length > 0 && (
          <BulkBar
            ids={list.enquiries.map((enquiry) => enquiry.id)}
            selected={selected}
            onSelect={(ids) => setSelected(new Set(ids))}
            view={view}
            csrfToken={csrfToken}
            thisPage={thisPage}
            onBulk={onBulk}
            failed={failed}
          />
        )}
        {list.enquiries.length === 0 ? (
          <p className="admin-empty">{ADMIN_TEXT.empty}</p>
        ) : (
          <ul className="inbox" aria-label={VIEW_LABELS[view]}>
            {list.enquiries.map((enquiry) => (
              <InboxRow
                key={enquiry.id}
                enquiry={enquiry}
                href={enquiryHref(enquiry.id, filter, initial.after)}
                csrfToken={csrfToken}
                back={thisPage}
                bulkForm={BULK_FORM_ID}
                selected={selected.has(enquiry.id)}
                onSelect={(on) => toggle(enquiry.id, on)}
                onStar={(event) => onStar(event, enquiry.id, enquiry.starred)}
                timeZone={timeZone}
                now={now}
                query={filter.query}
              />
            ))}
          </ul>
        )}
        <AdminPager
          label="More enquiries"
          newest={initial.after ? { href: newest, text: 'Newest enquiries' } : null}
          older={list.next ? { href: panelHref(filter, list.next), text: 'Load older enquiries' } : null}
          onOlder={(event) => {
            event.preventDefault();
            void load(filter, list.next ?? undefined);
          }}
        />
      </div>
    </>
  );
}
