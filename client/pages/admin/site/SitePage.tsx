import { formatEnquiryDate } from '../../../../shared/admin/dates.js';
import { SECTIONS, sectionPath, sectionTitle } from '../../../../shared/content/sections.js';
import { ADMIN_PATHS, pathTo } from '../../../../shared/admin/paths.js';
import type { AdminSitePage, HistoryView, RevisionSummary, TransferView } from '../../../../shared/site-editor.js';
import { useContent } from '../../../context/site-context.js';
import { AdminHeading } from '../AdminShell.js';
import { AdminTable } from '../AdminTable.js';
import { SectionForm } from './SectionForm.js';

function Published({ revision, timeZone }: { revision: RevisionSummary; timeZone: string }) {
  return (
    <p className="field__hint">
      {`Published: version ${revision.id}, saved by ${revision.actor} on ${formatEnquiryDate(revision.createdAt, timeZone)}.`}
    </p>
  );
}

function Notice({ message }: { message: AdminSitePage['message'] }) {
  if (!message) return null;
  return (
    <p className={`notice notice--${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </p>
  );
}

function Overview({ page }: { page: AdminSitePage }) {
  const content = useContent();
  return (
    <>
      <Notice message={page.message} />
      <Published revision={page.revision} timeZone={page.timeZone} />
      <p>
        Choose what to edit. Each save is published at once and kept in the history, from where any earlier version can
        be restored.
      </p>
      <ul className="site-sections" role="list">
        {SECTIONS.map((section) => (
          <li key={section.id}>
            <a href={sectionPath(section.id)}>{sectionTitle(section, content)}</a>
            <span className="field__hint">{section.shownAt}</span>
          </li>
        ))}
      </ul>
      <p className="site-tools">
        <a href={ADMIN_PATHS.siteHistory} className="button button--ghost">
          History
        </a>{' '}
        <a href={ADMIN_PATHS.siteTransfer} className="button button--ghost">
          Export or import
        </a>
      </p>
    </>
  );
}

function History({ page, view }: { page: AdminSitePage; view: HistoryView }) {
  return (
    <>
      <h2>History</h2>
      <Notice message={page.message} />
      <p>
        Every save is a version; the newest is published. Restoring an older version publishes its content as a new
        version, so nothing is lost.
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
        {view.revisions.map((revision) => (
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
                <form method="post" action={pathTo(ADMIN_PATHS.siteRestore, { id: revision.id })}>
                  <input type="hidden" name="_csrf" value={page.csrfToken} />
                  <input type="hidden" name="base" value={page.revision.id} />
                  <button type="submit" className="button button--ghost">
                    Restore this version<span className="visually-hidden">{` (version ${revision.id})`}</span>
                  </button>
                </form>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

function Transfer({ page, view }: { page: AdminSitePage; view: TransferView }) {
  return (
    <>
      <h2>Export or import</h2>
      <Notice message={page.message} />
      <section aria-labelledby="export-title" className="card card--padded">
        <h3 id="export-title">Export</h3>
        <p>
          Download the published content (version {page.revision.id}) as a JSON file, to keep a copy or to move it to
          another site.
        </p>
        <a href={ADMIN_PATHS.siteExport} className="button button--ghost" download>
          Download the content (JSON)
        </a>
      </section>
      <section aria-labelledby="import-title" className="card card--padded">
        <h3 id="import-title">Import</h3>
        {view.errors.length > 0 && (
          <div className="error-summary" role="alert" aria-labelledby="import-errors-title">
            <h4 id="import-errors-title">The file cannot be imported:</h4>
            <ul>
              {view.errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
          </div>
        )}
        {view.preview ? (
          <>
            <p>
              {view.preview.changes.length === 0
                ? 'The file has the same content as the site: importing it changes nothing.'
                : `Importing this file changes ${view.preview.changes.length} ${view.preview.changes.length === 1 ? 'value' : 'values'}:`}
            </p>
            {view.preview.changes.length > 0 && (
              <div className="table-scroll" role="region" aria-label="What the import changes" tabIndex={0}>
                <table className="audit-log">
                  <thead>
                    <tr>
                      <th scope="col">Where</th>
                      <th scope="col">Now</th>
                      <th scope="col">After the import</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.preview.changes.map((change, index) => (
                      <tr key={index}>
                        <th scope="row">{`${change.section}: ${change.field}`}</th>
                        <td className="change-text">{change.before || '(empty)'}</td>
                        <td className="change-text">{change.after || '(empty)'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <form method="post" action={ADMIN_PATHS.siteImportApply}>
              <input type="hidden" name="_csrf" value={page.csrfToken} />
              <input type="hidden" name="base" value={page.revision.id} />
              <input type="hidden" name="json" value={view.preview.json} />
              <button type="submit" className="button">
                Apply the import
              </button>{' '}
              <a href={ADMIN_PATHS.siteTransfer}>Cancel</a>
            </form>
          </>
        ) : (
          <form method="post" action={ADMIN_PATHS.siteImportCheck} encType="multipart/form-data">
            <input type="hidden" name="_csrf" value={page.csrfToken} />
            <div className="field">
              <label htmlFor="import-file">Content file (.json)</label>
              <p id="import-file-hint" className="field__hint">
                A file exported from this page. You will see what it changes before anything is saved.
              </p>
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".json,application/json"
                required
                aria-describedby="import-file-hint"
              />
            </div>
            <button type="submit" className="button">
              Check the file
            </button>
          </form>
        )}
      </section>
    </>
  );
}

/** /admin/site: the site editor's screens. */
export function SitePage({ page }: { page: AdminSitePage }) {
  const { view } = page;
  return (
    <>
      <AdminHeading title="Site" />
      <section className="section section--tight">
        <div className="container site-editor">
          {view.name !== 'overview' && (
            <nav aria-label="Breadcrumb" className="breadcrumb">
              <ol>
                <li>
                  <a href={ADMIN_PATHS.site}>Site</a>
                </li>
              </ol>
            </nav>
          )}
          {view.name === 'overview' && <Overview page={page} />}
          {view.name === 'section' && <SectionForm page={page} view={view} />}
          {view.name === 'history' && <History page={page} view={view} />}
          {view.name === 'transfer' && <Transfer page={page} view={view} />}
        </div>
      </section>
    </>
  );
}
