import type { FastifyInstance } from 'fastify';
import { RISKY_ACTIONS } from '../../../shared/admin/confirm.js';
import type { BulkAction, EnquiryAction } from '../../../shared/admin/desk.js';
import { doneWith } from '../../../shared/admin/done.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { DeskActions } from './desk-actions.js';
import { answer, undoing } from './desk-answer.js';
import { actionParams, bulkBody, idParam } from './desk-schemas.js';

/** The spec's Delete: the enquiry moves to Trash (restored from there, or deleted permanently). */
export function deleteRoutes(admin: FastifyInstance, { act }: DeskActions) {
  admin.delete<{ Params: { id: number } }>(
    ADMIN_PATHS.enquiry,
    { schema: { params: idParam }, config: { access: 'unauthorized' } },
    async (request, reply) => {
      if (!(await act(request, request.params.id, 'trash')))
        return reply.code(404).send({ error: 'Not Found', message: 'No such enquiry.' });
      return reply.code(204).send();
    },
  );
}

/** Bulk actions on the ticked rows (the form's "id" fields, or a JSON list). */
export function bulkRoutes(admin: FastifyInstance, { actOnMany }: DeskActions) {
  admin.post<{ Body: { action: BulkAction; id?: number[]; back?: unknown; undo?: unknown } }>(
    ADMIN_PATHS.bulk,
    {
      schema: { body: bulkBody },
      config: {
        risky: (request) =>
          (request.body as { action?: unknown }).action === 'purge' ? { what: RISKY_ACTIONS.purgeMany } : null,
      },
    },
    async (request, reply) => {
      const { action, id: ids = [] } = request.body;
      if (ids.length === 0)
        return answer(request, reply, { message: 'Select one or more enquiries first.', undo: null }, []);
      const changed = await actOnMany(request, ids, action);
      // Back at the one row acted on (a bulk action on several returns to the list as it was).
      return answer(request, reply, doneWith(action, changed, undoing(request.body)), ids.length === 1 ? ids : [], {
        changed,
      });
    },
  );
}

/** Every other action on one enquiry (read, star, spam, Trash …). */
export function actionRoutes(admin: FastifyInstance, { act, exists }: DeskActions) {
  admin.post<{ Params: { id: number; action: EnquiryAction }; Body: { back?: unknown; undo?: unknown } }>(
    ADMIN_PATHS.action,
    {
      schema: { params: actionParams },
      config: {
        risky: (request) =>
          (request.params as { action?: unknown }).action === 'purge' ? { what: RISKY_ACTIONS.purgeOne } : null,
      },
    },
    async (request, reply) => {
      const { id, action } = request.params;
      const changed = await act(request, id, action);
      // Nothing to do (already so, or changed meanwhile in another tab) is said; only a missing enquiry is 404.
      const done = changed || exists(id) ? doneWith(action, changed ? [id] : [], undoing(request.body)) : null;
      return answer(request, reply, done, [id]);
    },
  );
}
