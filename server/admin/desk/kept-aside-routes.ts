import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import { KEPT_ASIDE_TEXT, keptAsideAttached, keptAsideDiscarded } from '../../../shared/admin/texts.js';
import type { KeptAside } from '../../enquiries/mailbox/kept-aside.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import { answer } from './desk-answer.js';

interface KeptAsideBody {
  action: 'attach' | 'discard';
  back?: unknown;
}

const keptAsideParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1 }, kept: { type: 'integer', minimum: 1 } },
  required: ['id', 'kept'],
} as const;
const keptAsideBody = {
  type: 'object',
  properties: { action: { enum: ['attach', 'discard'] }, back: { type: 'string' } },
  required: ['action'],
} as const;

export interface KeptAsideRouteOptions {
  keptAside: KeptAside;
  audit: AuditLog;
}

/**
 * POST /admin/enquiries/:id/kept-aside/:kept: a message kept aside for the enquiry joins its thread as
 * received from its sender ("Attach to #n"), or is discarded. Either is audit-logged in the same write.
 * A message attached or discarded already (a second tab, a resent form) changes nothing and says so.
 */
export function keptAsideRoutes(admin: FastifyInstance, { keptAside, audit }: KeptAsideRouteOptions) {
  admin.post<{ Params: { id: number; kept: number }; Body: KeptAsideBody }>(
    ADMIN_PATHS.keptAside,
    { schema: { params: keptAsideParams, body: keptAsideBody } },
    (request, reply) => {
      const { id, kept } = request.params;
      const who = request.adminAccount!.email;
      const attach = request.body.action === 'attach';
      const taken = attach
        ? keptAside.attach(kept, id, () => audit.record(who, 'mail attached to the thread', id))
        : keptAside.discard(kept, id, () => audit.record(who, 'mail discarded', id));
      const message = !taken
        ? KEPT_ASIDE_TEXT.gone
        : attach
          ? keptAsideAttached(taken.sender, id)
          : keptAsideDiscarded(taken.sender);
      return answer(request, reply, { message, undo: null }, [id]);
    },
  );
}
