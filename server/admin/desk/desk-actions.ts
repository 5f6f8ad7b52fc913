import type { FastifyRequest } from 'fastify';
import { EVENT_OF_ACTION, type BulkAction, type EnquiryAction } from '../../../shared/admin/desk.js';
import type { NotificationQueue } from '../../enquiries/notifications/notification-queue.js';
import type { EnquiryEvents } from '../../enquiries/thread/enquiry-events.js';
import { deleteForGood, type DeskServices } from './desk-services.js';

const AUDITED: Partial<Record<BulkAction, 'moved to Trash' | 'restored'>> = {
  trash: 'moved to Trash',
  restore: 'restored',
};

/** The desk's actions on one or many enquiries, audit-logged and on the timeline where they must be. */
export function deskActions(
  options: Pick<DeskServices, 'store' | 'audit' | 'storage' | 'drawings'> & { notifications?: NotificationQueue },
  { events }: { events: EnquiryEvents },
) {
  const { store, audit, storage } = options;

  /** Deletes for good (only what is in Trash), audit-logged with the deletion; then their files. */
  const purge = async (request: FastifyRequest, ids: readonly number[]) => {
    const removed = await deleteForGood(options, request.adminAccount!.email, 'deleted permanently', () =>
      store.purge(ids, true),
    );
    if (removed.ids.length > 0)
      request.log.info({ enquiryIds: removed.ids, drawings: removed.files.length }, 'enquiries deleted permanently');
    return removed.ids;
  };

  /** An action on some enquiries, audit-logged where it must be; the ids it changed. */
  const actOnMany = async (request: FastifyRequest, ids: readonly number[], action: BulkAction): Promise<number[]> => {
    if (action === 'purge') return purge(request, ids);
    const audited = AUDITED[action];
    const event = EVENT_OF_ACTION[action];
    return storage.write(() => {
      const changed = store.markMany(ids, action);
      const who = request.adminAccount!.email;
      if (audited) for (const id of changed) audit.record(who, audited, id);
      if (event) for (const id of changed) events.record(id, who, event);
      return changed;
    });
  };

  const exists = (id: number) => store.get(id) !== undefined;

  /** One action on one enquiry; false when it changed nothing (no such enquiry, or already so). */
  const act = async (request: FastifyRequest, id: number, action: EnquiryAction): Promise<boolean> => {
    if (action === 'resend') return options.notifications?.resend(id) ?? false;
    if (action === 'star' || action === 'unstar') return store.mark(id, action);
    return (await actOnMany(request, [id], action)).length > 0;
  };

  return { actOnMany, exists, act };
}

export type DeskActions = ReturnType<typeof deskActions>;
