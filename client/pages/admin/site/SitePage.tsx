import { formatEnquiryDate } from '../../../../shared/admin/dates.js';
import { SECTIONS, sectionPath, sectionTitle } from '../../../../shared/content/sections.js';
import { ADMIN_PATHS } from '../../../../shared/admin/paths.js';
import { ADMIN_TEXT, TRANSLATION_TEXT } from '../../../../shared/admin/texts.js';
import type { AdminSitePage, RevisionSummary, TransferView } from '../../../../shared/site-editor.js';
import { useContent } from '../../../context/site-context.js';
import { AdminHeading } from '../AdminShell.js';
import { ChangesTable } from './ChangesTable.js';
import { HistoryScreen } from './HistoryScreen.js';
import { Notice } from './Notice.js';
import { RestoreScreen } from './RestoreScreen.js';
import { SectionForm } from './SectionForm.js';
import { TranslationForm } from './TranslationForm.js';
import { TranslationsScreen } from './TranslationsScreen.js';
import { CertificateNotices } from '../CertificateNotices.js';

function Published({ revision, timeZone }: { revision: RevisionSummary; timeZone: string }) {
  return (
    <p className="field__hint">
      {`Published: version ${revision.id}, saved by ${revision.actor} on ${formatEnquiryDate(revision.createdAt, timeZone)}.`}
    </p>
  );
}

function Overview({ page }: { page: AdminSitePage }) {
  const content = useContent();
  return (
    <>
      <Notice message={page.message} />
      <Published revision={page.revision} timeZone={page.timeZone} />
      <CertificateNotices now={page.now} timeZone={page.timeZone} />
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
        </a>{' '}
        <a href={ADMIN_PATHS.siteTranslations} className="button button--ghost">
          {TRANSLATION_TEXT.title}
        </a>
      </p>
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
          {ADMIN_TEXT.downloadContent}
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
              <ChangesTable changes={view.preview.changes} label="What the import changes" after="After the import" />
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
                {view.name === 'translation' && (
                  <li>
                    <a href={ADMIN_PATHS.siteTranslations}>{TRANSLATION_TEXT.title}</a>
                  </li>
                )}
                {view.name === 'restore' && (
                  <li>
                    <a href={ADMIN_PATHS.siteHistory}>History</a>
                  </li>
                )}
              </ol>
            </nav>
          )}
          {view.name === 'overview' && <Overview page={page} />}
          {view.name === 'section' && <SectionForm page={page} view={view} />}
          {view.name === 'history' && <HistoryScreen page={page} view={view} />}
          {view.name === 'restore' && <RestoreScreen page={page} view={view} />}
          {view.name === 'transfer' && <Transfer page={page} view={view} />}
          {view.name === 'translations' && <TranslationsScreen page={page} view={view} />}
          {view.name === 'translation' && <TranslationForm page={page} view={view} />}
        </div>
      </section>
    </>
  );
}
