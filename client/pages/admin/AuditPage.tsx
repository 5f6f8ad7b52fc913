import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AdminAuditPage } from '../../../shared/admin/audit.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { AdminHeader } from './AdminHeader.js';

/** /admin/audit: who did what to which enquiry, when; newest first. */
export function AuditPage({ page }: { page: AdminAuditPage }) {
  return (
    <>
      <AdminHeader title="Audit log" csrfToken={page.csrfToken} current={ADMIN_PATHS.audit} />
      <section className="section section--tight">
        <div className="container">
          <p>Sign-ins, exports, deletions, restores and erasures, kept for one year. Erased enquiries are listed by number only.</p>
          {page.entries.length === 0 ? (
            <p className="admin-empty">Nothing recorded yet.</p>
          ) : (
            <div className="table-scroll" role="region" aria-label="Audit log entries" tabIndex={0}>
              <table className="audit-log">
                <thead>
                  <tr>
                    <th scope="col">{`When (${page.timeZone})`}</th>
                    <th scope="col">Who</th>
                    <th scope="col">What</th>
                    <th scope="col">Enquiry</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {page.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td><time dateTime={entry.at}>{formatEnquiryDate(entry.at, page.timeZone)}</time></td>
                      <td>{entry.actor}</td>
                      <td>{entry.action}</td>
                      <td>{entry.enquiryId === null ? '' : `#${entry.enquiryId}`}</td>
                      <td>{entry.detail ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {page.next !== null && (
            <nav className="admin-pages" aria-label="More entries">
              <a className="button button--ghost" href={`${ADMIN_PATHS.audit}?before=${page.next}`}>Older entries</a>
            </nav>
          )}
        </div>
      </section>
    </>
  );
}
