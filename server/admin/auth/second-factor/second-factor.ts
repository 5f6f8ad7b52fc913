import type { AuditAction } from '../../../platform/db/audit-log.js';
import type { DB } from '../../../platform/db/open-database.js';
import type { Authenticator } from './authenticator.js';
import type { Passkeys } from './passkeys.js';
import type { RecoveryCodes } from './recovery-codes.js';

/** The ways past the password: authenticator codes, passkeys, and the recovery codes for when they are lost. */
export interface SecondFactor {
  authenticator: Authenticator;
  passkeys: Passkeys;
  recoveryCodes: RecoveryCodes;
}

/** What the account has on: a right password alone no longer signs in while either is. */
export const factorsOf = ({ authenticator, passkeys }: SecondFactor, accountId: number) => ({
  authenticator: authenticator.isOn(accountId),
  passkeys: passkeys.count(accountId) > 0,
});

/** The sign-in form's step after a right password: the account's ways past it. */
export const codeStepOf = (factors: SecondFactor, account: { id: number; email: string }) => ({
  email: account.email,
  step: 'code' as const,
  factors: factorsOf(factors, account.id),
});

/** Authenticator codes on, or at least one passkey. */
export const secondFactorOn = (factors: SecondFactor, accountId: number): boolean => {
  const on = factorsOf(factors, accountId);
  return on.authenticator || on.passkeys;
};

/** What a factor's last change left: the recovery codes go when no factor is left to recover. */
export function afterFactorRemoved(factors: SecondFactor, accountId: number): void {
  if (!secondFactorOn(factors, accountId)) factors.recoveryCodes.removeAll(accountId);
}

/**
 * For the owner who has lost the phone, every passkey and every recovery code (npm run
 * admin:password, on the server itself): authenticator codes off, every passkey and the recovery
 * codes gone, written to the audit log in the same transaction. Returns false when no factor was on.
 */
export function turnOffSecondFactor(db: DB, actor: string, how: string, at = new Date()): boolean {
  const record = db.prepare('INSERT INTO audit_log (at, actor, action, enquiry_id, detail) VALUES (?, ?, ?, NULL, ?)');
  return db.transaction(() => {
    const codes = db
      .prepare('UPDATE admin_users SET totp_secret = NULL, totp_step = 0 WHERE totp_secret IS NOT NULL')
      .run().changes;
    const passkeys = db.prepare('DELETE FROM admin_passkeys').run().changes;
    if (codes === 0 && passkeys === 0) return false;
    db.prepare('DELETE FROM admin_recovery_codes').run();
    if (codes > 0) record.run(at.toISOString(), actor, 'authenticator codes turned off' satisfies AuditAction, how);
    if (passkeys > 0)
      record.run(
        at.toISOString(),
        actor,
        'passkey removed' satisfies AuditAction,
        `every passkey (${passkeys}), ${how}`,
      );
    return true;
  })();
}

/** Which factors are on, in words: "Authenticator codes", "Passkeys", or both (for the command's question). */
export function factorsOnInWords(db: DB): string | null {
  const codes = db.prepare('SELECT count(*) FROM admin_users WHERE totp_secret IS NOT NULL').pluck().get() !== 0;
  const passkeys = db.prepare('SELECT count(*) FROM admin_passkeys').pluck().get() !== 0;
  if (codes && passkeys) return 'Authenticator codes and passkeys';
  return codes ? 'Authenticator codes' : passkeys ? 'Passkeys' : null;
}
