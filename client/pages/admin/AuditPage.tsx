import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminAuditPage, AuditEntry } from '../../../shared/admin/audit.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { AdminHeading } from './AdminShell.js';
import { AdminTable } from './AdminTable.js';

/** /admin/audit: who did what to which enquiry, when; newest first. */
export function AuditPage({ page }: { page: AdminAuditPage }) {
  const columns = [`When (${page.timeZone})`, 'Who', 'What', 'Enquiry', 'Details', 'Browser and network'];
  return (
    <>
      <AdminHeading title="Audit log" />
      <section className="section section--tight">
        <div className="container">
          <p>
            Sign-ins, exports, deletions, restores and erasures, kept for one year. Erased enquiries are listed by
            number only.
          </p>
          {page.entries.length === 0 ? (
            <p className="admin-empty">Nothing recorded yet.</p>
          ) : (
            <AdminTable
              label="Audit log entries"
              columns={columns}
              stacked
              older={
                page.next === null ? null : { href: `${ADMIN_PATHS.audit}?before=${page.next}`, text: 'Older entries' }
              }
              pagerLabel="More entries"
            >
              {page.entries.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={columns[0]}>
                    <time dateTime={entry.at}>{formatEnquiryDate(entry.at, page.timeZone)}</time>
                  </td>
                  <td data-label={columns[1]}>{entry.actor}</td>
                  <td data-label={columns[2]}>{entry.action}</td>
                  <td data-label={columns[3]}>{entry.enquiryId === null ? '' : `#${entry.enquiryId}`}</td>
                  <td data-label={columns[4]}>{entry.detail ?? ''}</td>
                  <td data-label={columns[5]}>{seenFrom(entry)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
      </section>
    </>
  );
}

/** A sign-in's browser and network on one line ("Chrome on Android, 203.0.113.0/24"); empty on other rows. */
function seenFrom(entry: AuditEntry): string {
  return [entry.browser, entry.network].filter(Boolean).join(', ');
}
