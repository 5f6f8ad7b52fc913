import type { FastifyInstance } from 'fastify';
import type { AdminAuditPage } from '../../../shared/admin/audit.js';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { PageRenderer } from '../../pages/page-renderer.js';

const AUDIT_PAGE_SIZE = 100;

/** /admin/audit: the audit log as a simple list, newest first, page by page (?before=<id>). */
export default async function auditRoutes(
  admin: FastifyInstance,
  options: { audit: AuditLog; pages: PageRenderer; timeZone: string },
) {
  admin.get<{ Querystring: { before?: number } }>(
    ADMIN_PATHS.audit,
    {
      schema: { querystring: { type: 'object', properties: { before: { type: 'integer', minimum: 1 } } } },
      config: { access: 'redirect' },
    },
    async (request, reply) => {
      const data: AdminAuditPage = {
        ...reply.signedIn(),
        screen: 'audit',
        ...options.audit.list(AUDIT_PAGE_SIZE, request.query.before),
      };
      return options.pages.sendPrivate(reply, ADMIN_PATHS.audit, { admin: data });
    },
  );
}
