import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { OffSiteCopies } from '../../off-site/off-site-copies.js';
import { answersJson } from '../../platform/http/negotiation.js';

/**
 * GET /admin/api/backups: the off-site copies' state as JSON (never a key or a password).
 * POST /admin/backups/drill: a restore drill now (CSRF-checked by the admin scope); with JSON asked
 * for, its result; else 303 to the Security screen, whose Backups card shows it. 409 when no copies are made.
 */
export default async function backupRoutes(
  admin: FastifyInstance,
  options: { offSite: OffSiteCopies; now: () => number },
): Promise<void> {
  admin.get(ADMIN_PATHS.backups, { config: { access: 'unauthorized' } }, async () => ({
    now: options.now(),
    ...options.offSite.status(),
  }));
  admin.post(ADMIN_PATHS.backupDrill, async (request, reply) => {
    const drill = options.offSite.runDrill();
    if (!drill) return reply.code(409).send({ message: 'No off-site copies are made: set BACKUP_TARGET.' });
    const result = await drill;
    if (answersJson(request, 'json-body-or-accept')) return result;
    return reply.redirect(`${ADMIN_PATHS.security}?done=drill#backups`, 303);
  });
}
