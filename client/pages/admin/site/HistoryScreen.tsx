import { formatEnquiryDate } from '../../../../shared/admin/dates.js';
import { ADMIN_PATHS, pathTo } from '../../../../shared/admin/paths.js';
import {
  describeChanges,
  type AdminSitePage,
  type HistoryEntry,
  type HistoryView,
} from '../../../../shared/site-editor.js';
import { AdminTable } from '../AdminTable.js';
import { ChangesTable } from './ChangesTable.js';
import { Notice } from './Notice.js';

/** The sections a version differs in from the site now, each with its own "Restore only" link. */
function sectionsOf(revision: HistoryEntry): { id: string; title: string }[] {
  const seen = new Map<string, string>();
  for (const change of revision.changes) if (!seen.has(change.sectionId)) seen.set(change.sectionId, change.section);
  return [...seen].map(([id, title]) => ({ id, title }));
}

/** What restoring a version would change on the site now, field by field (collapsed), with a restore link per section. */
function Differences({ revision }: { revision: HistoryEntry }) {
  const restore = pathTo(ADMIN_PATHS.siteRestore, { id: revision.id });
  if (revision.changes.length === 0) return <span className="field__hint">Same content as the site now.</span>;
  return (
    <details className="revision-changes">
      <summary>
        {`Version ${revision.id} against the site now: ${describeChanges(revision.changes).replace(/^changes /, '')}`}
      </summary>
      <ChangesTable
        changes={revision.changes}
        label={`What restoring version ${revision.id} changes`}
        after={`Version ${revision.id}`}
      />
      <ul className="revision-sections" role="list">
        {sectionsOf(revision).map((section) => (
          <li key={section.id}>
            <a href={`${restore}?section=${encodeURIComponent(section.id)}`}>
              {`Restore only ${section.title}`}
              <span className="visually-hidden">{` from version ${revision.id}`}</span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** /admin/site/history: every version, what it changed, and what restoring it would change now. */
export function HistoryScreen({ page, view }: { page: AdminSitePage; view: HistoryView }) {
  return (
    <>
      <h2>History</h2>
      <Notice message={page.message} />
      <p>
        Every save is a version; the newest is published. Restoring an older version (or one section of it) publishes
        its content as a new version, so nothing is lost. You see what it changes before you confirm.
      </p>
      <AdminTable
        label="Versions"
        columns={[
          'Version',
          `Saved (${page.timeZone})`,
          'By',
          'What changed',
          <span className="visually-hidden">Action</span>,
        ]}
        older={
          view.next === null ? null : { href: `${ADMIN_PATHS.siteHistory}?before=${view.next}`, text: 'Older versions' }
        }
        pagerLabel="More versions"
      >
        {view.revisions.map((revision) => [
          <tr key={revision.id}>
            <td>{revision.id}</td>
            <td>
              <time dateTime={revision.createdAt}>{formatEnquiryDate(revision.createdAt, page.timeZone)}</time>
            </td>
            <td>{revision.actor}</td>
            <td>
              {revision.note && <span className="revision-note">{revision.note}</span>}
              {revision.changed.length > 0 && <span className="field__hint">{revision.changed.join(', ')}</span>}
            </td>
            <td>
              {revision.id === page.revision.id ? (
                <strong>Published</strong>
              ) : (
                <a href={pathTo(ADMIN_PATHS.siteRestore, { id: revision.id })} className="button button--ghost">
                  Restore this version<span className="visually-hidden">{` (version ${revision.id})`}</span>
                </a>
              )}
            </td>
          </tr>,
          // Below each older version, across the table: what restoring it would change now.
          revision.id === page.revision.id ? null : (
            <tr key={`${revision.id}-changes`} className="revision-diff">
              <td colSpan={5}>
                <Differences revision={revision} />
              </td>
            </tr>
          ),
        ])}
      </AdminTable>
    </>
  );
}
