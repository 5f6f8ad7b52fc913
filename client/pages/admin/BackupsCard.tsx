import type { CopyState, OffSiteStatus } from '../../../shared/admin/backups.js';
import { formatEnquiryDate } from '../../../shared/admin/dates.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { timeSince } from './ThreadState.js';

/** "0.4 MB", "213 MB": one decimal below 10 MB. */
function megabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** "At the target (encrypted): the database's copies take 0.2 MB, the files' copies take 213 MB (each file once)." */
function sizeAtTarget({ databaseSizeBytes, filesSizeBytes }: OffSiteStatus): string {
  const sizes = [
    databaseSizeBytes !== null && `the database's copies take ${megabytes(databaseSizeBytes)}`,
    filesSizeBytes !== null && `the files' copies take ${megabytes(filesSizeBytes)} (each file once)`,
  ].filter(Boolean);
  return `At the target (encrypted): ${sizes.join(', ')}.`;
}

/** One kind of copy: when it last landed off the machine, and whether it is behind (and why). */
function CopyLine({ what, state, now, timeZone }: { what: string; state: CopyState; now: number; timeZone: string }) {
  const last =
    state.lastCopyAt === null
      ? 'not copied yet'
      : `last copied ${formatEnquiryDate(new Date(state.lastCopyAt).toISOString(), timeZone)}`;
  return (
    <li>
      <strong>{what}:</strong> {last}
      {state.behindSince === null ? (
        state.lastCopyAt !== null && ', up to date.'
      ) : (
        <span className="backups__behind">{`, ${timeSince(new Date(state.behindSince).toISOString(), new Date(now))} behind.`}</span>
      )}
      {state.lastError && (
        <details className="backups__details">
          <summary>Details</summary>
          <p>{state.lastError}</p>
        </details>
      )}
    </li>
  );
}

/**
 * The Backups card (issue 41): where copies go (never a key), how far behind each kind is, the last
 * restore drill and a button to run one now (a plain form). Without BACKUP_TARGET it says plainly
 * that there is no off-site copy.
 */
export function BackupsCard({
  backups,
  now,
  timeZone,
  csrfToken,
}: {
  backups: OffSiteStatus;
  now: number;
  timeZone: string;
  csrfToken: string;
}) {
  const { drill } = backups;
  return (
    <div className="card card--padded" id="backups">
      <h2>Backups</h2>
      {backups.target === null ? (
        <p className="notice notice--error">
          There is no off-site copy: if this server is lost, its enquiries are lost with it. Set BACKUP_TARGET (see
          docs/backup.md) to copy them to another place as they arrive.
        </p>
      ) : (
        <>
          <p>
            Copies go to <code>{backups.target}</code>, encrypted before they leave this server.
          </p>
          {backups.problem && (
            <p className="notice notice--error" role="alert">
              {`No copies are being made: ${backups.problem}`}
            </p>
          )}
          <ul className="backups__copies">
            <CopyLine what="Enquiries and settings" state={backups.database} now={now} timeZone={timeZone} />
            <CopyLine what="Drawings, photos and files" state={backups.files} now={now} timeZone={timeZone} />
          </ul>
          {(backups.databaseSizeBytes !== null || backups.filesSizeBytes !== null) && <p>{sizeAtTarget(backups)}</p>}
          <h3>Restore drill</h3>
          <p>
            Every day the latest copy is restored into a spare folder and checked against the live site.{' '}
            {drill.last === null
              ? 'No drill has run yet.'
              : `The last one ran ${formatEnquiryDate(new Date(drill.last.ranAt).toISOString(), timeZone)}: ${drill.last.ok ? 'it passed' : 'it FAILED'}.`}
          </p>
          {drill.last && (
            <p className={drill.last.ok ? 'backups__drill' : 'notice notice--error'}>{drill.last.detail}</p>
          )}
          {drill.missing && (
            <p className="notice notice--error">
              No drill has run for more than a day: run one now, and check the log.
            </p>
          )}
          <form method="post" action={ADMIN_PATHS.backupDrill}>
            <input type="hidden" name="_csrf" value={csrfToken} />
            <button type="submit" className="button button--ghost">
              Run a restore drill now
            </button>
          </form>
        </>
      )}
    </div>
  );
}
