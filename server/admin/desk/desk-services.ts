import type { AuditAction, AuditLog } from '../../platform/db/audit-log.js';
import type { EnquiryStore, Removed } from '../../enquiries/enquiry-store.js';
import type { PageRenderer } from '../../pages/page-renderer.js';
import type { SiteContentService } from '../../site-content/site-content.js';
import type { StorageMonitor } from '../../platform/storage/storage-monitor.js';
import type { DrawingFiles } from '../../enquiries/drawings/drawing-files.js';

/** What the admin's feature plugins work with (each takes what it needs). */
export interface DeskServices {
  store: EnquiryStore;
  audit: AuditLog;
  storage: StorageMonitor;
  drawings: DrawingFiles;
  pages: PageRenderer;
  /** The published content (the products' names label enquiries). */
  content: SiteContentService;
  /** The site's time zone: dates are shown in it. */
  timeZone: string;
}

/**
 * Deletes enquiries for good the one way the desk does it: `remove` deletes the rows, and each
 * enquiry it deleted gets its audit line, in one transaction; then their drawing files go.
 */
export async function deleteForGood(
  { storage, audit, drawings }: Pick<DeskServices, 'storage' | 'audit' | 'drawings'>,
  actor: string,
  action: AuditAction,
  remove: () => Removed,
): Promise<Removed> {
  const removed = storage.write(() => {
    const done = remove();
    for (const id of done.ids) audit.record(actor, action, id);
    return done;
  });
  await drawings.remove(removed.files);
  return removed;
}
