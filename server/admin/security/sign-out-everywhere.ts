import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '../../../shared/admin/paths.js';
import type { AuditLog } from '../../platform/db/audit-log.js';
import type { DB } from '../../platform/db/open-database.js';
import { signOut } from '../auth/admin-session.js';

/**
 * "Sign out everywhere" (a plain form on the Security screen): every session of the admin ends, this
 * browser's too, written to the audit log in the same transaction; then the sign-in form. For an owner
 * who fears a session was stolen: the thief's cookie no longer signs in. It asks no confirmation (it
 * only ever takes access away).
 */
export function registerSignOutEverywhere(admin: FastifyInstance, { db, audit }: { db: DB; audit: AuditLog }) {
  const endEverySession = db.prepare('DELETE FROM sessions');
  // A request already under way may write its session back after the delete: moving the account's
  // credentials time on ends such a session at its next request, as a new password does (admin-session.ts).
  const sessionsFromBeforeEnd = db.prepare('UPDATE admin_users SET updated_at = ?');
  admin.post(ADMIN_PATHS.securitySignOutEverywhere, { config: { access: 'redirect' } }, async (request, reply) => {
    const email = request.adminAccount!.email;
    const ended = db.transaction(() => {
      const count = endEverySession.run().changes;
      sessionsFromBeforeEnd.run(new Date().toISOString());
      audit.record(email, 'signed out everywhere', null, `${count} ${count === 1 ? 'session' : 'sessions'} ended`);
      return count;
    })();
    request.log.info({ sessions: ended }, 'admin signed out everywhere');
    await signOut(request, reply);
    return reply.redirect(ADMIN_PATHS.desk, 303);
  });
}
