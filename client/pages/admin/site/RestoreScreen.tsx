import { ADMIN_PATHS, pathTo } from '../../../../shared/admin/paths.js';
import { findSection, sectionTitle } from '../../../../shared/content/sections.js';
import { describeChanges, type AdminSitePage, type RestoreView } from '../../../../shared/site-editor.js';
import { useContent } from '../../../context/site-context.js';
import { ChangesTable } from './ChangesTable.js';

/**
 * Restoring a version, or one section of it, before it is confirmed: "Restoring version 3 changes
 * 14 fields and 2 photos.", field by field, with Confirm (a plain form) and Cancel.
 */
export function RestoreScreen({ page, view }: { page: AdminSitePage; view: RestoreView }) {
  const content = useContent();
  const section = view.section ? findSection(view.section) : undefined;
  const what = section
    ? `${sectionTitle(section, content)} from version ${view.version.id}`
    : `version ${view.version.id}`;
  const nothing = view.changes.length === 0;
  return (
    <>
      <h2>{`Restore ${what}?`}</h2>
      <p className="restore-summary">
        {nothing
          ? `Restoring ${what} changes nothing: the site shows the same content now.`
          : `Restoring ${what} ${describeChanges(view.changes)}.`}
      </p>
      {!nothing && (
        <>
          <ChangesTable changes={view.changes} label={`What restoring ${what} changes`} after="After the restore" />
          <p className="field__hint">It is published as a new version: nothing in the history is lost.</p>
        </>
      )}
      <form method="post" action={pathTo(ADMIN_PATHS.siteRestore, { id: view.version.id })} className="site-tools">
        <input type="hidden" name="_csrf" value={page.csrfToken} />
        <input type="hidden" name="base" value={page.revision.id} />
        {view.section && <input type="hidden" name="section" value={view.section} />}
        {!nothing && (
          <button type="submit" className="button">
            Confirm: restore
          </button>
        )}{' '}
        <a href={ADMIN_PATHS.siteHistory} className="button button--ghost">
          Cancel
        </a>
      </form>
    </>
  );
}
