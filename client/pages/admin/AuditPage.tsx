import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminAuditPage } from '../../../shared/admin/audit.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { AdminHeading } from './AdminShell.js';
import { AdminTable } from './AdminTable.js';

/** /admin/audit: who did what to which enquiry, when; newest first. */
export function AuditPage({ page }: { page: AdminAuditPage }) {
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
              columns={[`When (${page.timeZone})`, 'Who', 'What', 'Enquiry', 'Details']}
              older={
                page.next === null ? null : { href: `${ADMIN_PATHS.audit}?before=${page.next}`, text: 'Older entries' }
              }
              pagerLabel="More entries"
            >
              {page.entries.map((entry) => (
                <tr key={entry.id}>
                  <td>
                    <time dateTime={entry.at}>{formatEnquiryDate(entry.at, page.timeZone)}</time>
                  </td>
                  <td>{entry.actor}</td>
                  <td>{entry.action}</td>
                  <td>{entry.enquiryId === null ? '' : `#${entry.enquiryId}`}</td>
                  <td>{entry.detail ?? ''}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
      </section>
    </>
  );
}
